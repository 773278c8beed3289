/**
 * SubmitFinancialData (section 2, retail): the person's incomes and obligations, each a repeating
 * block, and "I have no loans or other obligations" (section 3's NO_OBLIGATIONS), which leaves the
 * obligations unasked and unsent. The applicant's and a co-borrower's step alike: the answers are
 * the person's whose step it is (`role`). In the corporate domain the step asks the company's
 * collaterals and liabilities instead (corporate-contract.ts, decision 183); contract.ts chooses.
 */
import { askedWhen, choice, emptyRow, fixed, flag, money, rows, text } from '../../../core/contract/fields';
import { defineStepContract } from '../../../core/contract/step-contract';
import { countryOfDomain } from '../../../core/domain/business-domains';
import {
  MONTHLY_SUM_MAX,
  RETAIL_LIABILITY_TYPES,
  ROW_LIMITS,
  incomeSourcesOf,
  liabilityHasMonthlyPayment,
  liabilityHasOutstandingAmount,
} from '../../../core/domain/finances';
import type { ContractContext } from '../../../core/contract/step-contract';
import { creditorNameSchema } from '../../../core/validation/general/text-fields';

const DECLARED = 'personUpdates.0.declaredData';

/** Section 6: "income from abroad" is asked, per income, only when its feature flag is on. */
function asksIncomeFromAbroad(context: ContractContext): boolean {
  return context.flags?.has('incomeFromAbroad') ?? false;
}

function incomeRow(context: ContractContext) {
  const row = {
    source: choice('source', incomeSourcesOf(countryOfDomain(context.domain))),
    // A monthly net amount: something, and at most section 9's monthly sum.
    monthlyAmount: money('monthlyAmount', { min: 1, max: MONTHLY_SUM_MAX }),
  };
  return asksIncomeFromAbroad(context) ? { ...row, fromAbroad: flag('fromAbroad') } : row;
}

const liabilityRow = {
  type: choice('type', RETAIL_LIABILITY_TYPES),
  creditor: text('creditor', creditorNameSchema()),
  monthlyPayment: askedWhen(money('monthlyPayment', { max: MONTHLY_SUM_MAX }), (row) => liabilityHasMonthlyPayment(String(row.type))),
  outstandingAmount: askedWhen(money('outstandingAmount'), (row) => liabilityHasOutstandingAmount(String(row.type))),
};

/** The retail form: a person's incomes and obligations. */
export const retailFinancialDataContract = defineStepContract({
  fields: (context) => ({
    role: fixed('personUpdates.0.role', context.role ?? 'APPLICANT'),
    incomes: rows(`${DECLARED}.incomes`, incomeRow(context), ROW_LIMITS.incomes),
    noObligations: flag(`${DECLARED}.noObligations`),
    liabilities: {
      ...rows(`${DECLARED}.liabilities`, liabilityRow, ROW_LIMITS.liabilities),
      when: (values: Readonly<Record<string, unknown>>) => values.noObligations !== true,
    },
  }),
  // One empty income and one empty obligation to start with: the fields show at once.
  initial: (context) => ({ incomes: [emptyRow(incomeRow(context))], liabilities: [emptyRow(liabilityRow)] }),
  example: (context) => ({
    incomes: [
      { ...emptyRow(incomeRow(context)), source: 'SALARY', monthlyAmount: '1850' },
      { ...emptyRow(incomeRow(context)), source: 'RENT', monthlyAmount: '420,50' },
    ],
    noObligations: false,
    liabilities: [
      { type: 'CONSUMER_LOAN', creditor: 'Example Bank', monthlyPayment: '120', outstandingAmount: '2400' },
      { type: 'GUARANTEE', creditor: 'Example Bank', monthlyPayment: '', outstandingAmount: '15000' },
    ],
  }),
});
