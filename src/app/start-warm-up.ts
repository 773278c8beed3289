import type { RuntimeConfig } from '../../core/wire/config.schema';
import { isCorporate } from '../../core/domain/business-domains';
import { isWebProduct, productsForChannel } from '../../core/domain/products';
import { hasStep, preloadStep } from './step-loader';
import { warmUpContinue } from './continue-warm-up';

/**
 * Issue 26 item 1 (decision 198): what the step page will ask for once it starts, asked as soon as
 * the configuration is known, beside the language's messages instead of after them. The step page
 * asks again as before and gets the same promises (the loader and the product data keep them), so
 * nothing is loaded twice and a failure here only means the page asks for itself.
 *  - On `/` without an application, the domain's first step (its view and machines).
 *  - On `/?externalId=...`, the application's current task (continue-warm-up.ts, decision 227).
 *  - On `/`, the product data of the domain's web products, which every step page initialises
 *    before it shows (section 4). Not when embedded: a customer administrator's page does not
 *    initialise products (section 6), and a parent's token must go with every call.
 */
export function warmUpFirstStep(
  config: RuntimeConfig,
  location: Pick<Location, 'pathname' | 'search'>,
  embedded: boolean,
): { step: Promise<unknown> | null; products: Promise<unknown> | null } {
  if (embedded || location.pathname !== '/') return { step: null, products: null };
  // Decision 227: a continued application (only the address's id and language: a role, a partner's
  // return address or any other parameter may change what the continue call asks or stores).
  const query = new URLSearchParams(location.search);
  const externalId = query.get('externalId');
  if (externalId && [...query.keys()].every((name) => name === 'externalId' || name === 'lang')) warmUpContinue(externalId);
  const first = config.firstTaskDefinitionKey;
  const step =
    first && hasStep(first) && !query.has('externalId')
      ? preloadStep(first, { country: config.countryCode, role: 'APPLICANT', channel: null, corporate: isCorporate(config.businessDomain) }).catch(() => undefined)
      : null;
  const productNames = productsForChannel(config.businessDomain, 'WEBPAGE', config.countryCode)
    .filter((item) => isWebProduct(item.productName))
    .map((item) => item.productName);
  const products =
    productNames.length > 0 ? import('./product-data').then((data) => data.loadProductTable({ productNames, partner: null })).catch(() => undefined) : null;
  return { step, products };
}
