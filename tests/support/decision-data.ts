/** What the decision and underwriting rules' tests decide on: a fixed day, Estonia's products, a borrower. */
import type { ProductData } from '../../core/domain/product-data';
import type { ProductName } from '../../core/domain/products';
import type { Borrower } from '../../server/decisions/decision-rules';
import { productTableOf } from './product-data';

export const DECISION_TODAY = new Date('2026-06-15T00:00:00Z');
export const EE_PRODUCTS = productTableOf('retail-banking-ee');

/** An Estonian product's data as the bank's data file has it. */
export function estonianProduct(name: ProductName): ProductData {
  const data = EE_PRODUCTS[name];
  if (!data) throw new Error(`no ${name}`);
  return data;
}

/** A 41-year-old applicant earning 2 000 € a month with no debts, unless overridden. */
export function borrower(overrides: Partial<Borrower> = {}): Borrower {
  return { role: 'APPLICANT', birthDate: new Date('1985-03-12T00:00:00Z'), incomes: [{ monthlyAmount: 2000 }], liabilities: [], ...overrides };
}
