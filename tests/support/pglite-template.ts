/**
 * A migrated PGlite data directory with the product data seeded (as at start-up), built once and
 * copied per test file. A new PGlite directory takes ~6 s to initialise; a copy of a prepared one
 * opens in well under a second. The template is keyed by the migrations' and the data file's
 * content, and built under a lock directory so parallel Vitest workers build it once and the others
 * wait for it.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../server/db/database';
import { migrate, readMigrations } from '../../server/db/migrate';
import { openPgliteDatabase } from '../../server/db/pglite-database';
import { pricingDataFile } from '../../server/pricing/pricing-data-file';
import { seedPricingData } from '../../server/pricing/seed-pricing-data';

const LOCK_STALE_MS = 180_000;
const WAIT_LIMIT_MS = 180_000;

function templateDir(): string {
  const hash = createHash('sha256');
  for (const migration of readMigrations()) hash.update(migration.version).update(migration.sql);
  // The product data is seeded like at start-up: a changed data file makes a new template.
  hash.update(readFileSync(pricingDataFile()));
  return path.join(tmpdir(), `solis-pglite-template-${hash.digest('hex').slice(0, 16)}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function build(target: string): Promise<void> {
  const staging = `${target}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const db = await openPgliteDatabase(staging);
  try {
    await migrate(db);
    await seedPricingData(db);
  } finally {
    await db.close();
  }
  // The rename is atomic: a directory under the final name is always complete.
  renameSync(staging, target);
}

/** The template's path, building it first if this is the first caller. */
export async function pgliteTemplate(): Promise<string> {
  const target = templateDir();
  const lock = `${target}.lock`;
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!existsSync(target)) {
    try {
      mkdirSync(lock);
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the PGlite template at ${target} (lock ${lock}).`);
      await sleep(200);
      continue;
    }
    try {
      if (!existsSync(target)) await build(target);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return target;
}

export interface TestDatabase {
  db: Database;
  dataDir: string;
  /** Closes the database and removes its copy. */
  dispose(): Promise<void>;
}

/** A private, migrated PGlite database for one test file. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const template = await pgliteTemplate();
  const parent = mkdtempSync(path.join(tmpdir(), 'solis-test-db-'));
  const dataDir = path.join(parent, 'pgdata');
  cpSync(template, dataDir, { recursive: true });
  const db = await openPgliteDatabase(dataDir);
  return {
    db,
    dataDir,
    async dispose() {
      await db.close();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
