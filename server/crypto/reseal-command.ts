/**
 * `node --import tsx server/crypto/reseal-command.ts [--rehash]`: seals every personal value that is
 * clear or under an older key under the current key of DATA_KEYS (what every start does, for a
 * PostgreSQL database while servers keep running), and with `--rehash` recomputes every personal
 * code's look-up hash after DATA_HASH_KEY changed. docs/operations/key-rotation.md.
 */
import { ConfigError, loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { installDataKeyring } from './data-cipher';
import { resealPersonalData } from './reseal';

process.umask(0o077);

async function run(): Promise<void> {
  const config = loadConfig(process.env);
  installDataKeyring(config.dataKeys);
  const db = await openDatabase(config.database);
  try {
    await migrate(db);
    const report = await resealPersonalData(db, config.dataKeys, { rehash: process.argv.includes('--rehash') });
    console.info(JSON.stringify({ level: 'info', msg: 'personal data sealed under the current data key', currentKey: config.dataKeys.keys[0]!.id, ...report }));
  } finally {
    await db.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Re-sealing failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
