/**
 * A throwaway PostgreSQL server from the Debian packages, for tests that need a real server
 * (two API processes on one database). PostgreSQL refuses to run as root, so when the tests run
 * as root the cluster belongs to the `postgres` OS user and its commands run through `runuser`.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DEBIAN_ROOT = '/usr/lib/postgresql';

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication on loopback). */
  databaseUrl: string;
  port: number;
  /** Stops the server and deletes the cluster. */
  stop(): Promise<void>;
  /** Stops the server like a crash (immediate mode: every connection drops), keeping the cluster. */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port and data. */
  resume(): Promise<void>;
}

/** The newest installed major version's bin directory. */
export function findPostgresBinaries(): string {
  const versions = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .filter((entry) => /^\d+$/.test(entry) && existsSync(path.join(DEBIAN_ROOT, entry, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      `PostgreSQL server binaries were not found under ${DEBIAN_ROOT}/*/bin. ` +
        'Run `bash tests/support/ensure-system-deps.sh` (or `npm test`, which runs it) to install them.',
    );
  }
  return path.join(DEBIAN_ROOT, newest, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBinaries();
  const asUser = postgresUser();
  const run = (command: string, args: string[]) => {
    const file = path.join(bin, command);
    const [program, argv] = asUser ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    return execFileSync(program, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 }).toString();
  };

  const root = mkdtempSync(path.join(tmpdir(), 'solis-postgres-'));
  if (asUser) chownSync(root, asUser.uid, asUser.gid);
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  const start = () =>
    run('pg_ctl', [
      '-D', dataDir,
      '-l', path.join(root, 'server.log'),
      '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off`,
      '-w', '-t', '60',
      'start',
    ]);
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already halted.
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
    async halt() {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    },
    async resume() {
      start();
    },
  };
}
