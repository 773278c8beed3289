import { Hono } from 'hono';
import { LoanCalculateRequestSchema } from '../../src/api/schemas/process.schema';
import { annuityMonthlyPayment, roundMoney } from '../../src/domain/pricing';
import { MESSAGES } from '../../src/validation/messages';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';

/**
 * POST /api/v1/loan/calculate (section 7): the annuity monthly payment. `administrationFee` is a
 * monthly fee added to each payment (section 3's maintenance fee), `conclusionFee` is paid once;
 * both are part of the total repaid. APR and hire purchase come with the products issue.
 */
export function loanRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/v1/loan/calculate', async (c) => {
    const request = parseOrFail(LoanCalculateRequestSchema, await readJsonBody(c), 'The calculation request is invalid.');
    const monthlyPayment = annuityMonthlyPayment({
      amount: request.amount,
      periodMonths: request.maturity,
      annualInterestRate: request.interestRate,
      monthlyFee: request.administrationFee,
    });
    const totalRepaymentAmount = roundMoney(monthlyPayment * request.maturity + request.conclusionFee);
    // JSON would send NaN or Infinity as null: a figure that is not a number is refused instead.
    if (!Number.isFinite(monthlyPayment) || !Number.isFinite(totalRepaymentAmount)) {
      throw new ApiError('VALIDATION_FAILED', 'These figures cannot be calculated.', { fieldErrors: { amount: [MESSAGES.numberInvalid] } });
    }
    return ok(c, [{ monthlyPayment, totalRepaymentAmount }]);
  });
  return routes;
}
