import * as v from 'valibot';
import { latvianCheckDigit } from '../../core/validation/latvia/personal-code';
import { splitMessage } from '../../core/validation/messages';

/** A fixed "today" for every time-dependent rule: Sunday 15 June 2025. */
export const TODAY = new Date(2025, 5, 15);

/** The first issue's message key (without the values its wording takes), or undefined when accepted. */
export function firstMessage(schema: v.GenericSchema, input: unknown): string | undefined {
  const text = firstMessageText(schema, input);
  return text === undefined ? undefined : splitMessage(text).key;
}

/** The first issue's whole message text, values included ("...?minEur=500"). */
export function firstMessageText(schema: v.GenericSchema, input: unknown): string | undefined {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0].message;
}

/** Every issue a form shows at once, each as its field's dotted path and its message key ("path: key"). */
export function issuesOf(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input);
  if (result.success) return [];
  return result.issues.map((issue) => `${(issue.path ?? []).map((item) => String(item.key)).join('.')}: ${splitMessage(issue.message).key}`);
}

/** The dotted path of the first issue ('' for the root). */
export function firstPath(schema: v.GenericSchema, input: unknown): string | undefined {
  const result = v.safeParse(schema, input);
  if (result.success) return undefined;
  return (result.issues[0].path ?? []).map((item) => String(item.key)).join('.');
}

export function output<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  return v.parse(schema, input);
}

/** Reference check digit for 11-digit EE/LT codes, written independently of the library. */
export function referenceCheckDigit(firstTen: string): number {
  const digits = firstTen.split('').map(Number);
  const sum = (weights: number[]) => digits.reduce((acc, d, i) => acc + d * (weights[i] as number), 0) % 11;
  const first = sum([1, 2, 3, 4, 5, 6, 7, 8, 9, 1]);
  if (first !== 10) return first;
  const second = sum([3, 4, 5, 6, 7, 8, 9, 1, 2, 3]);
  return second === 10 ? 0 : second;
}

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An EE/LT personal code for a birth date, sex and serial, with the correct check digit. */
export function elevenDigitCode(birth: Date, female: boolean, serial: number): string {
  const year = birth.getFullYear();
  const centuryBase = year < 2000 ? 3 : 5;
  const first = centuryBase + (female ? 1 : 0);
  const body = `${first}${pad(year % 100)}${pad(birth.getMonth() + 1)}${pad(birth.getDate())}${pad(serial, 3)}`;
  return `${body}${referenceCheckDigit(body)}`;
}

/**
 * An old-format Latvian code for a birth date: ddMMyy-Cddd and its check digit (decision 186). A
 * serial whose body has no check digit (remainder 10) is moved on to the next one that has.
 */
export function oldLatvianCode(birth: Date, serial: number): string {
  const century = Math.floor(birth.getFullYear() / 100) - 18;
  const date = `${pad(birth.getDate())}${pad(birth.getMonth() + 1)}${pad(birth.getFullYear() % 100)}`;
  for (let step = 0; ; step += 1) {
    const body = `${date}${century}${pad((serial + step) % 1000, 3)}`;
    const check = latvianCheckDigit(body);
    if (check !== undefined) return `${body.slice(0, 6)}-${body.slice(6)}${check}`;
  }
}
