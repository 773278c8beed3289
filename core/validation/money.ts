import * as v from 'valibot';
import type { Locale } from '../domain/languages';
import { MESSAGES, messageWithValues } from './messages';
import { firstFailing } from './general/rules';

/** Section 9: money max 999999999. */
export const MONEY_MAX = 999_999_999;
export const MONEY_MAX_DECIMALS = 2;

/** Regular, no-break, narrow no-break and thin spaces: what people and Intl put between thousands. */
const SPACES = /[\s\u00A0\u202F\u2009]/g;

function isGroupedInThousands(integerPart: string, separator: string): boolean {
  return integerPart.split(separator).every((group, index) => (index === 0 ? /^\d{1,3}$/ : /^\d{3}$/).test(group));
}

/**
 * A typed amount without its spaces, split into its sign and its body: digits, points and commas
 * that start and end with a digit; undefined for anything else. What is read out of the body is
 * then digits only (docs/decisions/248-mutation-money-typed-shapes.md).
 */
function signAndBody(text: string): { sign: string; body: string } | undefined {
  const compact = text.replace(SPACES, '');
  const body = compact.replace(/^-/, '');
  if (!/^\d(?:[\d.,]*\d)?$/.test(body)) return undefined;
  return { sign: compact === body ? '' : '-', body };
}

/** The text before and after the last `mark` in `body`. */
function splitAtLast(body: string, mark: string): [string, string] {
  const at = body.lastIndexOf(mark);
  return [body.slice(0, at), body.slice(at + 1)];
}

/**
 * Money as people type it (section 9; docs/decisions/013-ambiguous-spec-rules.md):
 * - spaces of any kind are thousands separators: "1 500,50";
 * - one comma or point is the decimal separator: "1500.5", "1500,5", "1,5" (comma decimal, as
 *   written in the Baltic languages);
 * - with both, the last one is the decimal separator and the other must group thousands:
 *   "1,500.50", "1.500,50";
 * - one kind repeated groups thousands: "1.500.000".
 * Anything else ("1,5,0", "12abc", "") gives undefined.
 */
export function parseMoney(text: string): number | undefined {
  const typed = signAndBody(text);
  if (!typed) return undefined;
  const { sign, body } = typed;
  let integerPart = body;
  let fraction = '';
  if (body.includes(',') && body.includes('.')) {
    const decimalAt = Math.max(body.lastIndexOf(','), body.lastIndexOf('.'));
    const groupSeparator = body[decimalAt] === ',' ? '.' : ',';
    integerPart = body.slice(0, decimalAt);
    fraction = body.slice(decimalAt + 1);
    if (!isGroupedInThousands(integerPart, groupSeparator)) return undefined;
    integerPart = integerPart.split(groupSeparator).join('');
  } else if (body.includes(',') || body.includes('.')) {
    const separator = body.includes(',') ? ',' : '.';
    const parts = body.split(separator);
    if (parts.length === 2) {
      [integerPart, fraction] = splitAtLast(body, separator);
    } else {
      if (!isGroupedInThousands(body, separator)) return undefined;
      integerPart = parts.join('');
    }
  }
  const value = Number(`${sign}${integerPart}${fraction ? `.${fraction}` : ''}`);
  return Number.isFinite(value) ? value : undefined;
}

/** What a typed amount says, read in the applicant's language. */
export type MoneyReading = { value: number } | { problem: 'invalid' | 'decimals' };

/** The decimal separator each interface language writes (Intl: en-GB "1,500.5", the others "1 500,5"). */
const DECIMAL_SEPARATOR: Record<Locale, ',' | '.'> = { en: '.', et: ',', lv: ',', lt: ',', ru: ',' };

/**
 * Money typed the way people type it in `locale` (issue 8; section 9):
 * - spaces of any kind group thousands: "10 000";
 * - the language's decimal separator is the decimal separator: "1500,50" in Estonian, "1500.50" in English;
 * - the other mark groups thousands when groups of exactly three digits follow it: "10,000" in
 *   English and "10.000" in Estonian are ten thousand;
 * - otherwise a single other mark is read as a decimal separator too ("10.5" typed on a keypad);
 * - with both marks, the last is the decimal separator and the other must group thousands.
 * More than two decimals is refused as such (section 9), never rounded: "10,000" in Estonian is
 * ten with three decimals, which the applicant is asked to correct.
 */
