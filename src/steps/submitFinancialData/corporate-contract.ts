/**
 * SubmitFinancialData in the corporate domain (sections 2, 3, 5 and 9; decision 183): the company's
 * collaterals and, when the business-data step said it has any, its liabilities, each a repeating
 * block sent under `applicationUpdates.company`.
 * - Collaterals: at most 5 rows, only filled rows sent (the list starts with one empty row, which
 *   is neither sent nor refused). The type decides the fields: an address for premises and land, a
 *   market value for premises, land and vehicles; a surety is sent with the asset name
 *   PRIVATE_PERSONS_SURETY and is not offered in Estonia.
 * - Liabilities: asked only when the application's fact `company.hasLiabilities` (the business-data
 *   step's answer, `prefill.hasLiabilities` on both sides) is not `false`; when it is, none are
 *   asked and the stored list is emptied. A guarantee and a business surety have no monthly payment.
 */
import * as v from 'valibot';
import { askedWhen, choice, date, emptyRow, hidden, money, rows, text, type ValueField } from '../../../core/contract/fields';
import { dateRuleOptions, defineStepContract, type ContractContext } from '../../../core/contract/step-contract';
import { countryOfDomain, type CountryCode } from '../../../core/domain/business-domains';
import { COLLATERALS_MAX, SURETY_ASSET_NAME, collateralFieldsOf, collateralTypeOptions } from '../../../core/validation/corporate/collaterals';
import { MONTHLY_SUM_MAX } from '../../../core/validation/corporate/financials';
import { CORPORATE_LIABILITY_TYPES, liabilityHasMonthlyPayment } from '../../../core/validation/corporate/selects';
import { deadlineSchema } from '../../../core/validation/general/date-rules';
import { addressLineSchema, optionalAddressLineSchema } from '../../../core/validation/general/address';
import { additionalInfoTextSchema, creditorNameSchema } from '../../../core/validation/general/text-fields';
import { MESSAGES } from '../../../core/validation/messages';

const COMPANY = 'applicationUpdates.company';

/** Decision 183: a company's liabilities, one row each, 1 to 10 when it has any (as a person's obligations). */
export const CORPORATE_LIABILITIES_MAX = 10;

/** The company's country (the business-data step's choice), else the configured one. */
export function companyCountryOf(context: ContractContext): CountryCode {
  return context.country ?? countryOfDomain(context.domain);
}

/**
 * Decision 183: the liabilities are asked unless the business-data step said the company has none
 * (`company.hasLiabilities` false). An application that does not know yet is asked (the safer side).
 */
export function asksCorporateLiabilities(context: ContractContext): boolean {
  return context.prefill?.['hasLiabilities'] !== false;
}

/**
 * A value a row sends where it is asked and nobody types (the surety's asset name, the address's
 * country): the form holds nothing for it; the server takes it when left out and refuses another.
 */
function rowConstant<const T extends string>(path: string, value: T): ValueField<string, T> {
  return {
    kind: 'value',
    path,
    control: 'choice',
    options: [value],
    empty: '',
    read: () => v.pipe(v.unknown(), v.transform((): T => value)) as unknown as v.GenericSchema<string, T>,
    wire: v.optional(v.literal(value, MESSAGES.choiceInvalid), value),
    show: () => '',
  };
}

/** An optional text: a blank answer is not sent (section 3: "optional administrativeAreaLevel2"). */
function optionalText(path: string, rule: v.GenericSchema<string | undefined, string>): ValueField<string, string | undefined> {
  const read = v.pipe(rule, v.transform((typed: string) => (typed === '' ? undefined : typed))) as v.GenericSchema<string, string | undefined>;
  return { kind: 'value', path, control: 'text', empty: '', read: () => read, wire: read, show: (value) => value ?? '' };
}

const typeOf = (row: Readonly<Record<string, unknown>>) => String(row['type'] ?? '');
const hasAddress = (row: Readonly<Record<string, unknown>>) => collateralFieldsOf(typeOf(row)).address;
const hasMarketValue = (row: Readonly<Record<string, unknown>>) => collateralFieldsOf(typeOf(row)).marketValue;

