/**
 * SubmitBankDetailsAndIdentificationDocumentInfo (section 2): the bank account, the identity
 * document, the tax residencies (a repeating block, section 5), the purposes of the relationship
 * with the bank and, for the applicant, the monthly payment day. A co-borrower answers for
 * themselves; the payment day is the application's, so only the applicant chooses it.
 */
import * as v from 'valibot';
import { askedWhen, choice, choices, consent, date, emptyRow, fixed, rows, text } from '../../../core/contract/fields';
import type { ValueField } from '../../../core/contract/fields';
import { dateRuleOptions, defineStepContract } from '../../../core/contract/step-contract';
import type { ContractContext, RowProblem } from '../../../core/contract/step-contract';
import { countryOfDomain, type CountryCode } from '../../../core/domain/business-domains';
import { ISO_COUNTRY_CODES } from '../../../core/domain/countries';
import { DEFAULT_MONTHLY_PAYMENT_DAY, DOCUMENT_TYPES, MONTHLY_PAYMENT_DAYS, type MonthlyPaymentDay } from '../../../core/domain/finances';
import { addressLineSchema } from '../../../core/validation/general/address';
import { ibanSchema } from '../../../core/validation/general/iban';
import { documentDatesProblem, documentExpiryDateSchema, documentIssueDateSchema, identityDocumentNumberSchema } from '../../../core/validation/general/identity-document';
import { PURPOSES_OF_RELATIONSHIP, PURPOSE_OF_RELATIONSHIP_MAX, purposeOfRelationshipSchema } from '../../../core/validation/general/purpose-of-relationship';
import { TAX_RESIDENCY_MAX_ROWS, firstTaxResidencyCountry, isTaxPayerCodeRequired, taxResidencySchema } from '../../../core/validation/general/tax-residency';
import { taxpayerIdentificationNumberSchema } from '../../../core/validation/general/taxpayer-number';
import { latvianDocumentNumberSchema } from '../../../core/validation/latvia/documents';
import { MESSAGES, type MessageText } from '../../../core/validation/messages';

const DECLARED = 'personUpdates.0.declaredData';
const DOCUMENT = `${DECLARED}.identityDocument`;

/**
 * The person's citizenships, when the step knows them (`prefill.citizenships`, from the
 * background step): a US citizen's first tax residency is the USA (section 5).
 */
export function citizenshipsOf(context: ContractContext): readonly string[] {
  const known = context.prefill?.citizenships;
  return Array.isArray(known) ? known.filter((code): code is string => typeof code === 'string') : [];
}

/** The fixed first tax residency: the USA for a US citizen, otherwise the country served. */
export function firstTaxResidencyOf(context: ContractContext): string {
  return firstTaxResidencyCountry(citizenshipsOf(context), countryOfDomain(context.domain));
}

/** Whether the step asks the monthly payment day: the application's, so the applicant's alone. */
export function asksMonthlyPaymentDay(context: ContractContext): boolean {
  return context.role !== 'COBORROWER';
}

/** Section 6: place of birth and the document-validity confirmation, behind their feature flag. */
export function asksPlaceOfBirth(context: ContractContext): boolean {
  return context.flags?.has('placeOfBirthAndDocumentValidity') ?? false;
}

/**
 * The monthly payment day: one of the offered days, chosen in a select (text) and sent as a number
 * (section 7: creditConditions.monthlyPaymentDay, as the create step sends its default).
 */
function paymentDay(path: string): ValueField<string, MonthlyPaymentDay> {
  const options = MONTHLY_PAYMENT_DAYS.map(String);
  const wire = v.pipe(
    v.unknown(),
    v.rawTransform<unknown, MonthlyPaymentDay>(({ dataset, addIssue, NEVER }) => {
      const day = dataset.value;
      if (day === undefined || day === null || day === '') addIssue({ message: MESSAGES.required });
      else if (!(MONTHLY_PAYMENT_DAYS as readonly unknown[]).includes(day)) addIssue({ message: MESSAGES.choiceInvalid });
      else return day as MonthlyPaymentDay;
      return NEVER;
    }),
  );
  // The offered days as text are exactly the wire's days: reading needs no second check.
  const typed = v.pipe(
    v.string(MESSAGES.required),
    v.nonEmpty(MESSAGES.required),
    v.picklist(options, MESSAGES.choiceInvalid),
    v.transform((day) => Number(day) as MonthlyPaymentDay),
  );
  return { kind: 'value', path, control: 'choice', options, empty: '', read: () => typed, wire, show: (day) => String(day) };
}

