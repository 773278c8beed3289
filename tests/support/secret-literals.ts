/**
 * Issue 23 (docs/decisions/177-secrets-session-limit-and-the-data-directory-lock.md): the secret values ever written in the
 * project, found by their shape in text, and the list of their SHA-256 hashes that start-up refuses
 * (server/config/published-secrets.ts).
 *
 * `node --import tsx tests/support/secret-literals.ts` reads every line ever added in the history
 * (`git log -p --all`) and every file of the working tree, and rewrites the list with the hashes of
 * every value found (the list only grows: hashes already in it stay). tests/server/published-secrets.test.ts
 * fails when a file holds a value whose hash is not in the list, so a new one cannot slip in.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PUBLISHED_SECRETS_FILE = path.join(REPO_ROOT, 'server/config/published-secrets.ts');
/** This file: its patterns are no values. */
const SELF = fileURLToPath(import.meta.url);

/** A name that holds a secret: EMBED_TOKEN_SECRET, clientSecret, apiKey, IDV_WEBHOOK_SECRET, MAC_KEY, any other …_KEY, password… */
const SECRET_NAME = String.raw`(?:[A-Za-z0-9_<>$.-]*(?:secret|SECRET|Secret|api_?key|API_?KEY|apiKey|ApiKey|mac_?key|MAC_?KEY|macKey|password|PASSWORD|Password|passphrase|PASSPHRASE|private_?key|PRIVATE_?KEY|privateKey)[A-Za-z0-9_<>]*|[A-Z][A-Z0-9_<>]*_KEYS?\b)`;
const QUOTED = String.raw`(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|\x60((?:[^\x60\\\n$]|\\.)*)\x60)`;

const PATTERNS: readonly RegExp[] = [
  // name: 'value', name = "value", name ?? `value`, name || 'value', "name": "value", name='value'
  new RegExp(String.raw`${SECRET_NAME}['"]?\s*(?::|=|\?\?=?|\|\|)\s*${QUOTED}`, 'g'),
  // NAME=value in shell, .env files and docs (unquoted)
  new RegExp(String.raw`\b${SECRET_NAME}=([^\s'"\x60|)$]+)`, 'g'),
  // A provider variable's example: { name: 'IDV_WEBHOOK_SECRET', ..., example: '…' }
  new RegExp(String.raw`name:\s*['"]${SECRET_NAME}['"][^}]*?example:\s*${QUOTED}`, 'g'),
  // README's provider table: | … | \`IDV_WEBHOOK_SECRET\` | … | \`example\` |
  new RegExp(String.raw`^\|.*\x60${SECRET_NAME}\x60.*\|\s*\x60([^\x60]+)\x60\s*\|\s*$`, 'gm'),
  // Any other literal that says it is a secret: sign(claims, 'not-the-secret')
  new RegExp(String.raw`['"\x60]([\x21-\x7e]*[Ss]ecret[\x21-\x7e]*)['"\x60]`, 'g'),
];

/** What is not a value: an interpolation, a name, a path, an empty string. */
function isValue(text: string): boolean {
  if (!text || text.includes('${') || text.startsWith('$(')) return false;
  if (/^[A-Z0-9_<>]+$/.test(text) || /^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(text)) return false; // a variable's or property's name
  if (/['"\x60]/.test(text)) return false;
  if (/^\.{0,2}\//.test(text) || /^[a-z0-9._/-]*\/[a-z0-9._/-]*$/.test(text) || /\.(ts|tsx|js|md|json)$/.test(text)) return false; // a path
  return true;
}

/** Every secret-looking literal value in `text` (see the patterns above). */
export function secretLiteralsIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const pattern of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const value = match.slice(1).find((group) => group !== undefined);
      if (value === undefined || !isValue(value)) continue;
      const literal = value.replace(/\\(['"\\\x60])/g, '$1');
      found.add(literal);
      // A key list such as DATA_KEYS (`kid:base64, kid:base64`): each key is published on its own.
      for (const item of literal.split(',').map((part) => part.trim())) {
        const key = /^[A-Za-z0-9]{1,16}:([A-Za-z0-9+/_-]{16,}={0,2})$/.exec(item)?.[1];
        if (key !== undefined) found.add(item).add(key);
      }
    }
  }
  return found;
}

const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.data', '.git', 'test-results', 'playwright-report', '.tmp', 'coverage']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|sh|yml|yaml|env|txt|html|css|sql|po|toml|ini|conf|example)$|^\.env|^[A-Za-z]+$/;

/** The project's text files (what git tracks, less nothing: the working tree without build output and data). */
export function projectTextFiles(root: string = REPO_ROOT): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(path.join(dir, entry.name));
      } else if (entry.isFile() && TEXT_FILE.test(entry.name) && entry.name !== 'package-lock.json') {
        const file = path.join(dir, entry.name);
        if (statSync(file).size <= 2_000_000) files.push(file);
      }
    }
  };
  walk(root);
  return files;
}

