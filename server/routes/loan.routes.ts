import { Hono } from 'hono';
import { LoanCalculateRequestSchema, type LoanCalculateRequest, type LoanCalculation } from '../../core/wire/pricing.schema';
import { calculateLoanFigures, contractConclusionFee, roundMoney } from '../../core/domain/pricing';
import { MESSAGES } from '../../core/validation/messages';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';

/** Today in the bank's calendar (yyyy-MM-dd, UTC): a hire purchase takes effect on the day it is calculated for. */
function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Section 7's calculation. Annuity for loans and cards; hire purchase charges `interestFromLoanSum`
 * on the loan sum and is dated from `effectiveDate` (today when absent) to the monthly payment day.
 * The contract conclusion fee follows section 9: a fee rate with its bounds when one is sent, else
 * the fixed fee. APR with every fee (docs/decisions/092-apr.md).
 */
export function calculate(request: LoanCalculateRequest, now: Date): LoanCalculation {
  const hirePurchase = request.productType === 'HIRE_PURCHASE';
  const conclusionFee = contractConclusionFee({
    amount: request.amount,
    rate: request.conclusionFeeRate ?? null,
    fixedFee: request.conclusionFee,
    minFee: request.minConclusionFee ?? null,
    maxFee: request.maxConclusionFee ?? null,
  });
  const figures = calculateLoanFigures({
    amount: request.amount,
    periodMonths: request.maturity,
    annualInterestRate: (hirePurchase ? request.interestFromLoanSum : request.interestRate) ?? 0,
    method: hirePurchase ? 'flat' : 'annuity',
    monthlyFee: request.administrationFee,
    conclusionFee,
    conclusionFeeFromAmount: request.conclusionFeeFromAmount,
    ...(hirePurchase || request.effectiveDate
      ? { schedule: { effectiveDate: request.effectiveDate ?? today(now), paymentDay: request.monthlyPaymentDay } }
      : {}),
  });
  return { ...figures, monthlyFee: roundMoney(request.administrationFee) };
}

/** POST /api/v1/loan/calculate (section 7): the first item carries the figures. */
export function loanRoutes(deps?: Pick<AppDeps, 'clock'>): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/v1/loan/calculate', async (c) => {
    const request = parseOrFail(LoanCalculateRequestSchema, await readJsonBody(c), 'The calculation request is invalid.');
    const figures = calculate(request, deps?.clock() ?? new Date());
    // JSON would send NaN or Infinity as null: a figure that is not a number is refused instead.
    if (![figures.monthlyPayment, figures.totalRepaymentAmount, figures.totalAmountTransferredToAccount].every(Number.isFinite)) {
      throw new ApiError('VALIDATION_FAILED', 'These figures cannot be calculated.', { fieldErrors: { amount: [MESSAGES.numberInvalid] } });
    }
    return ok(c, [figures]);
  });
  return routes;
}
