import * as v from 'valibot';
import type { Locale } from '../../domain/languages';
import { MESSAGES, messageWithValues } from '../messages';
import { hasAtMostTwoDecimals, readMoney } from '../money';
import { firstFailing, requiredTrimmedString } from './rules';

/** Section 9: max percentage 100; an interest rate has at most 2 decimals (percent display). */
export interface PercentBounds {
  min: number;
  max: number;
}

/** The rule on a rate (the wire value): a finite number within the bounds, at most 2 decimals. */
export function percentRules(bounds: PercentBounds) {
  return v.pipe(
    v.number(MESSAGES.required),
    v.finite(MESSAGES.percentInvalid),
    firstFailing<number>([
      [hasAtMostTwoDecimals, MESSAGES.percentTooManyDecimals],
      [(value) => value >= bounds.min && value <= bounds.max, messageWithValues(MESSAGES.percentOutOfRange, { min: bounds.min, max: bounds.max })],
    ]),
  );
}

/**
 * A rate typed the way people type numbers in `locale` ("4,5" in Estonian, "4.5" in English; the
 * money reading of issue 8), then the rate rules. A "%" sign typed after it is allowed.
 */
export function typedPercentSchema(locale: Locale, bounds: PercentBounds) {
  return v.pipe(
    requiredTrimmedString(),
    v.rawTransform<string, number>(({ dataset, addIssue, NEVER }) => {
      const reading = readMoney(dataset.value.replace(/\s*%$/, ''), locale);
      if ('value' in reading) return reading.value;
      addIssue({ message: reading.problem === 'decimals' ? MESSAGES.percentTooManyDecimals : MESSAGES.percentInvalid });
      return NEVER;
    }),
    percentRules(bounds),
  );
}
