import type { StartParameters } from '../../machines/application/application.actors';
import type { BusinessDomain } from '../domain/business-domains';
import { resolveProduct } from '../domain/products';

/** Section 3: partner parameters read from the query string; only present ones are included. */
const PARTNER_QUERY: Record<string, string> = {
  redirectUri: 'webShopRedirectUri',
  redirect_uri: 'webShopRedirectUri',
  reference_id: 'webShopApplicationReferenceId',
  reg_code: 'regCode',
  goods_name: 'goodsName',
  amount: 'goodsPrice',
  seller_business_name: 'sellerBusinessName',
  seller_legal_name: 'sellerLegalName',
  seller_reg_code: 'sellerRegCode',
  seller_phone_number: 'sellerPhoneNumber',
};

const TRACKING_QUERY = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];

function positiveNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * What the query says about the application to start or continue; `embedded` adds what the
 * embedded user's token says about them (section 6).
 */
export function readStartParameters(search: string, domain: BusinessDomain, embedded: { customerAdministrator?: boolean } = {}): StartParameters {
  const query = new URLSearchParams(search);
  const product = resolveProduct(domain, query.get('productName'));
  const partner: Record<string, string> = {};
  for (const [name, target] of Object.entries(PARTNER_QUERY)) {
    const value = query.get(name);
    if (value !== null && value !== '') partner[target] = value;
  }
  const tracking: Record<string, string> = {};
  for (const name of TRACKING_QUERY) {
    const value = query.get(name);
    if (value) tracking[name.replace('utm_', '')] = value;
  }
  const externalId = query.get('externalId') ?? undefined;
  const loanAmount = positiveNumber(query.get('loanAmount'));
  const loanPeriod = positiveNumber(query.get('loanPeriod'));
  const loanPurpose = query.get('loanPurpose') ?? undefined;
  // Section 5: the campaign code field is prefilled from the query; the step's rule normalises it
  // (upper case), so the first page does not carry the validation library for it.
  const campaignCode = query.get('campaignCode')?.trim();
  return {
    productName: product.productName,
    ...(externalId ? { externalId } : {}),
    ...(loanAmount !== undefined ? { loanAmount } : {}),
    ...(loanPeriod !== undefined ? { loanPeriod } : {}),
    ...(loanPurpose ? { loanPurpose } : {}),
    ...(Object.keys(partner).length ? { partner } : {}),
    ...(Object.keys(tracking).length ? { tracking } : {}),
    ...(campaignCode ? { campaignCode } : {}),
    ...(embedded.customerAdministrator ? { customerAdministrator: true } : {}),
  };
}
