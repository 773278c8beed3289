/**
 * The bank's product data as the data file has it (what `pricing-conditions` answers and what the
 * server seeds), and the reference API's calculation in process: for tests that need real figures
 * without a server.
 */
import * as v from 'valibot';
import type { CalculatedFigures, CalculationRequest } from '../../machines/calculator/calculator.machine';
import { parsePricingData } from '../../server/pricing/pricing-data-file';
import pricingData from '../../server/pricing/pricing-data.json';
import { calculate } from '../../server/routes/loan.routes';
import { LoanCalculateRequestSchema } from '../../core/wire/pricing.schema';
import { calculatePayload } from '../../src/app/loan-calculation';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { ProductTable } from '../../core/domain/product-data';

export function productTableOf(domain: BusinessDomain): ProductTable {
  return Object.fromEntries(
    // Imported rather than read from disk: the same in Node and in the jsdom environment.
    parsePricingData(pricingData)
      .products.filter((item) => item.domain === domain)
      .map((item) => [item.data.productName, item.data]),
  );
}

/** The calculation the reference API makes, in process (no network), on a fixed day. */
export function calculateLikeTheServer(request: CalculationRequest): CalculatedFigures {
  return calculate(v.parse(LoanCalculateRequestSchema, calculatePayload(request)), new Date('2026-01-15T10:00:00Z'));
}
