/**
 * Issue 23 (docs/decisions/176-personal-data-at-rest.md): personal data is sealed before it reaches
 * the database, with AES-256-GCM from Node's `crypto` (a random 96-bit nonce per value, the 128-bit
 * tag checked on open) under a key from configuration (`DATA_KEYS`). Every sealed value names the
 * key it was sealed with, so keys can rotate: the first key seals, every listed key opens.
 *
 * Envelopes:
 * - text (and JSON, sealed as its text): `v1.<kid>.<nonce>.<ciphertext+tag>`, base64url parts;
 * - bytes: the ASCII prefix `v1.<kid>.`, then the 12-byte nonce, the ciphertext and the 16-byte tag.
 * The additional authenticated data is the value's place (`table.column`), so a sealed value copied
 * into another column does not open there.
 *
 * Look-ups that need equality (the same personal code in another application) compare a keyed hash
 * (HMAC-SHA-256 under `DATA_HASH_KEY`, a key of its own): the SQL compares hashes, never clear text.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export const ENVELOPE_VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;
export const MIN_HASH_KEY_BYTES = 32;
/** A key id: short, and safe inside the envelope and a SQL `like` pattern. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9]{1,16}$/;

export interface DataKey {
  id: string;
  key: Buffer;
}

/** The keys of one configuration: `keys[0]` seals, every key opens; `hashKey` keys the look-up hashes. */
export interface DataKeyring {
  keys: readonly DataKey[];
  hashKey: Buffer;
}

/** A value that cannot be opened: tampered with, sealed for another place, or under a key not configured. */
export class SealedValueError extends Error {
  override readonly name = 'SealedValueError';
}

/**
 * The public development keys of test mode (and of a demonstration started without `npm start`'s
 * installation keys). Written here, so never for production: configuration refuses them there.
 */
export const DEVELOPMENT_KEYRING: DataKeyring = {
  keys: [{ id: 'dev', key: Buffer.from('c29saXMtZGV2ZWxvcG1lbnQtZGF0YS1rZXktMzJieXQ=', 'base64') }],
  hashKey: Buffer.from('c29saXMtZGV2ZWxvcG1lbnQtbG9va3VwLWhhc2gta2V5', 'base64'),
};

let installed: DataKeyring = DEVELOPMENT_KEYRING;
let configured = false;

/**
 * The keyring the repositories seal and open with: the configuration's, installed at start
 * (`createApp`). A server serves one configuration; until one is installed (a unit test of a
 * repository), the development keys. A process that builds apps of several configurations on one
 * database (tests) seals and hashes with the last one installed and still opens with the keys of
 * those before (a key id names one key: a later configuration's key of the same id wins).
 */
export function installDataKeyring(keyring: DataKeyring): void {
  const kept = configured ? installed.keys.filter((old) => !keyring.keys.some((key) => key.id === old.id)) : [];
  installed = kept.length === 0 ? keyring : { keys: [...keyring.keys, ...kept], hashKey: keyring.hashKey };
  configured = true;
}

export function dataKeyring(): DataKeyring {
  return installed;
}

function currentKey(keyring: DataKeyring): DataKey {
  const key = keyring.keys[0];
  if (!key) throw new SealedValueError('no data key is configured');
  return key;
}

function keyNamed(keyring: DataKeyring, id: string): DataKey {
  const key = keyring.keys.find((candidate) => candidate.id === id);
  if (!key) throw new SealedValueError(`the value is sealed under key "${id}", which is not configured`);
  return key;
}

