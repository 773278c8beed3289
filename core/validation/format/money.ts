import type { Locale } from '../../domain/languages';
import { LOCALE_TAG } from '../../domain/languages';

import { roundMoney } from '../../domain/pricing';

/** Section 9's rounding lives with the pricing math; the formatters use the same one. */
export { roundMoney };

function localeTag(locale: Locale | string): string {
  return (LOCALE_TAG as Record<string, string>)[locale] ?? locale;
}

/** Intl.NumberFormat is costly to build: one per locale tag and options, built on first use. */
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale | string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const tag = localeTag(locale);
  const key = `${tag}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(tag, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Section 9: EUR with the € symbol, without decimals when the value is whole, otherwise with two;
 * separators of the active language (Intl).
 */
export function formatEur(value: number, locale: Locale | string): string {
  const rounded = roundMoney(value);
  const digits = Number.isInteger(rounded) ? 0 : 2;
  return numberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(rounded);
}

/** A plain amount (no currency symbol) with the active language's separators, up to 2 decimals. */
export function formatAmount(value: number, locale: Locale | string): string {
  const rounded = roundMoney(value);
  const digits = Number.isInteger(rounded) ? 0 : 2;
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(rounded);
}

/** Section 9: percent with up to 2 decimals; `value` is in percent (15.9 -> "15.9%" / "15,9 %"). */
export function formatPercent(value: number, locale: Locale | string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    roundMoney(value) / 100,
  );
}
