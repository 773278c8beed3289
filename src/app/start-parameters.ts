import type { StartParameters } from '../../machines/application/application.actors';
import type { PartnerParametersInput } from '../../core/wire/process.schema';
import type { BusinessDomain } from '../../core/domain/business-domains';
import { defaultProductOf, productOfQuery } from '../../core/domain/products';

/** Section 3: the query's partner parameters, to the names the application keeps them by. */
const PARTNER_TEXT_QUERY = {
  reference_id: ['processData', 'webShopApplicationReferenceId'],
  reg_code: ['regCode'],
  goods_name: ['goodsName'],
  seller_business_name: ['seller', 'businessName'],
  seller_legal_name: ['seller', 'legalName'],
  seller_reg_code: ['seller', 'regCode'],
  seller_phone_number: ['seller', 'phoneNumber'],
} as const;

/**
 * Section 3's tracking of the link (`utm_term` is the paid search keyword) and the ad networks' click
 * ids (core/wire/tracking.schema.ts): held in memory and sent only with consent (decision 190).
 */
const TRACKING_QUERY = ['utm_channel', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid'];

function present(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name)?.trim();
  return value ? value : undefined;
}

function positiveNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** A non-negative number (a price or a rate written in a link), else undefined. */
function number(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * Section 3: partner parameters read from the query string, only present ones included: the
 * redirect URI (`redirectUri` or `redirect_uri`) and the reference as `processData`, the price of the
 * goods (`amount`) as a number, the seller's details as `seller`.
 */
export function readPartnerParameters(query: URLSearchParams): PartnerParametersInput | undefined {
  const out: Record<string, unknown> = {};
  const put = (path: readonly string[], value: unknown) => {
    let target = out;
    for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[path[path.length - 1] as string] = value;
  };
  const redirect = present(query, 'redirectUri') ?? present(query, 'redirect_uri');
  if (redirect) put(['processData', 'webShopRedirectUri'], redirect);
  for (const [name, path] of Object.entries(PARTNER_TEXT_QUERY)) {
    const value = present(query, name);
    if (value) put(path, value);
  }
  const price = number(present(query, 'amount'));
  if (price !== undefined) put(['goodsPrice'], price);
  return Object.keys(out).length ? (out as PartnerParametersInput) : undefined;
}

/**
 * What the query says about the application to start or continue; `embedded` adds what the
 * embedded user's token says about them (section 6).
 */
export function readStartParameters(search: string, domain: BusinessDomain, embedded: { customerAdministrator?: boolean; userGroups?: readonly string[] } = {}): StartParameters {
  const query = new URLSearchParams(search);
  // Decision 239: a product the link names is the customer's request (only its unfinished application is continued).
  const named = productOfQuery(domain, query.get('productName'));
  const product = named ?? defaultProductOf(domain);
  const tracking: Record<string, string> = {};
  for (const name of TRACKING_QUERY) {
    const value = present(query, name);
    if (value) tracking[name === 'utm_term' ? 'keyword' : name.replace('utm_', '')] = value;
  }
  const externalId = present(query, 'externalId');
  const loanAmount = positiveNumber(present(query, 'loanAmount'));
  const loanPeriod = positiveNumber(present(query, 'loanPeriod'));
  const loanPurpose = present(query, 'loanPurpose');
  const interestRate = number(present(query, 'interestRate'));
  // Section 5: the campaign code field is prefilled from the query; the step's rule and the server
  // normalise it (upper case), so the first page does not carry the validation library for it.
  const campaignCode = present(query, 'campaignCode');
  const partner = readPartnerParameters(query);
  return {
    productName: product.productName,
    ...(named ? { namedProduct: named.productName } : {}),
    ...(externalId ? { externalId } : {}),
    ...(loanAmount !== undefined ? { loanAmount } : {}),
    ...(loanPeriod !== undefined ? { loanPeriod } : {}),
    ...(loanPurpose ? { loanPurpose: loanPurpose.toUpperCase() } : {}),
    ...(interestRate !== undefined ? { interestRate } : {}),
    ...(campaignCode ? { campaignCode } : {}),
    ...(partner ? { partner } : {}),
    ...(Object.keys(tracking).length ? { tracking } : {}),
    ...(embedded.customerAdministrator ? { customerAdministrator: true } : {}),
    // Decision 181: the corporate country choice follows the embedded user's groups.
    ...(embedded.userGroups && embedded.userGroups.length > 0 ? { userGroups: [...embedded.userGroups] } : {}),
  };
}
