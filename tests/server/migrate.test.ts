import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../server/db/migrate';
import { openTestDatabase, type TestDatabase } from '../support/pglite-template';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe('migrations', () => {
  it('are numbered SQL files applied in order and recorded once', async () => {
    const versions = readMigrations().map((migration) => migration.version);
    expect(versions).toEqual([...versions].sort());
    expect(versions[0]).toBe('001_init');
    const recorded = await database.db.query<{ version: string }>('select version from schema_migrations order by version');
    expect(recorded.map((row) => row.version)).toEqual(versions);
  });

  it('apply nothing the second time, even when two migrators run at once', async () => {
    const results = await Promise.all([migrate(database.db), migrate(database.db)]);
    expect(results).toEqual([[], []]);
  });

  it('roll back a failing migration completely', async () => {
    const broken = [...readMigrations(), { version: '999_broken', sql: 'create table half_done (id int); select no_such_function();' }];
    await expect(migrate(database.db, broken)).rejects.toThrow();
    const tables = await database.db.query<{ name: string }>("select to_regclass('half_done')::text as name");
    expect(tables[0]?.name).toBeNull();
    const recorded = await database.db.query<{ version: string }>("select version from schema_migrations where version = '999_broken'");
    expect(recorded).toEqual([]);
  });
});
