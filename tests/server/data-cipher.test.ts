/**
 * Issue 23 item 1 (docs/decisions/176-personal-data-at-rest.md): the cipher personal data is sealed
 * with at rest, its keys from configuration, and the start-up step that seals what is clear or under
 * a key rotated out of first place.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../server/config';
import {
  DEVELOPMENT_KEYRING,
  SealedValueError,
  keyIdOfBytes,
  keyIdOfText,
  lookupHash,
  openBytes,
  openJson,
  openText,
  sealBytes,
  sealJson,
  sealText,
  type DataKeyring,
} from '../../server/crypto/data-cipher';
import { readDataKeyring } from '../../server/crypto/data-keys.settings';
import { resealPersonalData } from '../../server/crypto/reseal';
import { STATEMENT_FINDINGS_SEALED } from '../../server/checks/statement-analysis';
import { personalCodeHash } from '../../server/applications/personal-code';
import { openTestDatabase, type TestDatabase } from '../support/pglite-template';
import { TEST_DATA_KEYS_ENV } from '../support/data-keys';
import { freshSecret } from './support/secrets';

const key = () => randomBytes(32);
const OLD: DataKeyring = { keys: [{ id: 'old', key: key() }], hashKey: key() };
/** After rotation: the new key first (it seals), the old one still listed (it opens). */
const ROTATED: DataKeyring = { keys: [{ id: 'new', key: key() }, OLD.keys[0]!], hashKey: OLD.hashKey };
const PLACE = 'persons.personal_code';

