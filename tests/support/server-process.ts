/**
 * Runs the reference server (its bundle when the run made one, else `node --import tsx server/main.ts`)
 * until it exits, for tests of start-up failures: exit
 * code, everything it printed and how long it took. A server that keeps running past `timeoutMs`
 * is killed and reported as such (`code: null`).
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { REPO_ROOT, TEST_SERVER_NODE_FLAGS } from './e2e-server';

export interface ExitedServer {
  code: number | null;
  output: string;
  ms: number;
}

export interface RunOptions {
  timeoutMs?: number;
  /** Run as this OS user (through runuser; the tests run as root in CI). */
  user?: string;
}

export function runServerUntilExit(env: Record<string, string>, options: RunOptions | number = {}): Promise<ExitedServer> {
  const { timeoutMs = 20_000, user } = typeof options === 'number' ? { timeoutMs: options } : options;
  return new Promise((resolve) => {
    const started = performance.now();
    const fullEnv = { PATH: process.env.PATH ?? '', HOME: tmpdir(), HOST: '127.0.0.1', PORT: '0', ...env };
    // The bundled server when the run made one (vitest-server-bundle.setup.ts), else the sources.
    const bundle = process.env.SOLIS_E2E_SERVER_BUNDLE;
    const argv = bundle ? [...TEST_SERVER_NODE_FLAGS, bundle] : ['--import', 'tsx', 'server/main.ts'];
    const [program, args] = user ? ['runuser', ['-u', user, '--', process.execPath, ...argv]] : [process.execPath, argv];
    const child = spawn(program, args, { cwd: REPO_ROOT, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: performance.now() - started });
    });
  });
}

/** The lines a server printed, without the JSON log lines (request and housekeeping logs). */
export function plainLines(output: string): string[] {
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('{'));
}