/**
 * Section 5 (Latvia): the number's format depends on the document type (passport: a prefix from a
 * fixed set and 7 digits; ID card: 2 letters and 7 digits).
 */
function latvianDocumentNumberProblem(type: string, number: string): MessageText | undefined {
  if (type !== 'ID_CARD' && type !== 'PASSPORT') return undefined;
  return v.safeParse(latvianDocumentNumberSchema(type), number).issues?.[0]?.message as MessageText | undefined;
}

/** A document number as typed: spaces dropped and upper-cased; Latvia's format is checked by type (above). */
function documentNumberRule(country: CountryCode) {
  if (country !== 'LV') return identityDocumentNumberSchema();
  return v.pipe(v.string(MESSAGES.required), v.transform((typed: string) => typed.replace(/\s+/g, '').toUpperCase()), v.nonEmpty(MESSAGES.required));
}

/** Section 5's tax residency rules across rows (first fixed, no duplicates), on the offending row's country. */
function taxResidencyProblems(residencies: readonly { countryCode: string; taxPayerCode?: string | undefined }[], country: CountryCode, firstCountry: string): RowProblem[] {
  const checked = v.safeParse(
    taxResidencySchema({ localCountry: country, firstCountry }),
    residencies.map((row) => ({ taxResidencyCountryCode: row.countryCode, taxPayerCode: row.taxPayerCode ?? '' })),
  );
  return (checked.issues ?? []).flatMap((issue) => {
    const [index, key] = (issue.path ?? []).map((item) => item.key);
    if (typeof index !== 'number') return [];
    return [{ row: index, item: key === 'taxPayerCode' ? 'taxPayerCode' : 'countryCode', message: issue.message as MessageText }];
  });
}

/**
 * The countries one can be tax resident in: every ISO country but the uninhabited territories
 * (Antarctica, Bouvet Island, Heard and McDonald Islands, South Georgia, the US Minor Outlying
 * Islands, the French Southern Territories).
 */
const UNINHABITED = ['AQ', 'BV', 'HM', 'GS', 'UM', 'TF'];
export const TAX_RESIDENCY_COUNTRIES = ISO_COUNTRY_CODES.filter((code) => !UNINHABITED.includes(code));

function taxResidencyRow(country: CountryCode) {
  return {
    countryCode: choice('countryCode', TAX_RESIDENCY_COUNTRIES),
    taxPayerCode: askedWhen(text('taxPayerCode', taxpayerIdentificationNumberSchema()), (row) => isTaxPayerCodeRequired(String(row.countryCode ?? ''), country)),
  };
}

/** Purposes of the relationship (section 5): checkboxes, at most 3, always with LOAN. */
function purposes(path: string) {
  const rule = purposeOfRelationshipSchema();
  return { ...choices(path, PURPOSES_OF_RELATIONSHIP, { max: PURPOSE_OF_RELATIONSHIP_MAX }), read: () => rule, wire: rule };
}

