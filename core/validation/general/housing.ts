import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { roundMoney } from '../format/money';
import { moneySchema } from '../money';

/** Section 9: maximum own contribution 90% of price. */
export const MAX_OWN_CONTRIBUTION_SHARE = 0.9;

/** Section 5: housing amount is price minus own contribution. */
export function housingAmount(price: number, ownContribution: number): number {
  return roundMoney(price - ownContribution);
}

export function maxOwnContribution(price: number): number {
  return roundMoney(price * MAX_OWN_CONTRIBUTION_SHARE);
}

/** The notice shown under the amount when it falls below the product minimum (section 5). */
export function housingAmountNotice(price: number, ownContribution: number, minAmount: number) {
  return housingAmount(price, ownContribution) < minAmount ? MESSAGES.housingAmountBelowMinimum : undefined;
}

export interface HousingLoanSchemaOptions {
  /** The product's minimum loan amount (not given by the spec; from pricing). */
  minAmount: number;
}

/**
 * Section 5 (housing loans): price and own contribution as money; own contribution at most 90%
 * of the price; the resulting housing amount at least the minimum (the notice's message).
 */
export function housingLoanSchema(options: HousingLoanSchemaOptions) {
  // Both checks compare the two amounts, so they wait for both (`check`: the object typed).
  return v.pipe(
    v.object({ price: moneySchema(), ownContribution: moneySchema() }, MESSAGES.required),
    v.forward(
      v.check(
        (h) => h.ownContribution <= maxOwnContribution(h.price),
        MESSAGES.ownContributionTooHigh,
      ),
      ['ownContribution'],
    ),
    v.forward(
      v.check(
        (h) => h.ownContribution > maxOwnContribution(h.price) || housingAmountNotice(h.price, h.ownContribution, options.minAmount) === undefined,
        MESSAGES.housingAmountBelowMinimum,
      ),
      ['ownContribution'],
    ),
  );
}
