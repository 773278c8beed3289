/**
 * Section 3's `contractsInfo` and the signing choices of sections 1 and 3 (issue 12;
 * docs/decisions/135-contract-documents.md, 136-signing-choices.md). Pure: shared by the reference
 * API (which stores contracts and checks the chosen method) and the contract step (which shows them).
 */
import { countryOfDomain, isCorporate, type BusinessDomain, type CountryCode } from './business-domains';

/** Section 3: signing method values. */
export const SIGNING_METHODS = ['EPARAKSTS', 'EPARAKSTS_EID', 'EVROTRUST', 'MOBILE_SIGNATURE', 'PAYMENT', 'SMART_ID'] as const;
export type SigningMethod = (typeof SIGNING_METHODS)[number];

/** Section 3: signing methods at flow level. */
export type SigningFlow = 'digital' | 'partnerStore' | 'payment' | 'post';

/** What the applicant may choose on ViewContractAndChooseSigningMethod: a digital method, or one of the other ways. */
export const SIGNING_CHOICES = ['SMART_ID', 'MOBILE_SIGNATURE', 'EPARAKSTS', 'EPARAKSTS_EID', 'PAYMENT', 'PARTNER_STORE', 'POST'] as const;
export type SigningChoice = (typeof SIGNING_CHOICES)[number];

export function signingFlowOf(choice: SigningChoice): SigningFlow {
  if (choice === 'PAYMENT') return 'payment';
  if (choice === 'PARTNER_STORE') return 'partnerStore';
  if (choice === 'POST') return 'post';
  return 'digital';
}

export interface ContractSigning {
  dateTime?: string | null;
  method?: string | null;
  fileServiceId?: string | null;
}

/** Section 3: one contract of the application. */
export interface ContractInfo {
  productName: string;
  signing: ContractSigning;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** Section 3: a contract counts as signed only when the date, the method and the signed file are all present. */
export function isContractSigned(contract: Pick<ContractInfo, 'signing'> | null | undefined): boolean {
  const signing = contract?.signing;
  return !!signing && present(signing.dateTime) && present(signing.method) && present(signing.fileServiceId);
}

/** The application's contracts not yet signed, in order (cross-sell signing takes them one by one). */
export function unsignedContracts<T extends Pick<ContractInfo, 'signing'>>(contracts: readonly T[]): T[] {
  return contracts.filter((contract) => !isContractSigned(contract));
}

export interface SigningChoicesInput {
  domain: BusinessDomain;
  /** The application's country (a company's, decision 184); left out: the domain's. */
  country?: CountryCode;
  /** Section 6's feature flags that are on. */
  flags?: ReadonlySet<string>;
  /** Section 3's channel: a partner's application may be signed at the partner's store. */
  channel?: string;
  /** How many contracts the applicant signs (cross-sell, decision 162): one payment signs one contract. */
  contracts?: number;
  /**
   * Issue 21: the signing parties this server can reach (runtime configuration). A method whose party
   * is not configured (production only) is not offered. Left out: every party is reachable.
   */
  providers?: SigningProviders;
  /**
   * Decision 189: false when the partner the application came through does not let its customers sign
   * digitally (`canSignDigitally` of the product data file): no Smart-ID, Mobile-ID or eParaksts.
   * Left out: digital signing is the partner's to offer (the bank's own applications always have it).
   */
  digitalSigning?: boolean;
}

/** The signing parties a server can reach (issue 21; `RuntimeConfig.providers`). */
export interface SigningProviders {
  smartId: boolean;
  mobileId: boolean;
  eparaksts: boolean;
  /** The BICs of the banks whose payment signing is configured. */
  bankPayment: readonly string[];
}

function reachable(choice: SigningChoice, providers: SigningProviders | undefined): boolean {
  if (!providers) return true;
  if (choice === 'SMART_ID') return providers.smartId;
  if (choice === 'MOBILE_SIGNATURE') return providers.mobileId;
  if (choice === 'EPARAKSTS' || choice === 'EPARAKSTS_EID') return providers.eparaksts;
  if (choice === 'PAYMENT') return providers.bankPayment.length > 0;
  return true;
}

const PARTNER_CHANNELS: ReadonlySet<string> = new Set(['PARTNER', 'PARTNER_API', 'PARTNER_SHORT', 'PARTNER_HOSTED_FLOW', 'PARTNER_REMOTE', 'PARTNER_LANDING_PAGE']);

/**
 * The ways a contract may be signed, in the order the page offers them (decision 136):
 * - digital: Smart-ID everywhere; Mobiil-ID / Mobile signature in Estonia and Lithuania; eParaksts
 *   (mobile app, and eID card) in Latvia when the eParaksts flag is on;
 * - payment (a first payment from the applicant's own account at one of the four Latvian banks of
 *   section 3): Latvia only, with the payment-signing flag, for the bank's own applications only
 *   (section 4: "the application source is the product's own"), and only when there is one contract to
 *   sign (one payment signs one contract; cross-sell, decision 162);
 * - at the partner's store: an application that came through a partner; the only way when the
 *   partner does not let its customers sign digitally (decision 189: `digitalSigning` false);
 * - at a post office (Latvijas Pasts identifies the applicant): Latvian retail, not for a partner's.
 * A company (decision 184) is signed for by its representative with their own e-signature, in the
 * company's country: Smart-ID, Mobile-ID where the country has it, eParaksts in Latvia behind its flag;
 * neither a payment (it would come from the company's account and identify nobody) nor a post office.
 */
export function signingChoicesFor(input: SigningChoicesInput): SigningChoice[] {
  const flags = input.flags ?? new Set<string>();
  const partner = PARTNER_CHANNELS.has(input.channel as string);
  const country = input.country ?? countryOfDomain(input.domain);
  const retail = !isCorporate(input.domain);
  const digital = input.digitalSigning !== false;
  const choices: SigningChoice[] = digital ? ['SMART_ID'] : [];
  if (digital && (country === 'EE' || country === 'LT')) choices.push('MOBILE_SIGNATURE');
  if (digital && country === 'LV' && flags.has('eParakstsSigning')) choices.push('EPARAKSTS', 'EPARAKSTS_EID');
  if (retail && country === 'LV' && flags.has('paymentSigning') && !partner && (input.contracts ?? 1) <= 1) choices.push('PAYMENT');
  if (partner) choices.push('PARTNER_STORE');
  if (retail && country === 'LV' && !partner) choices.push('POST');
  return choices.filter((choice) => reachable(choice, input.providers));
}