function encrypt(key: DataKey, place: string, plain: Buffer): { nonce: Buffer; sealed: Buffer } {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(place, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return { nonce, sealed };
}

function decrypt(key: DataKey, place: string, nonce: Buffer, sealed: Buffer): Buffer {
  if (nonce.length !== NONCE_BYTES || sealed.length < TAG_BYTES) throw new SealedValueError('the sealed value is cut short');
  const decipher = createDecipheriv('aes-256-gcm', key.key, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(place, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SealedValueError('the sealed value does not open: altered, or sealed for another place');
  }
}

/** Whether `value` is a text envelope (under any key). */
export function isSealedText(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(`${ENVELOPE_VERSION}.`) && value.split('.').length === 4;
}

/** The key id a text envelope names, or null for anything else. */
export function keyIdOfText(value: string): string | null {
  return isSealedText(value) ? value.split('.')[1]! : null;
}

export function sealText(place: string, plain: string, keyring: DataKeyring = installed): string {
  const key = currentKey(keyring);
  const { nonce, sealed } = encrypt(key, place, Buffer.from(plain, 'utf8'));
  return `${ENVELOPE_VERSION}.${key.id}.${nonce.toString('base64url')}.${sealed.toString('base64url')}`;
}

export function openText(place: string, envelope: string, keyring: DataKeyring = installed): string {
  const parts = envelope.split('.');
  if (parts.length !== 4 || parts[0] !== ENVELOPE_VERSION) throw new SealedValueError('not a sealed value');
  const key = keyNamed(keyring, parts[1]!);
  return decrypt(key, place, Buffer.from(parts[2]!, 'base64url'), Buffer.from(parts[3]!, 'base64url')).toString('utf8');
}

/** Null stays null: "not given" is no personal data. */
export function sealNullableText(place: string, plain: string | null, keyring: DataKeyring = installed): string | null {
  return plain === null ? null : sealText(place, plain, keyring);
}

/** Opens a sealed value; a value written before sealing (clear) is answered as it is, until re-sealed at start. */
export function openNullableText(place: string, stored: string | null, keyring: DataKeyring = installed): string | null {
  if (stored === null) return null;
  return isSealedText(stored) ? openText(place, stored, keyring) : stored;
}

/** A JSON value sealed as its text; stored in a jsonb column as a JSON string (`JSON.stringify(envelope)`). */
export function sealJson(place: string, value: unknown, keyring: DataKeyring = installed): string {
  return sealText(place, JSON.stringify(value), keyring);
}

/** The jsonb parameter of a sealed JSON value: the envelope as a JSON string. */
export function sealJsonParam(place: string, value: unknown, keyring: DataKeyring = installed): string {
  return JSON.stringify(sealJson(place, value, keyring));
}

/** A jsonb column as read: a sealed envelope opens to its value; a value from before sealing is itself. */
export function openJson<T = unknown>(place: string, stored: unknown, keyring: DataKeyring = installed): T {
  if (isSealedText(stored)) return JSON.parse(openText(place, stored, keyring)) as T;
  return stored as T;
}

function bytesPrefix(kid: string): Buffer {
  return Buffer.from(`${ENVELOPE_VERSION}.${kid}.`, 'ascii');
}

/** The key id a bytes envelope names, or null for bytes that are not sealed. */
export function keyIdOfBytes(stored: Uint8Array): string | null {
  const head = Buffer.from(stored.subarray(0, 3 + 17)).toString('latin1');
  const match = /^v1\.([A-Za-z0-9]{1,16})\./.exec(head);
  return match ? match[1]! : null;
}

export function sealBytes(place: string, plain: Uint8Array, keyring: DataKeyring = installed): Uint8Array {
  const key = currentKey(keyring);
  const { nonce, sealed } = encrypt(key, place, Buffer.from(plain.buffer, plain.byteOffset, plain.byteLength));
  return Buffer.concat([bytesPrefix(key.id), nonce, sealed]);
}

export function openBytes(place: string, stored: Uint8Array, keyring: DataKeyring = installed): Uint8Array {
  const kid = keyIdOfBytes(stored);
  if (kid === null) throw new SealedValueError('not sealed bytes');
  const key = keyNamed(keyring, kid);
  const body = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).subarray(bytesPrefix(kid).length);
  const plain = decrypt(key, place, body.subarray(0, NONCE_BYTES), body.subarray(NONCE_BYTES));
  // A plain Uint8Array, as the database gives bytea: callers see what they saw before sealing.
  return new Uint8Array(plain.buffer, plain.byteOffset, plain.byteLength);
}

/** Empty bytes (a removed document) stay empty; bytes from before sealing are themselves. */
export function openStoredBytes(place: string, stored: Uint8Array, keyring: DataKeyring = installed): Uint8Array {
  if (stored.byteLength === 0 || keyIdOfBytes(stored) === null) return stored;
  return openBytes(place, stored, keyring);
}

/** The keyed hash of a value compared for equality (hex): the same value, the same hash; no key, no guess. */
export function lookupHash(purpose: string, value: string, keyring: DataKeyring = installed): string {
  return createHmac('sha256', keyring.hashKey).update(`${purpose}\u0000${value}`, 'utf8').digest('hex');
}
