/**
 * SubmitRealEstateInfo (section 2): the property the loan is for (and secured by), how the own
 * contribution is paid, who owns the property (the other owners as a repeating block, checked
 * against each other and the applicant by section 5's related-persons rules), the repayment
 * schedule and period. The applicant's step only: a co-borrower has no real-estate screen.
 */
import * as v from 'valibot';
import { askedWhen, choice, emptyRow, money, rows, text, wholeNumber } from '../../../core/contract/fields';
import type { ValueField } from '../../../core/contract/fields';
import { showNumber } from '../../../core/contract/show';
import { defineStepContract } from '../../../core/contract/step-contract';
import type { ContractContext, RowProblem } from '../../../core/contract/step-contract';
import { countryOfDomain, type CountryCode } from '../../../core/domain/business-domains';
import {
  ALL_REAL_ESTATE_KINDS,
  COLLATERAL_OWNERSHIP,
  CONSTRUCTION_YEAR_BOUNDS,
  INTEREST_RATE_BOUNDS,
  OWN_CONTRIBUTION_FINANCING,
  REAL_ESTATE_ASSET_TYPES,
  REAL_ESTATE_PERIOD_BOUNDS,
  REFINANCING_SECURED_BY_HOME,
  REPAYMENT_SCHEDULES,
  ROW_LIMITS,
  SOURCES_OF_FUNDS,
  realEstateKindsOf,
} from '../../../core/domain/finances';
import { RELATION_TYPES, relatedPersonProblems } from '../../../core/validation/estonia/related-persons';
import { downPaymentOriginDescriptionSchema } from '../../../core/validation/estonia/text-rules';
import { isWrittenIn } from '../../../core/validation/general/alphabets';
import { ASSET_CONDITIONS } from '../../../core/validation/general/choices';
import { typedYearSchema, yearSchema } from '../../../core/validation/general/construction-year';
import { percentRules, typedPercentSchema } from '../../../core/validation/general/interest-rate';
import { firstFailing } from '../../../core/validation/general/rules';
import { requiredTextSchema } from '../../../core/validation/general/text-fields';
import { MESSAGES } from '../../../core/validation/messages';
import { personalCodeSchema } from '../../../core/validation/personal-code';

const AT = 'applicationUpdates.realEstate';

/** The property's name as the applicant calls it ("Home at Narva mnt 5-12"): 2 to 256 characters of ordinary text. */
function assetNameSchema() {
  return v.pipe(requiredTextSchema({ min: 2, max: 256 }), firstFailing<string>([[(name) => isWrittenIn(name, ['international'], "0123456789 .,;:'\"()-/&#№"), MESSAGES.textInvalidCharacters]]));
}

/** An interest rate typed as people type numbers in their language ("4,5"), sent as a number. */
function interestRate(path: string): ValueField<string, number> {
  const wire = percentRules(INTEREST_RATE_BOUNDS);
  return {
    kind: 'value',
    path,
    control: 'money',
    empty: '',
    read: (locale) => typedPercentSchema(locale, INTEREST_RATE_BOUNDS),
    wire,
    show: (value, locale) => showNumber(value, locale),
  };
}

/** A year typed as digits, checked against the year at check time (a building may still be going up). */
function constructionYear(path: string): ValueField<string, number> {
  return {
    kind: 'value',
    path,
    control: 'number',
    empty: '',
    read: () => typedYearSchema(CONSTRUCTION_YEAR_BOUNDS),
    wire: yearSchema(CONSTRUCTION_YEAR_BOUNDS),
    show: (value) => String(value),
  };
}

/**
 * The existing contract's interest rate is asked when the loan refinances one secured by the home
 * (decision 122): a housing loan lent for one of section 3's "combining loans and ... home"
 * purposes, the only loan that both refinances and reaches this step. The refinancing loan of the
 * catalogue is unsecured and is never asked about a property.
 */
export function asksExistingInterestRate(context: ContractContext): boolean {
  const productName = context.productName ?? context.prefill?.productName;
  const purpose = context.prefill?.loanPurpose;
  return productName === REFINANCING_SECURED_BY_HOME.productName && (REFINANCING_SECURED_BY_HOME.purposes as readonly unknown[]).includes(purpose);
}

/**
 * The applicant's personal code, where the step knows it (`prefill.applicantPersonalCode`: the
 * server passes it from the stored applicant; the client sees it masked, so there it is absent and
 * the rules that compare an owner with the applicant are left to the server).
 */
export function applicantCodeOf(context: ContractContext): string {
  const code = context.prefill?.applicantPersonalCode;
  return typeof code === 'string' ? code : '';
}

const ownerRow = (country: CountryCode) => ({
  personalCode: text('personalCode', personalCodeSchema(country, { checkAge: false })),
  relation: choice('relation', RELATION_TYPES),
});

