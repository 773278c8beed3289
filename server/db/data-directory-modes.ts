/**
 * Issue 23 (docs/decisions/176-personal-data-at-rest.md): the data directory and everything in it is
 * readable by its owner only. The server's umask (0o077, set first thing at start) covers every file
 * it makes from then on; this puts right what an earlier version, another umask or a copy left
 * readable: directories 0700, files 0600. Symbolic links are not followed.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const OWNER_ONLY_DIRECTORY = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** Restricts `dir` (when it exists) and everything under it to its owner; answers how many modes changed. */
export function restrictToOwner(dir: string): number {
  let changed = 0;
  const visit = (target: string) => {
    try {
      const stat = lstatSync(target, { throwIfNoEntry: false });
      if (!stat || stat.isSymbolicLink()) return;
      const wanted = stat.isDirectory() ? OWNER_ONLY_DIRECTORY : OWNER_ONLY_FILE;
      if ((stat.mode & 0o777) !== wanted && stat.uid === process.getuid?.()) {
        chmodSync(target, wanted);
        changed += 1;
      }
      if (stat.isDirectory()) for (const entry of readdirSync(target)) visit(path.join(target, entry));
    } catch {
      // Not this user's to change or to read: opening the directory reports what is wrong (decision 025).
    }
  };
  visit(path.resolve(dir));
  return changed;
}
