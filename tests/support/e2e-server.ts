/**
 * Starts and stops the real reference server (`node --import tsx server/main.ts`) for browser tests
 * and the benchmark: each process on its own port and its own copy of a prepared PGlite data
 * directory (first open of a new PGlite directory runs initdb and the migrations, ~6 s; opening a
 * copy of a prepared one takes well under a second). Browser tests keep one per worker and
 * environment, reset between tests (e2e/fixtures.ts, decision 164).
 */
import { BACK_OFFICE_ANSWERS_AT_ONCE } from '../../server/checks/back-office.settings';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants as fs, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_DATA_KEYS_ENV } from './data-keys';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SERVING_LINE = /Solis is serving (https?:\/\/\S+)/;

export interface SolisServer {
  /** The server's origin on loopback, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** The server process's id (the process itself: no shell in between). */
  readonly pid: number;
  /**
   * What the server wrote (stdout and stderr, interleaved): everything it still holds, or only what
   * came after `since`, a mark taken with `logMark()` (a server shared by several tests gives each
   * failing test its own part).
   */
  log(since?: number): string;
  /** How much the server has written so far, as a mark for `log(since)`. */
  logMark(): number;
  stop(): Promise<void>;
  /** kill -9, as a crash would: nothing is closed cleanly. Resolves when the process is gone. */
  crash(): Promise<void>;
}

export interface StartOptions {
  /** PGlite data directory. Leave out when `databaseUrl` is given. */
  dataDir?: string;
  /** A PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /**
   * The server as one bundled file (`bundleServer`, made once per browser-test run) instead of its
   * sources through tsx: the same code, without transforming and resolving hundreds of files at
   * every start. Defaults to SOLIS_E2E_SERVER_BUNDLE when set.
   */
  bundle?: string;
  /** Extra environment (BUSINESS_DOMAIN, ...). */
  env?: Record<string, string | undefined>;
  /** Test mode turns on the sandbox controls; on by default here. */
  testMode?: boolean;
  timeoutMs?: number;
}

/** A port nobody listens on right now (the server is told the port; it need not support PORT=0). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Node flags of a test's server process. `--liftoff-only`: V8 compiles PGlite's PostgreSQL (WebAssembly)
 * with its baseline compiler only. By default it also recompiles the whole module with its optimising
 * compiler in the background, about 1.7 s of CPU per start that a server living one test never earns
 * back (measured: 3.7 s → 2.0 s of CPU per start; decision 155). Production starts keep the default.
 */
export const TEST_SERVER_NODE_FLAGS = ['--liftoff-only', '--enable-source-maps'];

/**
 * Starts the server on a free port. The port is free when probed but another process (a second
 * test worker, another run on the machine) may take it before the server listens: then the start
 * is tried again on another port, a few times.
 */
export async function startSolisServer(options: StartOptions = {}): Promise<SolisServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(options, await freePort());
    } catch (error) {
      if (attempt >= 3 || !/is already in use/.test(String(error))) throw error;
    }
  }
}

