import * as v from 'valibot';
import { MESSAGES, messageWithValues } from '../messages';
import type { TodayOption } from './date-rules';

export interface YearBounds {
  /** The earliest year accepted. */
  min: number;
  /** How many years after the current one are accepted (a building still being built). */
  yearsAhead: number;
}

/** The accepted range on `today`: read at check time, so a schema built once stays right on 1 January. */
export function yearRange(bounds: YearBounds, today: Date = new Date()): { min: number; max: number } {
  return { min: bounds.min, max: today.getFullYear() + bounds.yearsAhead };
}

/** A year (the wire value): a whole number from `min` to the current year plus `yearsAhead`. */
export function yearSchema(bounds: YearBounds, options: TodayOption = {}) {
  return v.pipe(
    v.number(MESSAGES.required),
    v.rawCheck<number>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const range = yearRange(bounds, options.today);
      if (!Number.isInteger(dataset.value)) addIssue({ message: MESSAGES.integer });
      else if (dataset.value < range.min || dataset.value > range.max) addIssue({ message: messageWithValues(MESSAGES.yearOutOfRange, range) });
    }),
  );
}

/** A year typed as four digits. */
export function typedYearSchema(bounds: YearBounds, options: TodayOption = {}) {
  return v.pipe(
    v.string(MESSAGES.required),
    v.trim(),
    v.nonEmpty(MESSAGES.required),
    v.transform((typed) => (/^\d+$/.test(typed) ? Number(typed) : Number.NaN)),
    v.number(MESSAGES.integer),
    yearSchema(bounds, options),
  );
}