/** The values in the working tree's files, each with the first file it was found in. */
export function workingTreeSecretLiterals(root: string = REPO_ROOT): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of projectTextFiles(root)) {
    if (file === PUBLISHED_SECRETS_FILE || file === SELF) continue;
    for (const value of secretLiteralsIn(readFileSync(file, 'utf8'))) if (!found.has(value)) found.set(value, path.relative(root, file));
  }
  return found;
}

/** The values in every line ever added on any branch (each commit's added lines read as one text). */
export function historySecretLiterals(root: string = REPO_ROOT): Set<string> {
  const log = execFileSync('git', ['log', '-p', '--all', '--no-color', '--format=commit %H', '-U0'], { cwd: root, maxBuffer: 1 << 30 }).toString('utf8');
  const found = new Set<string>();
  for (const commit of log.split(/^commit [0-9a-f]{40}$/m)) {
    const added = commit
      .split('\n')
      .filter((line) => line.startsWith('+') && !line.startsWith('+++'))
      .map((line) => line.slice(1))
      .join('\n');
    for (const value of secretLiteralsIn(added)) found.add(value);
  }
  return found;
}

export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** The hashes now in the list. */
export function listedHashes(): Set<string> {
  return new Set(readFileSync(PUBLISHED_SECRETS_FILE, 'utf8').match(/'[0-9a-f]{64}'/g)?.map((quoted) => quoted.slice(1, -1)) ?? []);
}

const HEADER = `/**
 * Issue 23 (docs/decisions/177-secrets-session-limit-and-the-data-directory-lock.md): the SHA-256 (hex, of the UTF-8) of
 * every secret value ever written in the project: embed-token secrets of development and test mode,
 * the simulators' client secrets, the examples of the README and docs, the tests' secrets. Start-up
 * refuses a secret whose hash is here (server/config/secrets.ts); the values themselves are not kept.
 *
 * Built by \`node --import tsx tests/support/secret-literals.ts\`: it reads every line ever added in
 * the git history (\`git log -p --all\`) and every file of the working tree, picks the literals
 * assigned to a secret-named variable or key (…SECRET, clientSecret, apiKey, MAC keys, passwords),
 * NAME=value lines, the provider variables' examples and any literal with "secret" in it
 * (tests/support/secret-literals.ts), and rewrites this list, which only grows.
 * tests/server/published-secrets.test.ts fails when a file holds such a value whose hash is missing.
 */
export const PUBLISHED_SECRET_SHA256: ReadonlySet<string> = new Set([
`;

export function writePublishedSecrets(values: Iterable<string>): number {
  const hashes = new Set(listedHashes());
  for (const value of values) hashes.add(sha256Hex(value));
  const sorted = [...hashes].sort();
  writeFileSync(PUBLISHED_SECRETS_FILE, `${HEADER}${sorted.map((hash) => `  '${hash}',`).join('\n')}\n]);\n`);
  return sorted.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const values = new Set([...historySecretLiterals(), ...workingTreeSecretLiterals().keys()]);
  const count = writePublishedSecrets(values);
  console.info(`server/config/published-secrets.ts: ${count} hashes (${values.size} values found)`);
}
