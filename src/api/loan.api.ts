/** Section 7: the loan calculation. Callers debounce; the first item carries the figures. */
import type * as v from 'valibot';
import { ApiError, MALFORMED_RESPONSE, apiRequest } from './client';
import { LoanCalculateResponseSchema } from '../../core/wire/pricing.schema';
import type { LoanCalculateRequestSchema, LoanCalculation } from '../../core/wire/pricing.schema';
import type { CallOptions } from './application.api';

export type { LoanCalculation };

/** POST /api/v1/loan/calculate. `monthlyPaymentDay` defaults to 15 (section 9). */
export async function calculateLoan(request: v.InferInput<typeof LoanCalculateRequestSchema>, options: CallOptions = {}): Promise<LoanCalculation> {
  const body = { ...request, monthlyPaymentDay: request.monthlyPaymentDay ?? 15 };
  const [first] = await apiRequest('loan/calculate', {
    method: 'POST',
    body,
    schema: LoanCalculateResponseSchema,
    signal: options.signal,
  });
  // The schema already demands one item; this narrows the type.
  if (!first) throw new ApiError({ kind: 'server', message: 'Empty calculation reply.', code: MALFORMED_RESPONSE });
  return first;
}
