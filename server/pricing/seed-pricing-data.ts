import type { Database } from '../db/database';
import { pricingDataFile, readPricingDataFile } from './pricing-data-file';
import { writePricingData } from './pricing-repository';

/**
 * At start-up (server/main.ts, after the migrations): the product data file into the database, in
 * one transaction. An invalid file stops the start with a message naming every problem, so wrong
 * prices never reach an applicant (docs/decisions/090-product-data.md).
 */
export async function seedPricingData(db: Database, options: { file?: string; now?: Date } = {}): Promise<void> {
  const pricing = readPricingDataFile(options.file ?? pricingDataFile());
  await db.transaction((tx) => writePricingData(tx, pricing, options.now ?? new Date()));
}
