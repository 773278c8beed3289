import { format, isValid, parse } from 'date-fns';

/** Section 9: the date formats. */
export const DATE_FORMATS = {
  iso: 'yyyy-MM-dd',
  month: 'yyyy-MM',
  display: 'dd-MM-yyyy',
  utcTimestamp: "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'",
} as const;

/** dd-MM-yyyy, the format shown to people. */
export function formatDisplayDate(date: Date): string {
  return format(date, DATE_FORMATS.display);
}

/** yyyy-MM-dd, the format of payloads and date inputs. */
export function formatIsoDate(date: Date): string {
  return format(date, DATE_FORMATS.iso);
}

/** yyyy-MM. */
export function formatMonth(date: Date): string {
  return format(date, DATE_FORMATS.month);
}

/** yyyy-MM-dd'T'HH:mm:ss.SSS'Z' in UTC (date-fns would format local time; toISOString is UTC). */
export function formatUtcTimestamp(date: Date): string {
  return date.toISOString();
}

/**
 * Parses dd-MM-yyyy strictly; undefined for anything else or an impossible date. date-fns reads a
 * one-digit day or month ("1-1-2020") and a short year too: only a text the date prints back as is
 * the display format.
 */
export function parseDisplayDate(text: string): Date | undefined {
  const date = parse(text, DATE_FORMATS.display, new Date(0));
  return isValid(date) && format(date, DATE_FORMATS.display) === text ? date : undefined;
}
