import { createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite is PostgreSQL in this process, with no postmaster to keep a second process out of its data
 * directory: two servers on one DATA_DIR overwrite each other's pages (issue 9, data lost). The
 * server therefore holds an exclusive lock file in the directory while it runs (decision 025), and,
 * on Linux, an operating-system lock no edit of a file can undo (decision 177): a listening Unix
 * socket in the abstract namespace named after the directory's device and inode. The kernel lets one
 * process bind a name and frees it when that process ends, however it ends.
 */
export const LOCK_FILE = 'solis-server.lock';

/** A data directory that cannot be used; the message names it and says what to do. */
export class DataDirectoryError extends Error {
  override readonly name = 'DataDirectoryError';
}

export interface LockHolder {
  pid: number;
  host: string;
  /** Linux: the boot and the process start time tell a live holder from a reused pid. */
  bootId: string | null;
  startTicks: string | null;
  startedAt: string;
  nonce: string;
}

export interface DataDirectoryLock {
  readonly dir: string;
  readonly holder: LockHolder;
  /** Removes the lock if it is still this process's, and frees the operating-system lock. */
  release(): void;
}

/** Where the kernel offers abstract Unix sockets (Linux only); elsewhere the lock file alone guards. */
const OS_LOCK_AVAILABLE = process.platform === 'linux';

/**
 * The abstract socket's name for a directory: its device and inode, so every path to it (a symbolic
 * link, a bind mount, `..`) names one lock, and a directory deleted and made anew names another.
 */
export function osLockNameOf(dir: string): string {
  const stat = statSync(dir, { bigint: true });
  return `\0solis-datadir-${createHash('sha256').update(`${stat.dev}:${stat.ino}`).digest('hex')}`;
}

/**
 * Binds the directory's abstract socket: the server that answers is the lock. Resolves with null when
 * another process (or this one) holds it. The socket is unref'd (it keeps no process alive) and
 * close-on-exec (no child inherits it), and it accepts nothing: a connection is closed at once.
 */
function takeOsLock(dir: string): Promise<Server | null | 'unavailable'> {
  if (!OS_LOCK_AVAILABLE) return Promise.resolve('unavailable');
  const name = osLockNameOf(dir);
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(null);
      else reject(error);
    });
    server.listen({ path: name, exclusive: true }, () => {
      server.unref();
      resolve(server);
    });
  });
}

function readOptional(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function startTicksOf(pid: number | 'self'): string | null {
  const stat = readOptional(`/proc/${pid}/stat`);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function currentHolder(): LockHolder {
  return {
    pid: process.pid,
    host: hostname(),
    bootId: readOptional('/proc/sys/kernel/random/boot_id'),
    startTicks: startTicksOf('self'),
    startedAt: new Date().toISOString(),
    nonce: randomBytes(12).toString('hex'),
  };
}

function parseHolder(text: string | null): LockHolder | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string' || typeof value.nonce !== 'string') return undefined;
    return {
      pid: value.pid,
      host: value.host,
      bootId: typeof value.bootId === 'string' ? value.bootId : null,
      startTicks: typeof value.startTicks === 'string' ? value.startTicks : null,
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : 'an unknown time',
      nonce: value.nonce,
    };
  } catch {
    return undefined;
  }
}

type Liveness = 'alive' | 'dead' | 'unknown';

/** Whether the process that wrote the lock still runs. Another host's process cannot be checked. */
export function holderLiveness(holder: LockHolder): Liveness {
  if (holder.host !== hostname()) return 'unknown';
  const bootId = readOptional('/proc/sys/kernel/random/boot_id');
  if (holder.bootId && bootId && holder.bootId !== bootId) return 'dead';
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'alive' : 'dead';
  }
  // The pid runs, but after a kill -9 it may have been given to another process since.
  const ticks = startTicksOf(holder.pid);
  if (holder.startTicks && ticks && holder.startTicks !== ticks) return 'dead';
  return 'alive';
}

function describe(holder: LockHolder): string {
  return `process ${holder.pid} on ${holder.host}, since ${holder.startedAt}`;
}

function cannotUse(dir: string, error: unknown): DataDirectoryError {
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    EACCES: 'this user may not write there',
    EPERM: 'this user may not write there',
    EROFS: 'the file system is read-only',
    ENOTDIR: 'part of the path is a file, not a directory',
    EEXIST: 'it is a file, not a directory',
    ENAMETOOLONG: 'the path is too long',
    ENOSPC: 'the disk is full',
    ELOOP: 'the path loops through symbolic links',
  };
  const reason = (code && reasons[code]) ?? `${code ?? (error as Error).name}`;
  return new DataDirectoryError(
    `DATA_DIR ${dir} cannot be used: ${reason}. Point DATA_DIR at a directory this server's user can create and write, or fix its permissions.`,
  );
}

