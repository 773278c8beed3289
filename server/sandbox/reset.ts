import type { Database } from '../db/database';
import { forgetProcessMemory } from '../db/process-memory';

/**
 * The tables a freshly started server holds rows in before its first request: the record of the
 * migrations (db/migrate.ts) and the product data file's products, partners, campaigns, brokers and API key hashes (decision 188), which
 * every start writes again (pricing/seed-pricing-data.ts, server/main.ts) and nothing else writes.
 * Everything else starts empty.
 */
export const SEEDED_TABLES: readonly string[] = ['schema_migrations', 'product_data', 'partners', 'partner_products', 'campaigns', 'brokers', 'api_credentials'];

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Test mode only (`POST /api/sandbox/reset`, decision 164): the database back to what a freshly
 * started server has, so one server process can serve one browser test after another. Every table
 * but the seeded ones is emptied, its sequences restarted, in one transaction: a table a later
 * migration adds is emptied without being named here. That is all of the server's state: sessions,
 * applications, drafts, rate-limit counters, sandbox controls and settings (the per-session decision,
 * identity, signing-provider and partner settings), the outbox, signing transactions, consents and
 * uploads are all rows (db/database.ts), but for a PGlite database's rate-limit counts and sliding
 * session expiries, which its one process keeps in memory (decision 207) and which this empties too. The other
 * process memory is housekeeping's count of draft bytes since its last VACUUM (db/housekeeping.ts),
 * which changes no answer. Returns the tables emptied.
 */
export async function resetToSeeded(db: Database): Promise<string[]> {
  // On PGlite the rate-limit counts and sessions' expiries are also the process's memory (decision 207).
  forgetProcessMemory(db);
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = current_schema() order by tablename",
    );
    const emptied = rows.map((row) => row.name).filter((name) => !SEEDED_TABLES.includes(name));
    // One statement: tables that reference each other are emptied together. No cascade: a seeded
    // table referring to an emptied one would be an error here, not silently emptied too.
    if (emptied.length > 0) await tx.query(`truncate table ${emptied.map(quoted).join(', ')} restart identity`);
    return emptied;
  });
}
