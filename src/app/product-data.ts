/**
 * Section 4, "products are initialised": the product data the pages need, from the pricing calls,
 * kept for the page's life so product selection and the application share one answer per product.
 * A failed answer is not kept, so trying again asks again.
 */
import type { LoadProductsInput, LoadProductsOutput } from '../../machines/application/application.actors';
import { fetchPartnerProductData, fetchPricingConditions, fetchPricingConditionsBatch } from '../api/pricing.api';
import { toAppError } from '../api/client';
import type { ProductData, ProductTable } from '../../core/domain/product-data';
import type { ProductName } from '../../core/domain/products';

const answers = new Map<string, Promise<ProductData>>();

function pricingOf(productName: string, signal: AbortSignal | undefined): Promise<ProductData> {
  let answer = answers.get(productName);
  if (!answer) {
    answer = fetchPricingConditions(productName, { signal }) as Promise<ProductData>;
    answers.set(productName, answer);
    answer.catch(() => answers.delete(productName));
  }
  return answer;
}

/**
 * Decision 201: the products not asked yet, in one request (the first page asks every web product
 * of its domain: one round trip on a slow network, not one per product). Each product keeps its own
 * promise, so a later page asking one of them gets the same answer.
 */
function askTogether(productNames: readonly string[], signal: AbortSignal | undefined): void {
  const missing = [...new Set(productNames)].filter((name) => !answers.has(name));
  if (missing.length < 2) return;
  const batch = fetchPricingConditionsBatch(missing, { signal }) as Promise<ProductData[]>;
  missing.forEach((name, index) => {
    const answer = batch.then((products) => {
      const product = products[index];
      if (product?.productName !== name) throw new Error(`The pricing answer does not match the products asked for (${name}).`);
      return product;
    });
    answers.set(name, answer);
    answer.catch(() => answers.delete(name));
  });
}

/** The product data of the products asked for; a partner's product with the partner's terms replaces the bank's. */
export async function loadProductTable(input: LoadProductsInput, signal?: AbortSignal): Promise<LoadProductsOutput> {
  askTogether(input.productNames, signal);
  const products = await Promise.all(input.productNames.map((name) => pricingOf(name, signal)));
  const table: Partial<Record<string, ProductData>> = Object.fromEntries(products.map((product) => [product.productName, product]));
  let partnerProduct: ProductName | null = null;
  if (input.partner) {
    try {
      const sold = await fetchPartnerProductData(input.partner, { signal });
      table[sold.product.productName] = sold.product as ProductData;
      partnerProduct = sold.product.productName;
    } catch (error) {
      // A link naming goods the partner does not sell prices nothing; creating the application says why.
      if (toAppError(error).kind !== 'not-found') throw error;
    }
  }
  return { products: table as ProductTable, partnerProduct };
}
