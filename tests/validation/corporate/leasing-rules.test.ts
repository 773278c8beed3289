/**
 * Section 5 and 9's leasing rules where one value can break more than one of them: which message
 * the applicant gets, and that it is the only one (issue 27 item 4: what the mutation run showed
 * no test asserted, decision 241).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  amountBoundsFromPercent,
  assetYearSchema,
  LEASING,
  leasingPaymentsSchema,
  leasingPeriodBounds,
  leasingPeriodSchema,
} from '../../../core/validation/corporate/leasing';
import { MESSAGES, splitMessage } from '../../../core/validation/messages';
import { TODAY, firstMessage } from '../support';

/** Every issue's message key, by the dotted path of its field ('' for the value itself). */
function messagesByPath(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of v.safeParse(schema, input).issues ?? []) (out[v.getDotPath(issue) ?? ''] ??= []).push(splitMessage(issue.message).key);
  return out;
}

// Each schema is built inside its test, so the mutation run's per-test coverage sees which test reads it.
const period = () => leasingPeriodSchema(leasingPeriodBounds('FINANCIAL_LEASE'));
const year = () => assetYearSchema('CAR_LEASING_BUSINESS', { today: TODAY });
const percent = () => leasingPaymentsSchema({ price: 10000, mode: 'percent' });

describe('a whole number of months (section 5: leasing period)', () => {
  it('reads a number sent as a number whatever its notation: out of range or not whole, never “not a number”', () => {
    expect(firstMessage(period(), 1e21)).toBe(MESSAGES.leasingPeriodOutOfRange);
    expect(firstMessage(period(), 5e-7)).toBe(MESSAGES.integer);
    expect(firstMessage(period(), Number.POSITIVE_INFINITY)).toBe(MESSAGES.numberInvalid);
  });

  it('calls a typed number with any count of decimals not whole, and only text that is no number invalid', () => {
    expect(firstMessage(period(), '12,25')).toBe(MESSAGES.integer);
    expect(firstMessage(period(), '12.125')).toBe(MESSAGES.integer);
    expect(firstMessage(period(), '12,')).toBe(MESSAGES.numberInvalid);
    expect(firstMessage(period(), '1e2')).toBe(MESSAGES.numberInvalid);
  });
});

describe('the asset’s year gives one message per problem (section 5)', () => {
  it('a blank or a word is required or not a number first, and never also out of the years', () => {
    expect(firstMessage(year(), '')).toBe(MESSAGES.required);
    expect(messagesByPath(year(), '')['']).not.toContain(MESSAGES.registrationYearOutOfRange);
    expect(messagesByPath(year(), 'twenty')).toEqual({ '': [MESSAGES.numberInvalid] });
  });

  it('a year that is not whole is only not whole, even outside the years (2010 to 2026 in 2025)', () => {
    expect(messagesByPath(year(), '2009,5')).toEqual({ '': [MESSAGES.integer] });
    expect(messagesByPath(year(), 2026.5)).toEqual({ '': [MESSAGES.integer] });
    expect(messagesByPath(year(), 2009)).toEqual({ '': [MESSAGES.registrationYearOutOfRange] });
  });
});

describe('amounts from a percentage range of the price (section 5: “computed from price”)', () => {
  it('is each percentage of the price, in cents', () => {
    expect(amountBoundsFromPercent(20000, { min: 10, max: 65 })).toEqual({ min: 2000, max: 13000 });
    expect(amountBoundsFromPercent(8064.52, LEASING.residualPercent)).toEqual({ min: 0, max: 5241.94 });
    expect(amountBoundsFromPercent(333.33, { min: 5, max: 90 })).toEqual({ min: 16.67, max: 300 });
  });
});

describe('the down payment and residual together (section 5)', () => {
  it('checks the sum only when both are numbers: a payment that is none is reported on its own field alone', () => {
    expect(messagesByPath(percent(), { downPayment: 'ninety', residual: 50 })).toEqual({ downPayment: [MESSAGES.moneyInvalid] });
    expect(messagesByPath(percent(), { downPayment: 80, residual: '' })).toEqual({ residual: [MESSAGES.required] });
    expect(messagesByPath(percent(), { residual: 50 })).toEqual({ downPayment: [MESSAGES.required] });
    expect(messagesByPath(percent(), { downPayment: 80 })).toEqual({ residual: [MESSAGES.required] });
  });

  it('checks the sum of two numbers even when one is out of its own range, on the residual', () => {
    expect(messagesByPath(percent(), { downPayment: 95, residual: 20 })).toEqual({
      downPayment: [MESSAGES.downPaymentPercentOutOfRange],
      residual: [MESSAGES.downPaymentAndResidualTooHigh],
    });
    expect(messagesByPath(percent(), { downPayment: 95, residual: 5 })).toEqual({ downPayment: [MESSAGES.downPaymentPercentOutOfRange] });
  });
});