/** Section 5's related-persons rules over the owners, on the offending row's personal code. */
function ownerProblems(country: CountryCode, applicantCode: string, owners: readonly { personalCode: string; relation: (typeof RELATION_TYPES)[number] }[]): RowProblem[] {
  return relatedPersonProblems(
    country,
    applicantCode,
    owners.map((owner) => ({ idCode: owner.personalCode, relation: owner.relation })),
  ).map((problem) => ({ row: problem.index, item: 'personalCode', message: problem.message }));
}

const withDownPayment = (values: Readonly<Record<string, unknown>>) => values.ownContributionFinancing === 'WITH_DOWNPAYMENT';

export default defineStepContract({
  fields: (context) => {
    const country = countryOfDomain(context.domain);
    const property = {
      assetName: text(`${AT}.assetName`, assetNameSchema()),
      assetType: choice(`${AT}.assetType`, REAL_ESTATE_ASSET_TYPES),
      // The kinds of the chosen type (checked below): asked once there is a type.
      assetKind: askedWhen(choice(`${AT}.assetKind`, ALL_REAL_ESTATE_KINDS), (values) => values.assetType !== undefined),
      assetCondition: choice(`${AT}.assetCondition`, ASSET_CONDITIONS),
      // Land has no construction year.
      constructionYear: askedWhen(constructionYear(`${AT}.constructionYear`), (values) => values.assetType === 'PREMISES'),
    };
    const ownContribution = {
      ownContributionFinancing: choice(`${AT}.ownContributionFinancing`, OWN_CONTRIBUTION_FINANCING),
      downPayment: askedWhen(money(`${AT}.downPayment`, { min: 1 }), withDownPayment),
      downPaymentSource: askedWhen(choice(`${AT}.downPaymentSource`, SOURCES_OF_FUNDS), withDownPayment),
      // Section 5 (Estonia, and Lithuania by decision 010): the origin described, when it is none of the listed sources.
      downPaymentOrigin: askedWhen(text(`${AT}.downPaymentOrigin`, downPaymentOriginDescriptionSchema()), (values) => withDownPayment(values) && values.downPaymentSource === 'OTHER'),
    };
    const refinancing = { existingContractInterestRate: interestRate(`${AT}.existingContractInterestRate`) };
    const ownersAndTerms = {
      collateralOwner: choice(`${AT}.collateralOwner`, COLLATERAL_OWNERSHIP),
      otherOwners: {
        ...rows(`${AT}.otherOwners`, ownerRow(country), ROW_LIMITS.otherOwners),
        when: (values: Readonly<Record<string, unknown>>) => values.collateralOwner === 'WITH_OTHER_OWNERS',
      },
      paymentScheduleType: choice(`${AT}.paymentScheduleType`, REPAYMENT_SCHEDULES),
      period: wholeNumber(`${AT}.period`, REAL_ESTATE_PERIOD_BOUNDS),
    };
    return {
      ...property,
      ...ownContribution,
      ...(asksExistingInterestRate(context) ? refinancing : ({} as Partial<typeof refinancing>)),
      ...ownersAndTerms,
    };
  },
  checks: (context) => {
    const country = countryOfDomain(context.domain);
    return [
      {
        on: 'assetKind',
        uses: ['assetType'],
        problem: (values) => (values.assetKind === undefined || realEstateKindsOf(values.assetType).includes(values.assetKind) ? undefined : MESSAGES.choiceInvalid),
      },
      { on: 'otherOwners', uses: [], problem: (values) => ownerProblems(country, applicantCodeOf(context), values.otherOwners) },
    ];
  },
  initial: (context) => ({
    otherOwners: [emptyRow(ownerRow(countryOfDomain(context.domain)))],
    // The loan period chosen before (months), when it fits a real-estate loan.
    ...(typeof context.prefill?.loanPeriod === 'number' &&
    context.prefill.loanPeriod >= REAL_ESTATE_PERIOD_BOUNDS.min &&
    context.prefill.loanPeriod <= REAL_ESTATE_PERIOD_BOUNDS.max
      ? { period: String(context.prefill.loanPeriod) }
      : {}),
  }),
  example: (context) => {
    const country = countryOfDomain(context.domain);
    return {
      assetName: 'Home at Narva mnt 5-12',
      assetType: 'PREMISES',
      assetKind: 'FLAT',
      assetCondition: 'USED',
      constructionYear: '1998',
      ownContributionFinancing: 'WITH_DOWNPAYMENT',
      downPayment: '15000',
      downPaymentSource: 'OTHER',
      downPaymentOrigin: 'Sale of my previous car',
      ...(asksExistingInterestRate(context) ? { existingContractInterestRate: '4,5' } : {}),
      collateralOwner: 'WITH_OTHER_OWNERS',
      otherOwners: [{ personalCode: EXAMPLE_CO_OWNERS[country], relation: 'SPOUSE' }],
      paymentScheduleType: 'ANNUITY',
      period: '300',
    };
  },
});

/** Valid personal codes of a spouse in each country, for the contract test. */
const EXAMPLE_CO_OWNERS: Record<CountryCode, string> = { EE: '48105121239', LT: '48105121239', LV: '120575-12348' };
