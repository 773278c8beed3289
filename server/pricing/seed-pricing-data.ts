import type { Database } from '../db/database';
import type { SolisMode } from '../config/env';
import { publishedApiKeyProblems } from '../partner-api/api-keys';
import { PricingDataError, pricingDataFile, readPricingDataFile } from './pricing-data-file';
import { writePricingData } from './pricing-repository';

/**
 * At start-up (server/main.ts, after the migrations): the product data file into the database, in
 * one transaction. An invalid file stops the start with a message naming every problem, so wrong
 * prices never reach an applicant (docs/decisions/090-product-data.md).
 */
export async function seedPricingData(db: Database, options: { file?: string; now?: Date; mode?: SolisMode } = {}): Promise<void> {
  const pricing = readPricingDataFile(options.file ?? pricingDataFile());
  // Decision 188: production never accepts an API key whose value was ever published.
  const published = options.mode === 'production' ? publishedApiKeyProblems(pricing) : [];
  if (published.length > 0) throw new PricingDataError(published);
  await db.transaction((tx) => writePricingData(tx, pricing, options.now ?? new Date()));
}