/** Creates the directory if needed and checks it is either empty or a PGlite data directory. */
function prepareDirectory(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'EEXIST' });
  } catch (error) {
    throw cannotUse(dir, error);
  }
  let entries: string[];
  try {
    entries = readdirSync(dir).filter((entry) => !entry.startsWith(LOCK_FILE));
  } catch (error) {
    throw cannotUse(dir, error);
  }
  // PGlite would initialise a database among someone else's files; refuse rather than mix them.
  if (entries.length > 0 && !entries.includes('PG_VERSION')) {
    throw new DataDirectoryError(
      `DATA_DIR ${dir} is neither empty nor a PGlite data directory (it has no PG_VERSION). Point DATA_DIR at an empty or new directory.`,
    );
  }
}

/**
 * Takes the data directory's lock or throws DataDirectoryError naming the holder.
 *
 * First the operating-system lock (decision 177): while another server on this host holds it, no
 * lock file, whatever it says or however it was edited, lets this one in. Then the lock file, the
 * human-readable record of the holder and the guard between hosts sharing the directory: it is
 * written whole under a private name and then hard-linked into place, which fails if a lock exists,
 * so no reader ever sees half a lock. A lock file whose holder is gone (kill -9, a crash, a reboot)
 * is moved aside with an atomic rename and checked to be the one found stale before it is deleted,
 * so of two servers taking over the same stale lock only one wins. An unreadable lock file (emptied,
 * rewritten) is stale only when this process holds the operating-system lock: then no server on
 * this host holds the directory.
 */
export async function lockDataDirectory(dataDir: string): Promise<DataDirectoryLock> {
  const dir = path.resolve(dataDir);
  prepareDirectory(dir);
  const lockPath = path.join(dir, LOCK_FILE);
  let osLock: Server | null | 'unavailable';
  try {
    osLock = await takeOsLock(dir);
  } catch (error) {
    throw cannotUse(dir, error);
  }
  if (osLock === null) {
    const found = parseHolder(readOptional(lockPath));
    const who = found ? describe(found) : `its lock file ${lockPath} does not say which: it was emptied or changed`;
    throw new DataDirectoryError(`DATA_DIR ${dir} is in use by another Solis server (${who}). Stop that server first, or give this one another DATA_DIR.`);
  }
  const freeOsLock = () => {
    if (osLock !== 'unavailable' && osLock !== null) osLock.close();
  };
  try {
    return takeLockFile(dir, lockPath, osLock !== 'unavailable', freeOsLock);
  } catch (error) {
    freeOsLock();
    throw error;
  }
}

function takeLockFile(dir: string, lockPath: string, osLocked: boolean, freeOsLock: () => void): DataDirectoryLock {
  const holder = currentHolder();
  const staging = `${lockPath}.${holder.pid}.${holder.nonce}`;
  try {
    writeFileSync(staging, `${JSON.stringify(holder)}\n`, { mode: 0o644 });
  } catch (error) {
    throw cannotUse(dir, error);
  }
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(staging, lockPath);
        return {
          dir,
          holder,
          release() {
            if (parseHolder(readOptional(lockPath))?.nonce === holder.nonce) {
              try {
                unlinkSync(lockPath);
              } catch {
                // Already gone.
              }
            }
            freeOsLock();
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw cannotUse(dir, error);
      }
      const found = parseHolder(readOptional(lockPath));
      // An unreadable lock file names no one: with the operating-system lock held, no server on this
      // host has the directory; without it (off Linux) nothing tells, and a person must look
      // (decision 177). A readable one still stops a live holder the kernel cannot see (another
      // network namespace: two containers sharing one volume).
      if (!found && !osLocked) {
        throw new DataDirectoryError(`DATA_DIR ${dir} has a lock file that names no server (${lockPath}). If no Solis server uses the directory, delete it.`);
      }
      const liveness = found ? holderLiveness(found) : 'dead';
      if (found && liveness === 'alive') {
        throw new DataDirectoryError(
          `DATA_DIR ${dir} is in use by another Solis server (${describe(found)}). Stop that server first, or give this one another DATA_DIR.`,
        );
      }
      if (found && liveness === 'unknown') {
        throw new DataDirectoryError(
          `DATA_DIR ${dir} is locked by a Solis server on another host (${describe(found)}). If no server runs there, delete ${lockPath}.`,
        );
      }
      takeOverStale(lockPath, found, holder);
    }
    throw new DataDirectoryError(`DATA_DIR ${dir}: could not take its lock (${lockPath}); other servers keep starting on it.`);
  } finally {
    try {
      unlinkSync(staging);
    } catch {
      // Already gone.
    }
  }
}

/** Moves a stale lock out of the way; puts back a live one that replaced it in the meantime. */
function takeOverStale(lockPath: string, stale: LockHolder | undefined, self: LockHolder): void {
  const aside = `${lockPath}.stale.${self.pid}.${self.nonce}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // Someone else moved it first: look again.
  }
  const moved = parseHolder(readOptional(aside));
  if (moved && moved.nonce !== stale?.nonce) {
    // Between our look and our rename another server took the stale lock over: give it back.
    try {
      linkSync(aside, lockPath);
    } catch {
      // A third server holds the path now; the next look decides.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Already gone.
  }
}