export function readMoney(text: string, locale: Locale): MoneyReading {
  const typed = signAndBody(text);
  if (!typed) return { problem: 'invalid' };
  const { sign, body } = typed;
  const decimalMark = DECIMAL_SEPARATOR[locale];
  const otherMark = decimalMark === '.' ? ',' : '.';
  let integerPart = body;
  let fraction = '';
  if (body.includes(decimalMark) && body.includes(otherMark)) {
    const decimalAt = Math.max(body.lastIndexOf(decimalMark), body.lastIndexOf(otherMark));
    const groupMark = body[decimalAt] === '.' ? ',' : '.';
    integerPart = body.slice(0, decimalAt);
    fraction = body.slice(decimalAt + 1);
    if (!isGroupedInThousands(integerPart, groupMark)) return { problem: 'invalid' };
    integerPart = integerPart.split(groupMark).join('');
  } else if (body.includes(decimalMark)) {
    if (body.split(decimalMark).length !== 2) return { problem: 'invalid' };
    [integerPart, fraction] = splitAtLast(body, decimalMark);
  } else if (body.includes(otherMark)) {
    if (isGroupedInThousands(body, otherMark)) {
      integerPart = body.split(otherMark).join('');
    } else {
      if (body.split(otherMark).length !== 2) return { problem: 'invalid' };
      [integerPart, fraction] = splitAtLast(body, otherMark);
    }
  }
  if (fraction.length > MONEY_MAX_DECIMALS) return { problem: 'decimals' };
  const value = Number(`${sign}${integerPart}${fraction ? `.${fraction}` : ''}`);
  return Number.isFinite(value) ? { value } : { problem: 'invalid' };
}

/** A typed amount (what a money field holds) to a number, read in `locale`; its problem as a message key. */
export function typedMoneySchema(locale: Locale) {
  return v.pipe(
    v.string(MESSAGES.required),
    v.rawTransform<string, number>(({ dataset, addIssue, NEVER }) => {
      const reading = readMoney(dataset.value, locale);
      if ('value' in reading) return reading.value;
      addIssue({ message: reading.problem === 'decimals' ? MESSAGES.moneyTooManyDecimals : MESSAGES.moneyInvalid });
      return NEVER;
    }),
  );
}

/** Section 5 (Money): "empty or at most 2 decimals". */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6 * Math.max(1, Math.abs(cents));
}

export interface MoneySchemaOptions {
  /** Section 5: optional minimum. Defaults to 0: no amount in the flow is negative. */
  min?: number;
  /** Section 5 and 9: default max 999999999. */
  max?: number;
}

/** Turns what a form sends (a typed string or a number) into a number, or adds moneyInvalid. */
function toMoneyNumber() {
  return v.rawTransform<string | number, number>(({ dataset, addIssue, NEVER }) => {
    // parseMoney's undefined becomes NaN: one finiteness check refuses both (decision 248).
    const value = typeof dataset.value === 'number' ? dataset.value : (parseMoney(dataset.value) ?? Number.NaN);
    if (!Number.isFinite(value)) {
      addIssue({ message: MESSAGES.moneyInvalid });
      return NEVER;
    }
    return value;
  });
}

/** At most two decimals, then within min and max; the messages state the limit (issue 8). */
export function moneyRules(min: number, max: number) {
  return firstFailing<number>([
    [hasAtMostTwoDecimals, MESSAGES.moneyTooManyDecimals],
    [(value) => value >= min, messageWithValues(MESSAGES.moneyBelowMinimum, { minEur: min })],
    [(value) => value <= max, messageWithValues(MESSAGES.moneyAboveMaximum, { maxEur: max })],
  ]);
}

/** A money amount (section 5, Money): required; a number or typed text; at most 2 decimals; min..max. */
export function moneySchema(options: MoneySchemaOptions = {}) {
  const { min = 0, max = MONEY_MAX } = options;
  return v.pipe(
    v.union([v.number(), v.string()], MESSAGES.required),
    v.check((value) => (typeof value === 'string' ? value.trim() !== '' : !Number.isNaN(value)), MESSAGES.required),
    toMoneyNumber(),
    moneyRules(min, max),
  );
}

/** An optional money amount: missing, null or blank gives undefined; otherwise as moneySchema. */
export function optionalMoneySchema(options: MoneySchemaOptions = {}) {
  const { min = 0, max = MONEY_MAX } = options;
  const required = moneySchema({ min, max });
  return v.pipe(
    v.nullish(v.union([v.number(), v.string()], MESSAGES.moneyInvalid)),
    v.rawTransform<string | number | null | undefined, number | undefined>(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value;
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
      const result = v.safeParse(required, value);
      if (result.success) return result.output;
      addIssue({ message: result.issues[0].message });
      return NEVER;
    }),
  );
}
