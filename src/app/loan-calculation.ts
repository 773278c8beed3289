/**
 * Section 7's loan calculation as the calculator asks for it: a chunk of its own, loaded with the
 * first calculation (src/app/step-actors.ts), so the first page's JavaScript does not carry the
 * call and its schemas (decision 096).
 */
import type { CalculatedFigures, CalculationRequest } from '../../machines/calculator/calculator.machine';
import { calculateLoan } from '../api/loan.api';

/** Section 7's calculate payload for a request of the calculator. */
export function calculatePayload(request: CalculationRequest) {
  const hirePurchase = request.productType === 'HIRE_PURCHASE';
  return {
    currency: 'EUR' as const,
    productType: request.productType,
    maturity: request.periodMonths,
    administrationFee: request.monthlyFee,
    conclusionFee: request.conclusionFee.fixed ?? 0,
    conclusionFeeRate: request.conclusionFee.rate,
    minConclusionFee: request.conclusionFee.min,
    maxConclusionFee: request.conclusionFee.max,
    conclusionFeeFromAmount: request.conclusionFee.fromAmount,
    amount: request.amount,
    // Hire purchase: interest on the loan sum, dated from today (the server's) to the payment day.
    ...(hirePurchase ? { interestFromLoanSum: request.interestRate } : { interestRate: request.interestRate }),
  };
}

/** The figures of a calculator request; the signal cancels the call. */
export function calculateFigures(request: CalculationRequest, signal?: AbortSignal): Promise<CalculatedFigures> {
  return calculateLoan(calculatePayload(request), { signal });
}