async function startOnPort(options: StartOptions, port: number): Promise<SolisServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Decision 172: the back office answers at once unless a test of its waiting pages says otherwise.
    ...BACK_OFFICE_ANSWERS_AT_ONCE,
    // Decisions 177 and 179: every browser of a run comes from 127.0.0.1, so the per-address limits
    // (sessions a minute, uploads an hour) would count the whole suite as one office.
    CLIENT_RATE_LIMIT_SESSION: '100000',
    CLIENT_UPLOAD_LIMIT_FILES_PER_HOUR: '100000',
    CLIENT_UPLOAD_LIMIT_MIB_PER_HOUR: '100000',
    ...options.env,
    PORT: String(port),
    // Loopback only; the URL below says 127.0.0.1 so no client waits on a ::1 attempt for "localhost".
    HOST: '127.0.0.1',
    STATIC_DIR: options.env?.STATIC_DIR ?? path.join(REPO_ROOT, 'dist'),
    NODE_ENV: 'production',
  };
  if (options.testMode !== false) env.SOLIS_MODE = 'test';
  // `env: { NAME: undefined }` removes a variable this process has (a child would read "undefined").
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  // Production refuses to start without a secret of its own (issue 9): tests make one up.
  else env.EMBED_TOKEN_SECRET ??= randomBytes(32).toString('base64url');
  // Production refuses to start without data keys of its own (issue 23): tests use fixed ones.
  if (env.SOLIS_MODE === 'production') {
    env.DATA_KEYS ??= TEST_DATA_KEYS_ENV.DATA_KEYS;
    env.DATA_HASH_KEY ??= TEST_DATA_KEYS_ENV.DATA_HASH_KEY;
  }
  delete env.DATA_DIR;
  delete env.DATABASE_URL;
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  const bundle = options.bundle ?? process.env.SOLIS_E2E_SERVER_BUNDLE;
  // Decision 202: BENCH_CPU_PROF_DIR=<dir> writes the server process's V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const child = spawn(process.execPath, bundle ? [...profile, ...TEST_SERVER_NODE_FLAGS, bundle] : [...profile, '--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Characters dropped from the front of `output`, so marks stay valid after a trim.
  let dropped = 0;
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 2_000_000) {
      dropped += output.length - 1_000_000;
      output = output.slice(-1_000_000);
    }
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const timeoutMs = options.timeoutMs ?? 60_000;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      child.kill('SIGKILL');
      reject(new Error(`server did not print "Solis is serving ..." within ${timeoutMs} ms. Output:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      const match = SERVING_LINE.exec(output);
      if (match?.[1]) {
        cleanup();
        const printed = new URL(match[1]);
        resolve(`${printed.protocol}//127.0.0.1:${printed.port || port}`);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`server exited (code ${code}) before serving. Output:\n${output}`));
    };
    function cleanup() {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
    }
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });

  return {
    url,
    port: Number(new URL(url).port),
    pid: child.pid!,
    log: (since = 0) => output.slice(Math.max(0, since - dropped)),
    logMark: () => dropped + output.length,
    stop: () => stopChild(child, exited),
    async crash() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(killer);
}

/**
 * A PGlite data directory on which the server has run its migrations: start the server once on a
 * fresh directory, wait until it serves, stop it (cleanly, so the copy opens without recovery).
 */
export async function preparePgliteTemplate(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  const server = await startSolisServer({ dataDir: dir, timeoutMs: 120_000 });
  await server.stop();
  if (!existsSync(dir)) throw new Error(`the server did not create its PGlite data directory at ${dir}`);
}

/**
 * Where database copies go: memory (/dev/shm) when the machine has it with room to spare, else the
 * temporary directory. A copy is ~40 MB in ~1,100 files, and PGlite writes to it all through the
 * test: on a busy disk, copying alone took seconds per test; in memory it takes a fraction of one.
 */
export function scratchRoot(): string {
  const shm = '/dev/shm';
  try {
    accessSync(shm, fs.W_OK);
    const stats = statfsSync(shm);
    if (stats.bavail * stats.bsize > 2 * 1024 ** 3) return shm;
  } catch {
    // No /dev/shm (or not writable): the temporary directory will do.
  }
  return tmpdir();
}

/** A private copy of the template in a new temporary directory, removed by `remove()`. */
export function copyTemplate(template: string, prefix = 'solis-db-'): { dataDir: string; remove(): void } {
  const parent = mkdtempSync(path.join(scratchRoot(), prefix));
  const dataDir = path.join(parent, 'pgdata');
  cpSync(template, dataDir, { recursive: true });
  return { dataDir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

/** Builds the app unless dist/ already holds one. */
export async function ensureBuilt(): Promise<void> {
  if (existsSync(path.join(REPO_ROOT, 'dist', 'index.html'))) return;
  const code = await new Promise<number | null>((resolve) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    spawn(npm, ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' }).once('exit', resolve);
  });
  if (code !== 0) throw new Error('`npm run build` failed');
}
