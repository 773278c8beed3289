/**
 * `npm run dev` for a browser test (decision 234): server/dev.ts as a developer starts it, the
 * reference API in test mode and Vite's dev server proxying to it, on ports nobody uses and a data
 * directory of the test's own (a copy of the browser stage's prepared PGlite when there is one).
 * It runs in a process group of its own, so stopping it stops the API it started too.
 */
import { BACK_OFFICE_ANSWERS_AT_ONCE } from '../../server/checks/back-office.settings';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, copyTemplate, freePort, scratchRoot } from './e2e-server';

export interface DevServer {
  /** Vite's address as it printed it, e.g. `http://localhost:41234` (no trailing slash). */
  readonly url: string;
  /** What the dev server and the API wrote. */
  log(): string;
  stop(): Promise<void>;
}

/** Vite's line for the address it listens on (`➜  Local:   http://localhost:5173/`). */
const LOCAL_LINE = /Local:\s+(http:\/\/\S+?)\/?\s/;
const API_LINE = /Solis is serving /;

export async function startDevServer(options: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<DevServer> {
  const template = process.env.SOLIS_E2E_PGLITE_TEMPLATE;
  const data = template ? copyTemplate(template, 'solis-dev-db-') : fresh();
  const [port, apiPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/dev.ts'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...BACK_OFFICE_ANSWERS_AT_ONCE,
      // As e2e-server.ts: every browser of a run comes from 127.0.0.1.
      CLIENT_RATE_LIMIT_SESSION: '100000',
      PORT: String(port),
      API_PORT: String(apiPort),
      DATA_DIR: data.dataDir,
      NO_COLOR: '1',
      FORCE_COLOR: '0',
      VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
      ...options.env,
    },
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-1_000_000);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const group = child.pid!;
  const killGroup = () => {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // Gone already.
    }
  };
  // A test process that ends without stopping it (a failure in a hook, a worker ending) takes the group and its data with it.
  const abandon = () => {
    killGroup();
    data.remove();
  };
  process.once('exit', abandon);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // The group: the dev server and the API it spawned (its own SIGTERM handler stops both cleanly).
      process.kill(-group, 'SIGTERM');
      const killer = setTimeout(killGroup, 5_000);
      await exited;
      clearTimeout(killer);
    }
    // The API it started may still be closing its database: the data goes when the whole group has.
    for (let waited = 0; groupAlive(group); waited += 100) {
      if (waited >= 5_000) killGroup();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    process.off('exit', abandon);
    data.remove();
  };

  const timeoutMs = options.timeoutMs ?? 120_000;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`the dev server did not serve within ${timeoutMs} ms. Output:\n${output}`)), timeoutMs);
      const onData = () => {
        const local = LOCAL_LINE.exec(output);
        if (local?.[1] && API_LINE.test(output)) finish(undefined, local[1]);
      };
      const onExit = (code: number | null) => finish(new Error(`the dev server exited (code ${code}) before serving. Output:\n${output}`));
      function finish(error: Error | undefined, found?: string) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve(found!);
      }
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', onExit);
    });
    return { url, log: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Whether a process of the group is still running. */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** A new, empty data directory (the API migrates it on start) when no prepared one is at hand. */
function fresh(): { dataDir: string; remove(): void } {
  const parent = mkdtempSync(path.join(scratchRoot(), 'solis-dev-db-'));
  return { dataDir: path.join(parent, 'pgdata'), remove: () => rmSync(parent, { recursive: true, force: true }) };
}
