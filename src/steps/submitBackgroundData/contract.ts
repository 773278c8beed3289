/**
 * SubmitBackgroundInfo (section 2; task key submitBackgroundData): household, citizenship, work,
 * the politically exposed person declaration and, for the applicant, a co-applicant. One field
 * table for the form and the server (core/contract); decision 111. In the partner short flow the
 * applicant's step also carries the loan period the calculator modal applied (decision 097).
 */
import * as v from 'valibot';
import { askedWhen, choice, date, fixed, flag, phone, text, wholeNumber } from '../../../core/contract/fields';
import { acceptsCoApplicant } from '../../../core/domain/persons';
import { dateRuleOptions, defineStepContract, type ContractContext } from '../../../core/contract/step-contract';
import {
  DEPENDANT_COUNTS,
  EDUCATION_LEVELS,
  EMPLOYMENT_TYPES,
  HOUSING_TYPES,
  MARITAL_STATUSES,
  POSITION_LEVELS,
  hasWorkStartDate,
  worksForEmployer,
} from '../../../core/domain/background';
import { stepPersonRole } from '../../../core/domain/applicant';
import type { ProductName } from '../../../core/domain/products';
import { hasInstalments } from '../../../core/domain/products';
import { countryOfDomain, type CountryCode } from '../../../core/domain/business-domains';
import { ISO_COUNTRY_CODES } from '../../../core/domain/countries';
import { LATVIAN_NON_CITIZEN_CODE } from '../../../core/validation/general/countries';
import { isLatviaAndNonCitizen } from '../../../core/validation/general/citizenship';
import { productBoundsProblem } from '../../../core/validation/general/product-bounds';
import { emailSchema } from '../../../core/validation/general/email';
import { personNameSchema } from '../../../core/validation/general/person-name';
import { DEFAULT_PHONE_CODE } from '../../../core/validation/general/phone';
import { requiredTextSchema } from '../../../core/validation/general/text-fields';
import { employmentStartSchema } from '../../../core/validation/latvia/employment';
import { latvianTextCharacters } from '../../../core/validation/latvia/address';
import { MESSAGES } from '../../../core/validation/messages';
import { yesNo } from '../../../core/contract/yes-no';

/**
 * The citizenship answers of a country's applicants: every country, and in Latvia also the
 * non-citizen status (XA), which exists only there. The unknown country is never offered.
 */
export function citizenshipCodes(country: CountryCode): string[] {
  return country === 'LV' ? [...ISO_COUNTRY_CODES, LATVIAN_NON_CITIZEN_CODE] : [...ISO_COUNTRY_CODES];
}

/**
 * Employment start: not in the future, within 55 years (section 5, Latvia; decision 180 in every
 * country) and, where the server knows the birth date, not before the person turned 14.
 */
function workStartRule(context: ContractContext) {
  return employmentStartSchema(dateRuleOptions(context));
}

/** A free text answer of 2 to 256 characters; in Latvia, of the Latvian text characters (section 5). */
function freeText(country: CountryCode, max: 256 | 1024) {
  const length = requiredTextSchema({ min: 2, max });
  return country === 'LV' ? v.pipe(length, latvianTextCharacters()) : length;
}

/**
 * Decision 097: the partner short flow's applicant sees the calculator modal on this step, and what
 * "Use these figures" applies, the loan period, is sent with the step. The partner set the amount:
 * it is not asked, not sent and not taken here (the application keeps the partner's). A contract
 * cannot know the view variant, so it asks by the facts the variant is chosen from (the channel and
 * the person: a co-borrower's screen has no calculator); a product without instalments has no period.
 * An unknown product asks, as elsewhere (the server always knows it).
 */
export function asksLoanPeriod(context: Pick<ContractContext, 'channel' | 'role' | 'productName'>): boolean {
  return (
    context.channel === 'PARTNER_SHORT' &&
    stepPersonRole(context.role) === 'APPLICANT' &&
    (context.productName === undefined || hasInstalments(context.productName))
  );
}

/** Whole months; the product's own bounds are checked across fields below (as on the create step). */
const PERIOD_LIMITS = { min: 1, max: 600 };

const EXAMPLE_CITIZENSHIP: Record<CountryCode, string> = { EE: 'EE', LV: 'LV', LT: 'LT' };

