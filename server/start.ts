/**
 * `npm start` on a machine of its own: the two commands of the README work with no configuration.
 * Production refuses to start without an embed-token secret (decision 026); here, when none is
 * configured, the installation gets one of its own: 48 random bytes made once, kept next to its
 * data (`.data/embed-token-secret`, readable by its owner only) and reused on every start. Nothing
 * public, nothing written in code. A deployment sets `EMBED_TOKEN_SECRET` itself and this step is
 * skipped (docs/decisions/026, "The installation's own secret").
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SECRET_FILE = path.resolve(process.env.SOLIS_SECRET_DIR ?? '.data', 'embed-token-secret');

function installationSecret(): string {
  if (existsSync(SECRET_FILE)) return readFileSync(SECRET_FILE, 'utf8').trim();
  mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
  const secret = randomBytes(48).toString('base64');
  writeFileSync(SECRET_FILE, `${secret}\n`, { mode: 0o600 });
  chmodSync(SECRET_FILE, 0o600);
  return secret;
}

// Issue 23 (decision 176): what this process writes (the secrets here, the database) is its owner's only.
process.umask(0o077);

/**
 * Issue 23 (decision 176): a demonstration seals personal data under keys of its own, made once and
 * kept beside the embed-token secret (`.data/data-keys`, owner only), like that secret. Production
 * sets DATA_KEYS and DATA_HASH_KEY itself (and refuses to start without them).
 */
const DATA_KEYS_FILE = path.resolve(process.env.SOLIS_SECRET_DIR ?? '.data', 'data-keys');

function installationDataKeys(): { keys: string; hashKey: string } {
  if (existsSync(DATA_KEYS_FILE)) {
    const lines = Object.fromEntries(readFileSync(DATA_KEYS_FILE, 'utf8').split('\n').filter(Boolean).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    return { keys: lines['DATA_KEYS'] ?? '', hashKey: lines['DATA_HASH_KEY'] ?? '' };
  }
  mkdirSync(path.dirname(DATA_KEYS_FILE), { recursive: true, mode: 0o700 });
  const made = { keys: `inst1:${randomBytes(32).toString('base64')}`, hashKey: randomBytes(32).toString('base64') };
  writeFileSync(DATA_KEYS_FILE, `DATA_KEYS=${made.keys}\nDATA_HASH_KEY=${made.hashKey}\n`, { mode: 0o600 });
  chmodSync(DATA_KEYS_FILE, 0o600);
  return made;
}

if (!process.env.DATA_KEYS?.trim() && !process.env.DATA_HASH_KEY?.trim() && (process.env.SOLIS_MODE?.trim() || 'demonstration') === 'demonstration') {
  const made = installationDataKeys();
  process.env.DATA_KEYS = made.keys;
  process.env.DATA_HASH_KEY = made.hashKey;
  console.info(JSON.stringify({ level: 'info', msg: `DATA_KEYS is not set: this installation's own data keys in ${path.relative(process.cwd(), DATA_KEYS_FILE)} are used` }));
}

if (!process.env.EMBED_TOKEN_SECRET?.trim() && process.env.SOLIS_MODE !== 'test') {
  process.env.EMBED_TOKEN_SECRET = installationSecret();
  console.info(JSON.stringify({ level: 'info', msg: `EMBED_TOKEN_SECRET is not set: this installation's own secret in ${path.relative(process.cwd(), SECRET_FILE)} is used` }));
}

await import('./main');
