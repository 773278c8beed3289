import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import { DataDirectoryError, LOCK_FILE, lockDataDirectory, type LockHolder } from '../../server/db/data-directory';
import { REPO_ROOT, startSolisServer, type SolisServer } from '../support/e2e-server';
import { pgliteTemplate } from '../support/pglite-template';
import { plainLines, runServerUntilExit } from '../support/server-process';
import { Browser, PUBLIC_ORIGIN } from './support/two-processes';
import { CREATE_REQUEST, continuePath } from './support/payloads';

/**
 * Issue 9, item 2: two servers on one PGlite DATA_DIR lost acknowledged applications. The server
 * now holds an exclusive lock on its data directory (server/db/data-directory.ts, decision 025).
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'solis-datadir-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;
const freshDir = () => path.join(scratch, `dir-${++counter}`);

async function templateCopy(): Promise<string> {
  const dir = freshDir();
  cpSync(await pgliteTemplate(), dir, { recursive: true });
  return dir;
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

function writeLock(dir: string, holder: Partial<LockHolder>): void {
  mkdirSync(dir, { recursive: true });
  const full: LockHolder = { pid: 1, host: hostname(), bootId: bootId(), startTicks: null, startedAt: '2026-01-01T00:00:00.000Z', nonce: 'stale', ...holder };
  writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(full));
}

/** Takes the lock of `dir` and checks the file is now this lock's (writeLock's has nonce 'stale'). */
async function expectTakenOver(dir: string): Promise<void> {
  const lock = await lockDataDirectory(dir);
  try {
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, nonce: lock.holder.nonce });
  } finally {
    lock.release();
  }
}

/** The pid of a process that has just exited: no one has it now. */
function deadPid(): number {
  const pid = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).toString());
  return pid;
}

type Data<T> = { data: T };

describe('the data directory lock', () => {
  it('is exclusive: a second holder is refused with a message naming the directory and the holder', async () => {
    const dir = freshDir();
    const lock = await lockDataDirectory(dir);
    try {
      await expect(lockDataDirectory(dir)).rejects.toThrow(DataDirectoryError);
      await expect(lockDataDirectory(dir)).rejects.toThrow(
        new RegExp(`^DATA_DIR ${dir} is in use by another Solis server \\(process ${process.pid} on ${hostname()}, since .+\\)\\. Stop that server first`),
      );
    } finally {
      lock.release();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    (await lockDataDirectory(dir)).release();
  });

  it('issue 23: no edit of the lock file lets a second holder in while the first lives (the kernel holds the lock)', async () => {
    const dir = freshDir();
    const lock = await lockDataDirectory(dir);
    const lockPath = path.join(dir, LOCK_FILE);
    try {
      for (const edit of [
        () => writeFileSync(lockPath, ''),
        () => writeFileSync(lockPath, 'not json'),
        () => writeLock(dir, { pid: deadPid() }),
        () => rmSync(lockPath),
      ]) {
        edit();
        await expect(lockDataDirectory(dir)).rejects.toThrow(new RegExp(`^DATA_DIR ${dir} is in use by another Solis server \\(`));
      }
      // Another path to the same directory (a symbolic link) names the same lock.
      const link = `${dir}-link`;
      symlinkSync(dir, link);
      await expect(lockDataDirectory(link)).rejects.toThrow(/is in use by another Solis server/);
    } finally {
      lock.release();
    }
    // Released, the emptied lock file left behind names no one: taken over.
    writeFileSync(lockPath, '');
    await expectTakenOver(dir);
  });

  it('takes over the lock of a process that is gone (kill -9, crash)', async () => {
    const dir = freshDir();
    writeLock(dir, { pid: deadPid() });
    const lock = await lockDataDirectory(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, nonce: lock.holder.nonce });
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process, or from before a reboot', async () => {
    // The holder's pid is this live process's: only its start time or the boot (Linux /proc) can
    // tell the lock stale, and the test must not pass by checking nothing where /proc is missing.
    expect(bootId(), 'needs /proc/sys/kernel/random/boot_id').not.toBeNull();
    const reused = freshDir();
    writeLock(reused, { pid: process.pid, startTicks: '1' });
    await expectTakenOver(reused);
    const rebooted = freshDir();
    writeLock(rebooted, { pid: process.pid, bootId: 'another-boot' });
    await expectTakenOver(rebooted);
  });

  it('refuses a lock from another host (it cannot tell whether that server runs) and says how to clear it', async () => {
    const dir = freshDir();
    writeLock(dir, { pid: 4242, host: 'other-host.example' });
    await expect(lockDataDirectory(dir)).rejects.toThrow(
      `DATA_DIR ${dir} is locked by a Solis server on another host (process 4242 on other-host.example, since 2026-01-01T00:00:00.000Z). If no server runs there, delete ${path.join(dir, LOCK_FILE)}.`,
    );
  });

  it('lets exactly one of several servers racing for a stale lock win', async () => {
    const dir = freshDir();
    writeLock(dir, { pid: deadPid() });
    const script = `
      import { lockDataDirectory } from './server/db/data-directory.ts';
      try { const lock = await lockDataDirectory(${JSON.stringify(dir)}); console.log('won'); setTimeout(() => lock.release(), 1500); }
      catch (error) { console.log('lost: ' + error.message); }`;
    const racers = Array.from({ length: 4 }, () =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.once('exit', () => resolve(out.trim()));
      }),
    );
    const results = await Promise.all(racers);
    expect(results.filter((result) => result === 'won')).toHaveLength(1);
    for (const result of results.filter((r) => r !== 'won')) expect(result).toMatch(/^lost: DATA_DIR .* is in use by another Solis server/);
  }, 20_000);

  it.each([
    ['a path through a file', () => path.join(REPO_ROOT, 'package.json', 'pglite'), 'part of the path is a file, not a directory'],
    ['a file', () => path.join(REPO_ROOT, 'package.json'), 'it is a file, not a directory'],
  ])('names %s and what to do', async (_, dirOf, reason) => {
    const dir = dirOf();
    await expect(lockDataDirectory(dir)).rejects.toThrow(`DATA_DIR ${dir} cannot be used: ${reason}. Point DATA_DIR at a directory`);
  });

  it('refuses a directory that holds other files (PGlite would initialise a database among them)', async () => {
    const dir = freshDir();
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    await expect(lockDataDirectory(dir)).rejects.toThrow(`DATA_DIR ${dir} is neither empty nor a PGlite data directory (it has no PG_VERSION)`);
  });
});

