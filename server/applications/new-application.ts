import * as v from 'valibot';
import type { FieldErrors } from '../../core/wire/envelope.schema';
import type { CreateApplicationRequest, PartnerParametersInput } from '../../core/wire/process.schema';
import { isPurposeOf } from '../../core/domain/loan-purposes';
import type { ProductData } from '../../core/domain/product-data';
import { findProduct, findProductInAnyCountry, hasAmount, hasInstalments, productsForChannel, type CatalogueEntry } from '../../core/domain/products';
import { isCorporate } from '../../core/domain/business-domains';
import { campaignCodeSchema } from '../../core/validation/general/campaign-code';
import { MESSAGES } from '../../core/validation/messages';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { isRegisteredReturnAddress, keptProductData, partnerByRegCode, type Partner } from '../pricing/pricing-repository';
import { findPartnerProduct, partnerScope, productDataKeepingOf } from '../pricing/pricing.service';
import type { StoredApplicationData } from './application-data';
import { partnerLinkChannel, type PartnerLinkChannel } from './partner-link-channel';
import { hostingPlatformOf, webChannel, type ServerChannel, type WebCaller } from './channels';
import { trackingMetaData } from './tracking';

/**
 * What a new application starts with (section 3), decided by the server from its own product data:
 * the product's rate (a rate in a link is a display hint only), an amount and period within the
 * product's bounds, a purpose the product is lent for, and the partner parameters of the link once
 * the partner is known and its redirect URI is one of the partner's registered return addresses.
 */

/** The path of the partner parameters in a create request, for field errors. */
const PARTNER_PATH = 'application.partner';

function clamp(value: number | undefined, min: number, max: number, fallback: number): number {
  return value === undefined || !Number.isFinite(value) ? fallback : Math.min(max, Math.max(min, value));
}

function refused(path: string, message: string, key: string): ApiError {
  const fieldErrors: FieldErrors = { [path]: [key] };
  return new ApiError('VALIDATION_FAILED', message, { fieldErrors });
}

/** A campaign code from the link, normalised (section 5); a code that breaks the rules is not kept. */
function campaignCodeOf(code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  const parsed = v.safeParse(campaignCodeSchema({ variant: 'retail' }), code);
  return parsed.success && parsed.output !== '' ? parsed.output : undefined;
}

/** Only the parameters the link had (section 3). */
function definedOnly<T extends Record<string, unknown>>(record: T | undefined): Partial<T> | undefined {
  if (!record) return undefined;
  const entries = Object.entries(record).filter(([, value]) => value !== undefined && value !== '');
  return entries.length ? (Object.fromEntries(entries) as Partial<T>) : undefined;
}

export interface NewApplicationPlan {
  product: CatalogueEntry;
  productData: ProductData;
  partner: Partner | undefined;
  data: StoredApplicationData;
}

export interface PlanOptions {
  /** The caller's existing session or token subject: test-mode partners it registered are seen. */
  lookupOwner: Owner | null;
  product: CatalogueEntry;
  request: CreateApplicationRequest;
  /** Section 3: UPSALE for `/start`, `/choose-product` and the upsale call. */
  changeType?: 'UPSALE';
  /** Decision 188: a web caller's token groups (a customer administrator may create INTERNAL). */
  caller?: WebCaller;
  /** Decision 188: a server-to-server call's channel, proven by its API key (and the broker it is). */
  server?: { channel: ServerChannel; brokerId?: string };
}

/**
 * Checks the partner parameters against the registered partner: an unknown registration code or a
 * redirect URI that is not one of the partner's return addresses refuses the whole application, so
 * no applicant is ever sent back to an address the bank does not know (docs/decisions/093).
 */
async function checkPartner(db: Queryable, deps: AppDeps, owner: Owner | null, params: PartnerParametersInput | undefined): Promise<{ partner: Partner | undefined; productData?: ProductData; channel?: PartnerLinkChannel }> {
  const redirect = params?.processData?.webShopRedirectUri;
  if (!params?.regCode) {
    if (redirect) throw refused(`${PARTNER_PATH}.processData.webShopRedirectUri`, 'A redirect URI needs the partner it belongs to.', MESSAGES.redirectUriNotRegistered);
    return { partner: undefined };
  }
  const scope = partnerScope(deps, owner);
  const sold = params.goodsName ? await findPartnerProduct(db, scope, params.regCode, params.goodsName) : undefined;
  const partner = sold?.partner ?? (await partnerByRegCode(db, scope, params.regCode));
  if (!partner) throw refused(`${PARTNER_PATH}.regCode`, 'The partner is not known.', MESSAGES.partnerUnknown);
  if (redirect && !isRegisteredReturnAddress(redirect, partner.returnAddresses)) {
    throw refused(`${PARTNER_PATH}.processData.webShopRedirectUri`, 'The redirect URI is not a return address the partner registered.', MESSAGES.redirectUriNotRegistered);
  }
  return sold ? { partner, productData: sold.product, channel: sold.channel } : { partner };
}