function flipped(envelope: string, part: 2 | 3): string {
  const parts = envelope.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0] = bytes[0]! ^ 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('the cipher (AES-256-GCM, a key id beside each value)', () => {
  it('seals text, JSON and bytes as v1.<kid>.<nonce>.<ciphertext+tag>, a fresh nonce each time, and opens them', () => {
    const sealed = sealText(PLACE, '38001085718', OLD);
    expect(sealed).toMatch(/^v1\.old\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('38001085718');
    expect(sealText(PLACE, '38001085718', OLD)).not.toBe(sealed);
    expect(keyIdOfText(sealed)).toBe('old');
    expect(openText(PLACE, sealed, OLD)).toBe('38001085718');
    const json = { firstName: 'Mari', phone: { code: '+372', number: '51234567' } };
    expect(openJson('drafts.data', sealJson('drafts.data', json, OLD), OLD)).toEqual(json);
    const pdf = new TextEncoder().encode('%PDF-1.7 Mari Maasikas 38001085718');
    const bytes = sealBytes('documents.content', pdf, OLD);
    expect(Buffer.from(bytes).subarray(0, 7).toString('latin1')).toBe('v1.old.');
    expect(Buffer.from(bytes).includes(Buffer.from('Maasikas'))).toBe(false);
    expect(keyIdOfBytes(bytes)).toBe('old');
    expect(Buffer.from(openBytes('documents.content', bytes, OLD)).equals(Buffer.from(pdf))).toBe(true);
  });

  it('refuses a value altered anywhere: nonce, ciphertext or tag, text or bytes', () => {
    const sealed = sealText(PLACE, '38001085718', OLD);
    expect(() => openText(PLACE, flipped(sealed, 2), OLD)).toThrow(SealedValueError);
    expect(() => openText(PLACE, flipped(sealed, 3), OLD)).toThrow(SealedValueError);
    const tagCut = sealed.slice(0, -4);
    expect(() => openText(PLACE, tagCut, OLD)).toThrow(SealedValueError);
    const bytes = Buffer.from(sealBytes('documents.content', new Uint8Array([1, 2, 3]), OLD));
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0x80;
    expect(() => openBytes('documents.content', bytes, OLD)).toThrow(SealedValueError);
  });

  it('refuses a value moved to another column (the place is authenticated data)', () => {
    const sealed = sealText('persons.personal_code', '38001085718', OLD);
    expect(() => openText('documents.file_name', sealed, OLD)).toThrow(SealedValueError);
  });

  it('refuses a key id that is not configured, and a configured id whose key is another', () => {
    const sealed = sealText(PLACE, '38001085718', OLD);
    expect(() => openText(PLACE, sealed, DEVELOPMENT_KEYRING)).toThrow(/sealed under key "old", which is not configured/);
    const renamed = sealed.replace(/^v1\.old\./, 'v1.dev.');
    expect(() => openText(PLACE, renamed, DEVELOPMENT_KEYRING)).toThrow(SealedValueError);
    const impostor: DataKeyring = { keys: [{ id: 'old', key: key() }], hashKey: key() };
    expect(() => openText(PLACE, sealed, impostor)).toThrow(SealedValueError);
  });

  it('rotation: a value sealed under the old key opens with the new keyring and is sealed again under the new key', () => {
    const sealed = sealText(PLACE, '38001085718', OLD);
    expect(openText(PLACE, sealed, ROTATED)).toBe('38001085718');
    const again = sealText(PLACE, openText(PLACE, sealed, ROTATED), ROTATED);
    expect(keyIdOfText(again)).toBe('new');
    // Once the old key is retired, only what was sealed again opens.
    const retired: DataKeyring = { keys: [ROTATED.keys[0]!], hashKey: ROTATED.hashKey };
    expect(openText(PLACE, again, retired)).toBe('38001085718');
    expect(() => openText(PLACE, sealed, retired)).toThrow(SealedValueError);
  });

  it('the look-up hash is keyed: the same code gives the same hash under one key, another under another key', () => {
    expect(personalCodeHash('380010-85718', OLD)).toBe(personalCodeHash('38001085718', OLD));
    expect(personalCodeHash('38001085718', OLD)).not.toBe(personalCodeHash('38001085718', DEVELOPMENT_KEYRING));
    expect(lookupHash('personal-code', '38001085718', OLD)).toMatch(/^[0-9a-f]{64}$/);
    expect(lookupHash('personal-code', '38001085718', OLD)).not.toContain('38001085718');
  });
});

describe('the data keys in configuration (DATA_KEYS, DATA_HASH_KEY)', () => {
  const secret = freshSecret();
  const base64 = () => randomBytes(32).toString('base64');

  it('production without them refuses to start, naming the variable', () => {
    expect(() => loadConfig({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: secret })).toThrow(/^Invalid configuration: DATA_KEYS is required in production/);
    expect(() => loadConfig({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: secret, DATA_KEYS: `k1:${base64()}` })).toThrow(/^Invalid configuration: DATA_HASH_KEY is required/);
  });

  it('refuses a key that is not 32 bytes, a hash key under 32 bytes, a bad key id, a repeated id and the public development keys in production', () => {
    const read = (env: Record<string, string>, mode: 'production' | 'test' = 'production') => () => readDataKeyring({ DATA_HASH_KEY: base64(), ...env }, mode);
    expect(read({ DATA_KEYS: `k1:${randomBytes(16).toString('base64')}` })).toThrow(/DATA_KEYS key "k1" is 16 bytes long; each key must be 32/);
    expect(read({ DATA_KEYS: `k1:${base64()}`, DATA_HASH_KEY: randomBytes(16).toString('base64') })).toThrow(/DATA_HASH_KEY is 16 bytes long/);
    expect(read({ DATA_KEYS: `k.1:${base64()}` })).toThrow(/key id 1 to 16 letters or digits/);
    expect(read({ DATA_KEYS: base64() })).toThrow(ConfigError);
    expect(read({ DATA_KEYS: `k1:${base64()},k1:${base64()}` })).toThrow(/names the key id "k1" twice/);
    expect(read({ DATA_KEYS: `dev:${DEVELOPMENT_KEYRING.keys[0]!.key.toString('base64')}` })).toThrow(/contains the public development key/);
    expect(read({ DATA_KEYS: `k1:${base64()}`, DATA_HASH_KEY: DEVELOPMENT_KEYRING.hashKey.toString('base64') })).toThrow(/DATA_HASH_KEY is the public development key/);
  });

  it('refuses outside test mode a key once written in the project and a weak hash key (decision 177)', () => {
    // The tests' fixed keys of an earlier version, published in the project's history.
    const published = 'test1:dGVzdHMtb25seS1kYXRhLWtleS1ub3QtZm9yLXVzZSE=';
    for (const mode of ['production', 'demonstration'] as const) {
      expect(() => readDataKeyring({ DATA_KEYS: published, DATA_HASH_KEY: base64() }, mode)).toThrow(/DATA_KEYS contains a key published in the Solis project/);
      expect(() => readDataKeyring({ DATA_KEYS: `k9:${published.slice(6)}`, DATA_HASH_KEY: base64() }, mode)).toThrow(/DATA_KEYS contains a key published/);
      expect(() => readDataKeyring({ DATA_KEYS: `k1:${base64()}`, DATA_HASH_KEY: Buffer.from('a'.repeat(48)).toString('base64') }, mode)).toThrow(/DATA_HASH_KEY is too easy to guess/);
    }
    expect(readDataKeyring({ DATA_KEYS: published, DATA_HASH_KEY: base64() }, 'test').keys[0]!.id).toBe('test1');
  });

  it('reads the keys in order (the first seals); test mode and a demonstration without them use the development keys', () => {
    const [a, b] = [base64(), base64()];
    const config = loadConfig({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: secret, DATA_KEYS: `k2:${a}, k1:${b}`, DATA_HASH_KEY: base64() });
    expect(config.dataKeys.keys.map((entry) => entry.id)).toEqual(['k2', 'k1']);
    expect(config.dataKeys.keys[0]!.key.equals(Buffer.from(a, 'base64'))).toBe(true);
    expect(loadConfig({ SOLIS_MODE: 'test' }).dataKeys).toBe(DEVELOPMENT_KEYRING);
    expect(loadConfig({ EMBED_TOKEN_SECRET: secret }).dataKeys).toBe(DEVELOPMENT_KEYRING);
    expect(loadConfig({ SOLIS_MODE: 'test', ...TEST_DATA_KEYS_ENV }).dataKeys.keys[0]!.id).toBe('test1');
  });
});

describe('sealing at start: rows from before sealing, and rows under a rotated key', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  it('seals clear rows under the current key and fills the look-up hash; after a rotation, seals the old key\'s rows again', async () => {
    const db = database.db;
    const [application] = await db.query<{ id: string }>(
      `insert into applications (external_id, owner_kind, owner_id, business_domain, product_name, data, process_state, task_key)
       values ('00000000-0000-4000-8000-000000000001', 'session', 'reseal-test', 'retail-banking-ee', 'SMALL_LOAN',
               '{"creditConditions":{"loanAmount":5000},"statementAnalysis":{"status":"ANSWERED","persons":[{"role":"APPLICANT","incomeSources":[{"name":"Maasikas Landlord"}]}]}}', '{}', 'createApplicationStep')
       returning id::text as id`,
    );
    const id = application!.id;
    // As an earlier version wrote them: in clear.
    await db.query(
      `insert into persons (external_id, application_id, role, personal_code, declared_data, consents) values ('p-1', $1, 'APPLICANT', '38001085718', '{"surname":"Maasikas","email":"mari@example.com"}', '{"marketing":true}')`,
      [id],
    );
    await db.query(`insert into drafts (application_id, task_key, version, data, role) values ($1, 'createApplicationStep', 1, '{"surname":"Maasikas"}', 'APPLICANT')`, [id]);
    await db.query(
      `insert into documents (id, application_id, role, purpose, file_name, size, sha256, detected_type, content, created_at) values ('d-1', $1, 'APPLICANT', 'BANK_STATEMENT', 'Maasikas.pdf', 3, 'x', 'pdf', '\\x4d6d4d'::bytea, now())`,
      [id],
    );
    const dump = async () =>
      (
        await db.query<{ row: string }>(
          "select (select string_agg(t::text, ' ') from persons t) || (select string_agg(t::text, ' ') from drafts t) || (select string_agg(t::text, ' ') from documents t) || (select string_agg(t::text, ' ') from applications t) as row",
        )
      )[0]!.row;
    expect(await dump()).toContain('Maasikas');

    const first = await resealPersonalData(db, OLD);
    expect(first).toMatchObject({ hashed: 1, sealed: { 'persons.personal_code': 1, 'persons.declared_data': 1, 'persons.consents': 1, 'drafts.data': 1, 'documents.file_name': 1, 'documents.content': 1, 'applications.data.statementAnalysis.persons': 1 } });
    const [stored] = await db.query<{ data: { creditConditions: unknown; statementAnalysis: { status: string; persons: unknown } } }>('select data from applications');
    expect(stored!.data.creditConditions).toEqual({ loanAmount: 5000 });
    expect(stored!.data.statementAnalysis.status).toBe('ANSWERED');
    expect(openJson(STATEMENT_FINDINGS_SEALED, stored!.data.statementAnalysis.persons, OLD)).toEqual([{ role: 'APPLICANT', incomeSources: [{ name: 'Maasikas Landlord' }] }]);
    expect(await dump()).not.toMatch(/Maasikas|38001085718|mari@example/);
    const [person] = await db.query<{ personal_code: string; declared_data: unknown; personal_code_hash: string }>('select personal_code, declared_data, personal_code_hash from persons');
    expect(keyIdOfText(person!.personal_code)).toBe('old');
    expect(person!.personal_code_hash).toBe(personalCodeHash('38001085718', OLD));
    expect(openJson('persons.declared_data', person!.declared_data, OLD)).toEqual({ surname: 'Maasikas', email: 'mari@example.com' });
    // Nothing left to do: a second start reads nothing personal.
    expect(await resealPersonalData(db, OLD)).toEqual({ hashed: 0, sealed: {} });

    const rotated = await resealPersonalData(db, ROTATED);
    expect(rotated.sealed).toMatchObject({ 'persons.personal_code': 1, 'drafts.data': 1, 'documents.content': 1, 'applications.data.statementAnalysis.persons': 1 });
    const [after] = await db.query<{ personal_code: string }>('select personal_code from persons');
    expect(keyIdOfText(after!.personal_code)).toBe('new');
    expect(openText('persons.personal_code', after!.personal_code, { keys: [ROTATED.keys[0]!], hashKey: ROTATED.hashKey })).toBe('38001085718');
    const [document] = await db.query<{ content: Uint8Array; file_name: string }>('select content, file_name from documents');
    expect(keyIdOfBytes(document!.content)).toBe('new');
    expect(Buffer.from(openBytes('documents.content', document!.content, ROTATED)).toString()).toBe('MmM');

    // A key missing from DATA_KEYS stops the start rather than leaving data nobody can open.
    await expect(resealPersonalData(db, DEVELOPMENT_KEYRING)).rejects.toThrow(/persons.personal_code holds a value that does not open with DATA_KEYS/);
  });
});