describe('two servers on one DATA_DIR (real processes)', () => {
  const env = { ALLOWED_ORIGINS: PUBLIC_ORIGIN };
  const browser = new Browser();
  let dataDir: string;
  let first: SolisServer;
  let next: SolisServer | undefined;
  let externalId: string;

  beforeAll(async () => {
    dataDir = await templateCopy();
    first = await startSolisServer({ dataDir, env });
    const created = await browser.call<Data<TaskResponse>>(first, 'POST', '/api/v1/application-process', CREATE_REQUEST);
    expect(created.status).toBe(201);
    externalId = created.body.data.externalId;
  }, 30_000);
  afterAll(async () => {
    await first?.stop();
    await next?.stop();
  });

  it('refuses the second server at once with one line naming the directory and the holder; the first keeps serving', async () => {
    const second = await runServerUntilExit({ SOLIS_MODE: 'test', DATA_DIR: dataDir }, 60_000);
    expect(second.code).toBe(1);
    expect(plainLines(second.output)).toEqual([
      expect.stringMatching(new RegExp(`^Solis could not start: DATA_DIR ${dataDir} is in use by another Solis server \\(process ${first.pid} on `)),
    ]);
    expect((await browser.call(first, 'POST', continuePath(externalId))).status).toBe(200);
  });

  it('issue 23: emptying or rewriting the lock file lets no second server in while the first runs', async () => {
    const lockPath = path.join(dataDir, LOCK_FILE);
    // Emptied, then rewritten to name a process that is gone (what used to count as stale).
    for (const content of ['', `${JSON.stringify({ pid: deadPid(), host: hostname(), bootId: bootId(), startTicks: null, startedAt: '2026-01-01T00:00:00.000Z', nonce: 'forged' })}\n`]) {
      writeFileSync(lockPath, content);
      const second = await runServerUntilExit({ SOLIS_MODE: 'test', DATA_DIR: dataDir }, 60_000);
      expect(second.code).toBe(1);
      expect(plainLines(second.output)).toEqual([expect.stringMatching(new RegExp(`^Solis could not start: DATA_DIR ${dataDir} is in use by another Solis server \\(`))]);
    }
    expect((await browser.call(first, 'POST', continuePath(externalId))).status).toBe(200);
  }, 60_000);

  it('after kill -9 of the holder, the next server takes the lock over and has every acknowledged application', async () => {
    await first.crash();
    next = await startSolisServer({ dataDir, env });
    const resumed = await browser.call<Data<TaskResponse>>(next, 'POST', continuePath(externalId));
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.externalId).toBe(externalId);
    await next.stop();
    // A clean stop leaves no lock behind.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 15_000);
});

describe('a damaged data directory', () => {
  it('names a damaged data directory and says what to do, within seconds', async () => {
    const dataDir = await templateCopy();
    truncateSync(path.join(dataDir, 'global', 'pg_control'), 10);
    const result = await runServerUntilExit({ SOLIS_MODE: 'test', DATA_DIR: dataDir }, 60_000);
    expect(result.code).toBe(1);
    expect(plainLines(result.output)).toEqual([
      expect.stringMatching(new RegExp(`^Solis could not start: DATA_DIR ${dataDir} could not be opened as a PGlite database \\(.+\\)\\. If it is a damaged Solis data directory, restore it from a backup or move it aside`)),
    ]);
    // Its lock is released: fixing the directory needs no lock removal by hand.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
