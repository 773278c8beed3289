import { requiredChoiceSchema, requiredYesNoSchema } from '../general/choices';
import { COLLATERAL_TYPES } from './collaterals';
import { LEASE_TYPES } from './leasing';

/** Section 3: corporate liability types. */
export const CORPORATE_LIABILITY_TYPES = ['BUSINESS_LOAN', 'BUSINESS_LEASING', 'GUARANTEE', 'BUSINESS_SURETY', 'OTHER'] as const;
/** VAT payment methods of the leasing step (the spec names the field, not its values). */
export const VAT_PAYMENT_METHODS = ['WITH_DOWN_PAYMENT', 'IN_INSTALMENTS'] as const;

/** Section 5 (Corporate): required selects. */
export const leaseTypeSchema = () => requiredChoiceSchema(LEASE_TYPES);
export const vatPaymentMethodSchema = () => requiredChoiceSchema(VAT_PAYMENT_METHODS);
export const liabilityTypeSchema = () => requiredChoiceSchema(CORPORATE_LIABILITY_TYPES);
export const collateralTypeSchema = () => requiredChoiceSchema(COLLATERAL_TYPES);
/** Section 5: has-liabilities yes/no, required by default. */
export const hasLiabilitiesSchema = () => requiredYesNoSchema();

/** Section 3: the declared monthly payment is hidden and removed for guarantee and business surety. */
export function liabilityHasMonthlyPayment(type: (typeof CORPORATE_LIABILITY_TYPES)[number]): boolean {
  return type !== 'GUARANTEE' && type !== 'BUSINESS_SURETY';
}