export default defineStepContract({
  fields: (context) => {
    const { domain } = context;
    const country = countryOfDomain(domain);
    const role = stepPersonRole(context.role);
    const citizenships = citizenshipCodes(country);
    const declared = 'personUpdates.0.declaredData';
    const loanPeriodAsked = asksLoanPeriod(context);
    return {
      role: fixed('personUpdates.0.role', role),
      loanPeriod: askedWhen(wholeNumber('applicationUpdates.creditConditions.loanPeriod', PERIOD_LIMITS), () => loanPeriodAsked),
      maritalStatus: choice(`${declared}.maritalStatus`, MARITAL_STATUSES),
      education: choice(`${declared}.education`, EDUCATION_LEVELS),
      residenceType: choice(`${declared}.residenceType`, HOUSING_TYPES),
      dependants: choice(`${declared}.dependants`, DEPENDANT_COUNTS),
      adultDependants: choice(`${declared}.adultDependants`, DEPENDANT_COUNTS),
      // Section 3: an expected child is a dependant too, an unborn one (decision 123).
      expectingChild: flag(`${declared}.expectingChild`),
      citizenship: choice(`${declared}.citizenships.0`, citizenships),
      addDualCitizenship: flag(`${declared}.hasDualCitizenship`),
      dualCitizenship: askedWhen(choice(`${declared}.citizenships.1`, citizenships), (values) => values['addDualCitizenship'] === true),
      employmentType: choice(`${declared}.employmentType`, EMPLOYMENT_TYPES),
      employmentStartDate: askedWhen(date(`${declared}.employmentStartDate`, workStartRule(context)), (values) => hasWorkStartDate(values['employmentType'])),
      employerName: askedWhen(text(`${declared}.employerName`, freeText(country, 256)), (values) => worksForEmployer(values['employmentType'])),
      positionLevel: askedWhen(choice(`${declared}.positionLevel`, POSITION_LEVELS), (values) => worksForEmployer(values['employmentType'])),
      politicallyExposed: yesNo(`${declared}.politicallyExposed`),
      politicallyExposedComment: askedWhen(text(`${declared}.politicallyExposedComment`, freeText(country, 1024)), (values) => values['politicallyExposed'] === true),
      // A co-borrower is already the co-applicant: only the applicant may invite one.
      hasCoApplicant: askedWhen(yesNo('applicationUpdates.hasCoApplicant'), () => role === 'APPLICANT' && acceptsCoApplicant(context.productName)),
      coApplicantFirstName: askedWhen(text('applicationUpdates.coApplicant.firstName', personNameSchema(domain)), (values) => values['hasCoApplicant'] === true),
      coApplicantSurname: askedWhen(text('applicationUpdates.coApplicant.surname', personNameSchema(domain)), (values) => values['hasCoApplicant'] === true),
      coApplicantEmail: askedWhen(text('applicationUpdates.coApplicant.email', emailSchema()), (values) => values['hasCoApplicant'] === true),
      coApplicantPhone: askedWhen(phone('applicationUpdates.coApplicant.phoneNumber', domain, DEFAULT_PHONE_CODE[country]), (values) => values['hasCoApplicant'] === true),
    };
  },
  checks: ({ domain, products, productName }) => [
    {
      // Decision 097: the period within the product's bounds (the partner's terms on the server).
      on: 'loanPeriod',
      uses: [],
      problem: (values) =>
        values.loanPeriod === undefined ? undefined : productBoundsProblem(products?.[productName as ProductName], 'period', values.loanPeriod),
    },
    {
      // Section 5: the dual citizenship excludes the main one.
      on: 'dualCitizenship',
      uses: ['citizenship'],
      problem: (values) => (values.dualCitizenship === values.citizenship ? MESSAGES.citizenshipDualSameAsMain : undefined),
    },
    {
      // Section 5 (Latvia): not both Latvian citizenship and the non-citizen status.
      on: 'dualCitizenship',
      uses: ['citizenship'],
      problem: (values) =>
        countryOfDomain(domain) === 'LV' && isLatviaAndNonCitizen([values.citizenship, values.dualCitizenship ?? ''])
          ? MESSAGES.citizenshipLatviaAndNonCitizen
          : undefined,
    },
  ],
  // The partner short flow: the period starts as the application's (the partner's link, or what the
  // calculator applied before).
  initial: (context) => {
    const period = context.prefill?.['loanPeriod'];
    return asksLoanPeriod(context) && typeof period === 'number' ? { loanPeriod: String(period) } : {};
  },
  example: ({ domain }) => {
    const country = countryOfDomain(domain);
    return {
      loanPeriod: '36',
      maritalStatus: 'MARRIED',
      education: 'HIGHER_MA',
      residenceType: 'PRIVATE_APARTMENT',
      dependants: '2',
      adultDependants: '0',
      expectingChild: true,
      citizenship: EXAMPLE_CITIZENSHIP[country],
      addDualCitizenship: true,
      dualCitizenship: 'FI',
      employmentType: 'PRIVATE_SECTOR',
      employmentStartDate: { day: '1', month: '9', year: '2015' },
      employerName: 'Baltic Timber',
      positionLevel: 'SPECIALIST',
      politicallyExposed: 'yes',
      politicallyExposedComment: 'My brother is a member of parliament',
      hasCoApplicant: 'yes',
      coApplicantFirstName: 'Kristi',
      coApplicantSurname: 'Tamm',
      coApplicantEmail: 'kristi.tamm@example.com',
      coApplicantPhone: country === 'LV' ? { code: '+371', number: '21234567' } : country === 'LT' ? { code: '+370', number: '61234567' } : { code: '+372', number: '51234567' },
    };
  },
});
