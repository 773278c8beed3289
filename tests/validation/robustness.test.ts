import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { BUSINESS_DOMAINS } from '../../core/domain/business-domains';
import type { CountryCode } from '../../core/domain/business-domains';
import { MESSAGES, splitMessage } from '../../core/validation/messages';
import { personNameSchema } from '../../core/validation/general/person-name';
import { emailSchema } from '../../core/validation/general/email';
import { phoneNumberSchema } from '../../core/validation/general/phone';
import { ibanSchema, lithuanianIbanSchema, payoutIbanSchema } from '../../core/validation/general/iban';
import { documentExpiryDateSchema, documentIssueDateSchema, identityDocumentNumberSchema } from '../../core/validation/general/identity-document';
import { percentRules, typedPercentSchema } from '../../core/validation/general/interest-rate';
import { typedYearSchema, yearSchema } from '../../core/validation/general/construction-year';
import { personalCodeSchema, checkPersonalCode } from '../../core/validation/personal-code';
import { moneySchema, optionalMoneySchema, parseMoney } from '../../core/validation/money';
import * as text from '../../core/validation/general/text-fields';
import { campaignCodeSchema } from '../../core/validation/general/campaign-code';
import { assetAddressSchema } from '../../core/validation/general/address';
import { deadlineSchema, pastDateSchema } from '../../core/validation/general/date-rules';
import { taxpayerIdentificationNumberSchema } from '../../core/validation/general/taxpayer-number';
import { taxResidencySchema } from '../../core/validation/general/tax-residency';
import { citizenshipSchema } from '../../core/validation/general/citizenship';
import { purposeOfRelationshipSchema } from '../../core/validation/general/purpose-of-relationship';
import { languageCodeSchema } from '../../core/validation/general/language-field';
import { housingLoanSchema } from '../../core/validation/general/housing';
import { industryCodeSchema } from '../../core/validation/general/choices';
import * as leasing from '../../core/validation/corporate/leasing';
import { monthlySumSchema } from '../../core/validation/corporate/financials';
import { collateralsSchema } from '../../core/validation/corporate/collaterals';
import { latvianBirthDateSchema } from '../../core/validation/latvia/birth-date';
import { employmentStartSchema } from '../../core/validation/latvia/employment';
import { latvianIdCardNumberSchema, latvianPassportNumberSchema } from '../../core/validation/latvia/documents';
import { latvianAddressSchema } from '../../core/validation/latvia/address';
import { latvianPostalCodeSchema } from '../../core/validation/general/postal-code';
import { collateralOwnersSchema } from '../../core/validation/estonia/related-persons';
import { downPaymentOriginDescriptionSchema, estonianPostalAddressSchema } from '../../core/validation/estonia/text-rules';
import { financeAmountTextSchema } from '../../core/validation/estonia/finance-format';
import { detectFileType } from '../../core/validation/uploads/magic-bytes';
import { TODAY } from './support';

const countries: CountryCode[] = ['EE', 'LV', 'LT'];
const schemas: [string, v.GenericSchema][] = [
  ...BUSINESS_DOMAINS.flatMap((d): [string, v.GenericSchema][] => [
    [`personName ${d}`, personNameSchema(d)],
    [`phone ${d}`, phoneNumberSchema(d)],
  ]),
  ...countries.flatMap((c): [string, v.GenericSchema][] => [
    [`personalCode ${c}`, personalCodeSchema(c, { today: TODAY })],
    [`citizenship ${c}`, citizenshipSchema(c)],
    [`collaterals ${c}`, collateralsSchema(c)],
    [`owners ${c}`, collateralOwnersSchema(c, () => '37605030299')],
    [`campaign corporate ${c}`, campaignCodeSchema({ variant: 'corporate', country: c })],
  ]),
  ['email', emailSchema()],
  ['iban', ibanSchema()],
  ['payoutIban', payoutIbanSchema()],
  ['money', moneySchema()],
  ['optionalMoney', optionalMoneySchema()],
  ['businessName', text.businessNameSchema()],
  ['sellerName', text.sellerNameSchema()],
  ['additionalInfo', text.additionalInfoTextSchema()],
  ['campaign retail', campaignCodeSchema({ variant: 'retail' })],
  ['assetAddress', assetAddressSchema()],
  ['deadline', deadlineSchema({ today: TODAY })],
  ['pastDate', pastDateSchema({ today: TODAY })],
  ['taxpayer', taxpayerIdentificationNumberSchema()],
  ['taxResidency', taxResidencySchema({ localCountry: 'EE', firstCountry: 'EE' })],
  ['purpose', purposeOfRelationshipSchema()],
  ['language', languageCodeSchema(['et', 'ru'])],
  ['housing', housingLoanSchema({ minAmount: 10000 })],
  ['industry', industryCodeSchema()],
  ['leasePrice', leasing.leasePriceSchema({ min: 4000, max: 70000 })],
  ['leasingPeriod', leasing.leasingPeriodSchema({ min: 6, max: 84 })],
  ['assetYear', leasing.assetYearSchema('CAR_LEASING_BUSINESS', { today: TODAY })],
  ['payments', leasing.leasingPaymentsSchema({ price: 10000, mode: 'amount' })],
  ['monthlySum', monthlySumSchema()],
  ['lvBirthDate', latvianBirthDateSchema({ today: TODAY })],
  ['employmentStart', employmentStartSchema({ today: TODAY })],
  ['passport', latvianPassportNumberSchema()],
  ['idCard', latvianIdCardNumberSchema()],
  ['lvAddress', latvianAddressSchema()],
  ['lvPostalCode', latvianPostalCodeSchema()],
  ['eePostalAddress', estonianPostalAddressSchema()],
  ['downPaymentOrigin', downPaymentOriginDescriptionSchema()],
  ['financeAmount', financeAmountTextSchema()],
  ['lithuanianIban', lithuanianIbanSchema()],
  ['documentNumber', identityDocumentNumberSchema()],
  ['documentIssueDate', documentIssueDateSchema({ today: TODAY })],
  ['documentExpiryDate', documentExpiryDateSchema({ today: TODAY })],
  ['interestRate', percentRules({ min: 0, max: 100 })],
  ['typedInterestRate', typedPercentSchema('et', { min: 0, max: 100 })],
  ['constructionYear', yearSchema({ min: 1800, yearsAhead: 5 }, { today: TODAY })],
  ['typedConstructionYear', typedYearSchema({ min: 1800, yearsAhead: 5 }, { today: TODAY })],
];
const knownKeys = new Set<string>(Object.values(MESSAGES));

describe('no input makes any rule throw', () => {
  it.each(schemas)('%s: any value gives a result whose messages are our keys', (_name, schema) => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), fc.object()), (input) => {
        const result = v.safeParse(schema, input);
        for (const issue of result.issues ?? []) expect(knownKeys.has(splitMessage(issue.message).key), issue.message).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('pure helpers never throw', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...countries), fc.uint8Array({ maxLength: 128 }), (s, country, bytes) => {
        parseMoney(s);
        checkPersonalCode(country, s, { today: TODAY });
        detectFileType(bytes);
      }),
    );
  });
});
