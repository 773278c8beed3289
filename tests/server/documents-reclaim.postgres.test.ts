import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication } from '../../server/applications/application-repository';
import type { Database } from '../../server/db/database';
import { reclaimDocuments } from '../../server/db/housekeeping';
import { migrate } from '../../server/db/migrate';
import { openPostgresDatabase } from '../../server/db/postgres-database';
import { insertDocument, removeDocument } from '../../server/uploads/document-repository';
import { startPostgres, type PostgresServer } from '../support/postgres';

/**
 * Issue 23 item 4 (decision 179) on PostgreSQL: housekeeping erases any removed document's content
 * still there, keeps its audit facts, and vacuums the documents table (autovacuum would get there
 * too, on its own schedule).
 */
let postgres: PostgresServer;
let db: Database;

beforeAll(async () => {
  postgres = await startPostgres();
  db = await openPostgresDatabase(postgres.databaseUrl);
  await migrate(db);
}, 60_000);
afterAll(async () => {
  await db?.close();
  await postgres?.stop();
});

async function stored(id: string): Promise<{ length: number; size: number; sha256: string; removed: boolean }> {
  const [row] = await db.query<{ length: number; size: number; sha256: string; removed: boolean }>(
    'select octet_length(content) as length, size, sha256, removed_at is not null as removed from documents where id = $1',
    [id],
  );
  if (!row) throw new Error(`no document ${id}`);
  return { ...row, length: Number(row.length) };
}

describe("removed documents' space on PostgreSQL", () => {
  it('erases what removal left, keeps size and SHA-256, and vacuums the documents table', async () => {
    const now = new Date();
    const application = await insertApplication(db, {
      externalId: randomUUID(),
      owner: { kind: 'session', id: 'reclaim-test' },
      businessDomain: 'retail-banking-ee',
      productName: 'SMALL_LOAN',
      data: {},
      processState: {},
      taskKey: 'uploadBankAccountStatementDocuments',
      now,
    });
    const document = (content: Uint8Array) => ({
      id: randomUUID(),
      applicationId: application.id,
      role: 'APPLICANT',
      purpose: 'BANK_STATEMENT',
      fileName: 'statement.pdf',
      size: content.byteLength,
      sha256: createHash('sha256').update(content).digest('hex'),
      detectedType: 'pdf',
      content,
      now,
    });
    const kept = document(new Uint8Array(randomBytes(256 * 1024)));
    const removedEarlier = document(new Uint8Array(randomBytes(256 * 1024)));
    const removedNow = document(new Uint8Array(randomBytes(256 * 1024)));
    for (const row of [kept, removedEarlier, removedNow]) await insertDocument(db, row);
    // A row removed by an older version, which left the content in place.
    await db.query('update documents set removed_at = $2 where id = $1', [removedEarlier.id, now]);
    expect(await removeDocument(db, application.id, 'APPLICANT', removedNow.id, now)).toBe(true);

    expect(await reclaimDocuments(db)).toBe(1);
    expect(await stored(removedEarlier.id)).toEqual({ length: 0, size: removedEarlier.size, sha256: removedEarlier.sha256, removed: true });
    expect(await stored(removedNow.id)).toEqual({ length: 0, size: removedNow.size, sha256: removedNow.sha256, removed: true });
    // Kept content stays, sealed (decision 176): its nonce, key id and tag besides the bytes.
    expect(await stored(kept.id)).toMatchObject({ size: kept.size, sha256: kept.sha256, removed: false });
    expect((await stored(kept.id)).length).toBeGreaterThan(kept.size);
    const [stats] = await db.query<{ vacuumed: boolean }>("select last_vacuum is not null as vacuumed from pg_stat_user_tables where relname = 'documents'");
    expect(stats?.vacuumed).toBe(true);
    expect(await reclaimDocuments(db)).toBe(0);
  }, 60_000);
});
