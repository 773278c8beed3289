/**
 * The current account's contract (issue 12, section 2 `signCurrentAccountContract`;
 * docs/decisions/144-current-account-contract.md, 145-current-account-signing-methods.md): its
 * terms from the bank's price list and the ways it may be signed. Pure: shared by the reference API
 * (which draws the contract up and refuses other methods) and the step (which shows both).
 */
import { signingChoicesFor, type SigningChoice, type SigningProviders } from './contracts';
import type { BusinessDomain } from './business-domains';

/** The task at which the account's contract is drawn up, shown and signed. */
export const ACCOUNT_CONTRACT_TASK = 'signCurrentAccountContract';

export const CURRENT_ACCOUNT_PRODUCT = 'CURRENT_ACCOUNT';

/** Decision 144: the account's terms from the bank's price list (the same in Estonia and Latvia). */
export const CURRENT_ACCOUNT_TERMS = {
  currency: 'EUR',
  /** Monthly account maintenance fee, EUR. */
  monthlyFee: 1.5,
  /** Interest paid on the balance, percent a year. */
  balanceInterestRate: 0,
  /** Notice the holder gives to close the account, days (the bank gives two months). */
  holderNoticeDays: 30,
} as const;

/** The digital methods that sign an account contract: a payment, a store or a post office do not (decision 145). */
const ACCOUNT_METHODS: ReadonlySet<SigningChoice> = new Set(['SMART_ID', 'MOBILE_SIGNATURE', 'EPARAKSTS', 'EPARAKSTS_EID']);

/**
 * The ways the account contract may be signed, in the loan signing's order (decision 145): the loan's
 * digital methods of the country (Estonia: Smart-ID, Mobile-ID; Latvia: Smart-ID, eParaksts with its
 * flag), never payment signing (it is a first loan payment), nor the partner's store or the post office.
 */
export function accountSigningChoicesFor(domain: BusinessDomain, flags?: ReadonlySet<string>, providers?: SigningProviders): SigningChoice[] {
  return signingChoicesFor({ domain, ...(flags ? { flags } : {}), ...(providers ? { providers } : {}) }).filter((choice) => ACCOUNT_METHODS.has(choice));
}