/** One collateral: its type first, so each later field knows whether the type asks it. */
export function collateralRow(country: CountryCode) {
  return {
    type: choice('asset.type', collateralTypeOptions(country)),
    name: askedWhen(rowConstant('asset.name', SURETY_ASSET_NAME), (row) => typeOf(row) === 'SURETY'),
    streetAddress: askedWhen(text('asset.address.streetAddress', addressLineSchema()), hasAddress),
    administrativeAreaLevel1: askedWhen(text('asset.address.administrativeAreaLevel1', addressLineSchema()), hasAddress),
    administrativeAreaLevel2: askedWhen(optionalText('asset.address.administrativeAreaLevel2', optionalAddressLineSchema()), hasAddress),
    countryCode: askedWhen(rowConstant('asset.address.countryCode', country), hasAddress),
    // Decision 183: a collateral worth nothing secures nothing: at least 1 euro.
    marketValue: askedWhen(money('asset.marketValue', { min: 1 }), hasMarketValue),
    additionalInfoText: optionalText('additionalInfoText', additionalInfoTextSchema()),
  };
}

/** One liability of the company (section 3's liability row). */
export function corporateLiabilityRow(context: ContractContext) {
  return {
    type: choice('type', CORPORATE_LIABILITY_TYPES),
    creditor: text('creditor', creditorNameSchema()),
    declaredAmount: money('declaredAmount', { min: 1 }),
    declaredMonthlyPayment: askedWhen(money('declaredMonthlyPayment', { max: MONTHLY_SUM_MAX }), (row) =>
      liabilityHasMonthlyPayment(typeOf(row) as (typeof CORPORATE_LIABILITY_TYPES)[number]),
    ),
    // Section 5's deadline: not before today, at most 25 years ahead.
    endDate: date('endDate', deadlineSchema(dateRuleOptions(context))),
  };
}

/**
 * When the company has no liabilities, the step empties the list (an earlier answer is not kept), and
 * rows a client sends anyway are dropped, as the retail step drops obligations it did not ask.
 */
const NO_LIABILITIES = v.pipe(v.unknown(), v.transform((): unknown[] => []));

export default defineStepContract({
  fields: (context) => {
    const asked = asksCorporateLiabilities(context);
    return {
      collaterals: rows(`${COMPANY}.collaterals`, collateralRow(companyCountryOf(context)), { max: COLLATERALS_MAX, blankRowsDropped: true }),
      liabilities: {
        ...rows(`${COMPANY}.liabilities`, corporateLiabilityRow(context), { min: 1, max: CORPORATE_LIABILITIES_MAX }),
        when: () => asked,
      },
      noLiabilities: { ...hidden(`${COMPANY}.liabilities`, NO_LIABILITIES, () => []), when: () => !asked },
    };
  },
  // One empty collateral (left empty, it is not sent) and one empty liability: the fields show at once.
  initial: (context) => ({
    collaterals: [emptyRow(collateralRow(companyCountryOf(context)))],
    liabilities: [emptyRow(corporateLiabilityRow(context))],
  }),
  example: (context) => {
    const country = companyCountryOf(context);
    const collateral = emptyRow(collateralRow(country));
    const liability = emptyRow(corporateLiabilityRow(context));
    const year = String((context.today ?? new Date()).getFullYear() + 3);
    return {
      collaterals: [
        { ...collateral, type: 'PREMISES', streetAddress: 'Pärnu mnt 10', administrativeAreaLevel1: 'Tallinn', administrativeAreaLevel2: 'Kesklinn', marketValue: '240000', additionalInfoText: 'Office building, first floor' },
        // The surety is not offered in Estonia: a vehicle there.
        country === 'EE' ? { ...collateral, type: 'VEHICLES', marketValue: '18500' } : { ...collateral, type: 'SURETY', additionalInfoText: 'The owners’ surety' },
      ],
      liabilities: [
        { ...liability, type: 'BUSINESS_LOAN', creditor: 'Example Bank', declaredAmount: '50000', declaredMonthlyPayment: '1250', endDate: { day: '15', month: '6', year } },
        { ...liability, type: 'GUARANTEE', creditor: 'Example Leasing', declaredAmount: '20000', endDate: { day: '1', month: '12', year } },
      ],
    };
  },
});
