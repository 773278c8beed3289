/**
 * Issue 23 (docs/decisions/176-personal-data-at-rest.md): the keys personal data is sealed with.
 *
 * - `DATA_KEYS`: comma-separated `kid:base64key` (32-byte AES-256 keys, key ids of 1 to 16 letters
 *   and digits). The first seals; the others still open what was sealed under them (rotation).
 * - `DATA_HASH_KEY`: base64, at least 32 bytes: the HMAC key of the look-up hashes (a personal code
 *   compared with another application's). It does not rotate without re-hashing (see key-rotation.md).
 *
 * Production requires both and refuses the public development keys. Test mode and a demonstration
 * without them use the development keys; `npm start` gives a demonstration installation keys of its
 * own (server/start.ts).
 */
import { ConfigError, readString, type Environment, type SolisMode } from '../config/env';
import { checkSecret, isPublishedSecret } from '../config/secrets';
import { DATA_KEY_BYTES, DEVELOPMENT_KEYRING, KEY_ID_PATTERN, MIN_HASH_KEY_BYTES, type DataKey, type DataKeyring } from './data-cipher';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function readDataKeys(raw: string): DataKey[] {
  const keys: DataKey[] = [];
  for (const item of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const colon = item.indexOf(':');
    const id = colon > 0 ? item.slice(0, colon) : '';
    const encoded = colon > 0 ? item.slice(colon + 1) : '';
    if (!KEY_ID_PATTERN.test(id)) {
      throw new ConfigError('DATA_KEYS', 'must list keys as kid:base64key, each key id 1 to 16 letters or digits (e.g. k2026:$(openssl rand -base64 32)).');
    }
    const key = BASE64.test(encoded) ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
    if (key.length !== DATA_KEY_BYTES) {
      throw new ConfigError('DATA_KEYS', `key "${id}" is ${key.length} bytes long; each key must be ${DATA_KEY_BYTES} random bytes in base64 (openssl rand -base64 32).`);
    }
    if (keys.some((other) => other.id === id)) throw new ConfigError('DATA_KEYS', `names the key id "${id}" twice.`);
    keys.push({ id, key });
  }
  return keys;
}

export function readDataKeyring(env: Environment, mode: SolisMode): DataKeyring {
  const rawKeys = readString(env, 'DATA_KEYS');
  const rawHash = readString(env, 'DATA_HASH_KEY');
  if (rawKeys === undefined && rawHash === undefined && mode !== 'production') return DEVELOPMENT_KEYRING;
  if (rawKeys === undefined) {
    throw new ConfigError('DATA_KEYS', `is required${mode === 'production' ? ' in production' : ' with DATA_HASH_KEY'}: kid:base64key with a key of ${DATA_KEY_BYTES} random bytes, e.g. k1:$(openssl rand -base64 32).`);
  }
  const keys = readDataKeys(rawKeys);
  if (keys.length === 0) throw new ConfigError('DATA_KEYS', 'lists no key.');
  if (rawHash === undefined) {
    throw new ConfigError('DATA_HASH_KEY', `is required with DATA_KEYS: at least ${MIN_HASH_KEY_BYTES} random bytes in base64, e.g. $(openssl rand -base64 32).`);
  }
  const hashKey = BASE64.test(rawHash) ? Buffer.from(rawHash, 'base64') : Buffer.alloc(0);
  if (hashKey.length < MIN_HASH_KEY_BYTES) {
    throw new ConfigError('DATA_HASH_KEY', `is ${hashKey.length} bytes long; it must be at least ${MIN_HASH_KEY_BYTES} random bytes in base64.`);
  }
  // Decision 177: a key written anywhere in the project (its source, tests, documentation) is public.
  if (mode !== 'test') {
    if (isPublishedSecret(rawKeys) || rawKeys.split(',').some((item) => isPublishedSecret(item.trim()) || isPublishedSecret(item.slice(item.indexOf(':') + 1).trim()))) {
      throw new ConfigError('DATA_KEYS', 'contains a key published in the Solis project (its source, tests or documentation): anyone can use it. Draw keys of your own: k1:$(openssl rand -base64 32).');
    }
    checkSecret('DATA_HASH_KEY', rawHash, mode);
  }
  if (mode === 'production') {
    const developmentKeys = DEVELOPMENT_KEYRING.keys.map((key) => key.key);
    if (keys.some((key) => developmentKeys.some((dev) => dev.equals(key.key)))) {
      throw new ConfigError('DATA_KEYS', 'contains the public development key; production needs keys of its own.');
    }
    if (hashKey.equals(DEVELOPMENT_KEYRING.hashKey)) throw new ConfigError('DATA_HASH_KEY', 'is the public development key; production needs a key of its own.');
  }
  return { keys, hashKey };
}
