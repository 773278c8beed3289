import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { moneySchema } from '../money';
import { firstFailing } from '../general/rules';

/** Section 9: monthly sum max 999999; profit and turnover min 1. */
export const MONTHLY_SUM_MAX = 999_999;
export const PROFIT_AND_TURNOVER_MIN = 1;

/** Section 5: expected profit: minimum 1. */
export const expectedProfitSchema = () => moneySchema({ min: PROFIT_AND_TURNOVER_MIN });
/** Section 5: expected turnover: minimum 1. */
export const expectedTurnoverSchema = () => moneySchema({ min: PROFIT_AND_TURNOVER_MIN });
/** Section 5: market value: required money. */
export const marketValueSchema = () => moneySchema();
/** Section 5: remaining sum: required money. */
export const remainingSumSchema = () => moneySchema();

/** Section 5: monthly sum: required, max 999999 (its own message names the limit). */
export function monthlySumSchema() {
  return v.pipe(moneySchema(), firstFailing<number>([[(value) => value <= MONTHLY_SUM_MAX, MESSAGES.monthlySumTooHigh]]));
}