/** The data of a new application, or a refusal (422) naming what is wrong. */
export async function planNewApplication(db: Queryable, deps: AppDeps, options: PlanOptions): Promise<NewApplicationPlan> {
  const { request, lookupOwner } = options;
  const { creditConditions, source, partner: params } = request.application;
  const domain = deps.config.businessDomain;
  const checked = await checkPartner(db, deps, lookupOwner, params);
  // The partner's goods decide the product, with the partner's own terms (section 3).
  const product = (checked.productData && findProduct(domain, checked.productData.productName, deps.config.client.countryCode)) || options.product;
  const partnerData = checked.productData?.productName === product.productName ? checked.productData : undefined;
  const productData = partnerData ?? (await keptProductData(db, domain, product.productName, productDataKeepingOf(deps)));
  if (!productData) throw new Error(`No product data for ${product.productName} in ${domain}`);

  // Decision 188: the channel is proven (an API key, a registered partner's link, a staff token), never declared;
  // decision 189: a registered partner's link makes the channel its goods are registered for.
  const partnerLink = partnerLinkChannel(checked);
  const channel = options.server?.channel ?? webChannel({ declared: source?.channel, partnerLink, caller: options.caller });
  const goodsPrice = params?.goodsPrice;
  // Section 3: the partner's amount is the price of the goods; within the product's bounds.
  const requestedAmount = checked.partner && goodsPrice !== undefined && goodsPrice > 0 ? goodsPrice : creditConditions.loanAmount;
  const purpose = creditConditions.loanPurpose;
  const renewableLoan = deps.flags.isEnabled('renewableLoan');
  const processData = definedOnly(params?.processData);
  const seller = definedOnly(params?.seller);
  const campaignCode = campaignCodeOf(request.application.campaignCode);

  const data: StoredApplicationData = {
    currency: 'EUR',
    creditConditions: {
      productName: product.productName,
      loanAmount: hasAmount(product.productName) ? clamp(requestedAmount, productData.minAmount, productData.maxAmount, productData.baseAmount) : null,
      loanPeriod: hasInstalments(product.productName) ? clamp(creditConditions.loanPeriod, productData.minPeriod, productData.maxPeriod, productData.basePeriod) : null,
      // A purpose the product is not lent for (an old link) is left out rather than refused.
      loanPurpose: purpose && isPurposeOf(product.productName, purpose, { renewableLoan }) ? purpose : null,
      interestRate: productData.interestRate,
      // Section 9: default monthly payment day 15.
      monthlyPaymentDay: 15,
    },
    initialCreditConditions: { loanAmount: creditConditions.loanAmount ?? null, loanPeriod: creditConditions.loanPeriod ?? null },
    source: {
      channel,
      applicationOrigin: channel,
      countryCode: deps.config.client.countryCode,
      // Section 6: where it was made, from the proven channel.
      hostingPlatform: hostingPlatformOf(channel),
      ...(options.server?.brokerId ? { broker: { id: options.server.brokerId } } : {}),
      ...(checked.partner
        ? { partner: { id: checked.partner.id, regCode: checked.partner.regCode, ...(processData?.webShopRedirectUri ? { redirectUrl: processData.webShopRedirectUri } : {}) } }
        : {}),
    },
    // Decision 190: only with the applicant's consent, without what looks like personal data.
    sourceMetaData: trackingMetaData(source?.tracking, deps.clock()),
    ...(processData ? { processData } : {}),
    ...(params?.goodsName ? { goodsName: params.goodsName } : {}),
    ...(goodsPrice !== undefined ? { goodsPrice } : {}),
    ...(seller ? { seller } : {}),
    ...(campaignCode ? { campaignCode } : {}),
    ...(options.changeType ? { changeType: options.changeType } : {}),
    customData: {},
  };
  return { product, productData, partner: checked.partner, data };
}

/**
 * The product a create request asks for, if this domain offers it on the web (section 1: channels).
 * Corporate banking: a product some country of the domain offers (issue 24: the company's country is
 * chosen on businessData, whose contract and the step service then check the pair).
 */
export function offeredProduct(deps: AppDeps, productName: string | undefined): CatalogueEntry | undefined {
  const { businessDomain, client } = deps.config;
  if (isCorporate(businessDomain)) return findProductInAnyCountry(businessDomain, productName);
  return productsForChannel(businessDomain, 'WEBPAGE', client.countryCode).find((item) => item.productName === productName);
}