export default defineStepContract({
  fields: (context) => {
    const country = countryOfDomain(context.domain);
    const base = {
      role: fixed('personUpdates.0.role', context.role ?? 'APPLICANT'),
      // Section 5: the country's own IBAN (Estonian retail EE, Latvian LV, Lithuanian LT).
      bankAccountNumber: text(`${DECLARED}.bankAccountNumber`, ibanSchema({ countries: [country] })),
      documentType: choice(`${DOCUMENT}.type`, DOCUMENT_TYPES),
      documentNumber: text(`${DOCUMENT}.number`, documentNumberRule(country)),
      issueDate: date(`${DOCUMENT}.issueDate`, documentIssueDateSchema(dateRuleOptions(context))),
      expiryDate: date(`${DOCUMENT}.expiryDate`, documentExpiryDateSchema(dateRuleOptions(context)), { twoDigitYears: 'near' }),
    };
    const birthAndValidity = {
      placeOfBirth: text(`${DOCUMENT}.placeOfBirth`, addressLineSchema()),
      validityConfirmed: consent(`${DOCUMENT}.validityConfirmed`),
    };
    const relationship = {
      taxResidencies: rows(`${DECLARED}.taxResidencies`, taxResidencyRow(country), { min: 1, max: TAX_RESIDENCY_MAX_ROWS }),
      purposeOfRelationship: purposes(`${DECLARED}.purposeOfRelationship`),
    };
    const paymentDayField = { monthlyPaymentDay: paymentDay('applicationUpdates.creditConditions.monthlyPaymentDay') };
    return {
      ...base,
      ...(asksPlaceOfBirth(context) ? birthAndValidity : ({} as Partial<typeof birthAndValidity>)),
      ...relationship,
      ...(asksMonthlyPaymentDay(context) ? paymentDayField : ({} as Partial<typeof paymentDayField>)),
    };
  },
  checks: (context) => {
    const country = countryOfDomain(context.domain);
    return [
      {
        on: 'documentNumber',
        uses: ['documentType'],
        problem: (values) => (country === 'LV' ? latvianDocumentNumberProblem(values.documentType, values.documentNumber) : undefined),
      },
      { on: 'expiryDate', uses: ['issueDate'], problem: (values) => documentDatesProblem(values.issueDate, values.expiryDate) },
      { on: 'taxResidencies', uses: [], problem: (values) => taxResidencyProblems(values.taxResidencies, country, firstTaxResidencyOf(context)) },
    ];
  },
  initial: (context) => ({
    taxResidencies: [{ ...emptyRow(taxResidencyRow(countryOfDomain(context.domain))), countryCode: firstTaxResidencyOf(context) }],
    purposeOfRelationship: ['LOAN'],
    ...(asksMonthlyPaymentDay(context) ? { monthlyPaymentDay: String(preferredPaymentDay(context)) } : {}),
  }),
  example: (context) => {
    const country = countryOfDomain(context.domain);
    const nextYear = new Date().getFullYear() + 1;
    return {
      bankAccountNumber: EXAMPLE_IBANS[country],
      documentType: 'ID_CARD',
      documentNumber: country === 'LV' ? 'PA1234567' : 'AB0123456',
      issueDate: { day: '14', month: '3', year: '2021' },
      expiryDate: { day: '13', month: '3', year: String(nextYear + 4) },
      ...(asksPlaceOfBirth(context) ? { placeOfBirth: 'Tartu', validityConfirmed: true } : {}),
      taxResidencies: [
        // A US citizen's first residency is the USA, where the payer code is asked.
        { countryCode: firstTaxResidencyOf(context), taxPayerCode: firstTaxResidencyOf(context) === country ? '' : '123-45-6789' },
        { countryCode: 'FI', taxPayerCode: '131052-3081' },
      ],
      purposeOfRelationship: ['LOAN', 'EVERYDAY_BANKING'],
      ...(asksMonthlyPaymentDay(context) ? { monthlyPaymentDay: '15' } : {}),
    };
  },
});

/** Valid account numbers of each country (the IBAN registry's examples), for the contract test. */
const EXAMPLE_IBANS: Record<CountryCode, string> = {
  EE: 'EE38 2200 2210 2014 5685',
  LV: 'LV80 BANK 0000 4351 9500 1',
  LT: 'LT12 1000 0111 0100 1000',
};

/** The day chosen before (the application's, when offered), else section 9's default 15. */
function preferredPaymentDay(context: ContractContext): MonthlyPaymentDay {
  const chosen = context.prefill?.monthlyPaymentDay;
  return (MONTHLY_PAYMENT_DAYS as readonly unknown[]).includes(chosen) ? (chosen as MonthlyPaymentDay) : DEFAULT_MONTHLY_PAYMENT_DAY;
}
