/**
 * Issue 23 item 1 (docs/decisions/176-personal-data-at-rest.md): after a start (`node server/main.ts`),
 * the data directory and everything in it is readable by its owner only, what an earlier version left
 * readable included, and what the server writes while it runs too (umask 0o077). A database of an
 * earlier version with personal data in clear is sealed at that start.
 */
import { chmodSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_KEYRING, keyIdOfText, openText } from '../../server/crypto/data-cipher';
import { openPgliteDatabase } from '../../server/db/pglite-database';
import { startSolisServer } from '../support/e2e-server';
import { pgliteTemplate } from '../support/pglite-template';
import { CREATE_REQUEST } from './support/payloads';

const scratch = mkdtempSync(path.join(tmpdir(), 'solis-modes-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function modesUnder(dir: string): { path: string; mode: number; directory: boolean }[] {
  const stat = statSync(dir);
  const own = { path: dir, mode: stat.mode & 0o777, directory: stat.isDirectory() };
  if (!stat.isDirectory()) return [own];
  return [own, ...readdirSync(dir).flatMap((entry) => modesUnder(path.join(dir, entry)))];
}

describe.skipIf(process.platform === 'win32')('the data directory after a start (issue 23)', () => {
  it('is 0700 with every file 0600, also what was world-readable before and what the server writes; clear rows are sealed', async () => {
    const dataDir = path.join(scratch, 'pgdata');
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    // An earlier version's database: a person in clear.
    const before = await openPgliteDatabase(dataDir);
    const [application] = await before.query<{ id: string }>(
      `insert into applications (external_id, owner_kind, owner_id, business_domain, product_name, data, process_state, task_key)
       values ('00000000-0000-4000-8000-000000000002', 'session', 'modes-test', 'retail-banking-ee', 'SMALL_LOAN', '{}', '{}', 'createApplicationStep') returning id::text as id`,
    );
    await before.query(`insert into persons (external_id, application_id, role, personal_code, declared_data) values ('p-2', $1, 'APPLICANT', '38001085718', '{"surname":"Maasikas"}')`, [application!.id]);
    await before.close();
    // What another umask or a copy left: readable by everyone.
    chmodSync(dataDir, 0o777);
    for (const entry of modesUnder(dataDir)) chmodSync(entry.path, entry.directory ? 0o777 : 0o666);

    const server = await startSolisServer({ dataDir });
    try {
      // Writes while it runs: new WAL, new relation files.
      const created = await fetch(`${server.url}/api/v1/application-process`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
        body: JSON.stringify(CREATE_REQUEST),
      });
      expect([201, 403]).toContain(created.status);
      const wrong = modesUnder(dataDir).filter((entry) => entry.mode !== (entry.directory ? 0o700 : 0o600));
      expect(wrong.map((entry) => `${path.relative(dataDir, entry.path) || '.'}: ${entry.mode.toString(8)}`)).toEqual([]);
      expect(server.log()).toMatch(/"msg":"personal data sealed under the current data key"/);
      expect(server.log()).not.toContain('38001085718');
    } finally {
      await server.stop();
    }
    const after = await openPgliteDatabase(dataDir);
    try {
      const [person] = await after.query<{ personal_code: string; declared_data: unknown; personal_code_hash: string | null }>(
        "select personal_code, declared_data, personal_code_hash from persons where external_id = 'p-2'",
      );
      expect(keyIdOfText(person!.personal_code)).toBe('dev');
      expect(openText('persons.personal_code', person!.personal_code, DEVELOPMENT_KEYRING)).toBe('38001085718');
      expect(JSON.stringify(person!.declared_data)).not.toContain('Maasikas');
      expect(person!.personal_code_hash).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await after.close();
    }
  }, 120_000);
});
