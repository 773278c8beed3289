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

if (!process.env.EMBED_TOKEN_SECRET?.trim() && process.env.SOLIS_MODE !== 'test') {
  process.env.EMBED_TOKEN_SECRET = installationSecret();
  console.info(JSON.stringify({ level: 'info', msg: `EMBED_TOKEN_SECRET is not set: this installation's own secret in ${path.relative(process.cwd(), SECRET_FILE)} is used` }));
}

await import('./main');
