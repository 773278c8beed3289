import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database } from './database';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant shared by every Solis process: the advisory lock that serialises migrators. */
const MIGRATION_LOCK_KEY = 740_531_001;

export interface Migration {
  version: string;
  sql: string;
}

/** `NNN_name.sql` files in order; the file name (without `.sql`) is the recorded version. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), sql: readFileSync(path.join(dir, file), 'utf8') }));
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, all in one transaction under a
 * transaction-scoped advisory lock: when two processes start at once, the second waits for the
 * first to commit and then finds nothing left to do.
 */
export async function migrate(db: Database, migrations: readonly Migration[] = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const applied = new Set((await tx.query<{ version: string }>('select version from schema_migrations')).map((row) => row.version));
    const pending = migrations.filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [migration.version]);
    }
    return pending.map((migration) => migration.version);
  });
}
