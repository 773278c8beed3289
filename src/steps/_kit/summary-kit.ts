/**
 * How answers read on the check-answers page (issue 11): the small formatters every step's
 * `summary.tsx` uses, so a money amount, a date or a choice reads the same on every summary. They
 * take the form values as the person left them (typed text, choice codes, date parts) and the
 * active language; an empty answer reads "Not given", never a blank cell.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DateParts } from '../../../core/contract/fields';
import { formatEur } from '../../../core/validation/format/money';
import { readMoney } from '../../../core/validation/money';
import { LOCALE_TAG, isLocale } from '../../../core/domain/languages';
import type { SummaryRow } from './step-registry-types';

const NOT_GIVEN = msg`Not given`;

export function notGiven(i18n: I18n): string {
  return i18n._(NOT_GIVEN);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Text as typed, trimmed. */
export function textAnswer(value: unknown, i18n: I18n): string {
  return isBlank(value) ? notGiven(i18n) : String(value).trim();
}

/** A choice by its label in the reader's language; an unknown code is shown as it is. */
export function choiceAnswer(value: unknown, labels: Readonly<Record<string, MessageDescriptor>>, i18n: I18n): string {
  if (isBlank(value)) return notGiven(i18n);
  const label = labels[String(value)];
  return label ? i18n._(label) : String(value);
}

/** Several choices, in the order chosen, as one line. */
export function choicesAnswer(values: unknown, labels: Readonly<Record<string, MessageDescriptor>>, i18n: I18n): string {
  const list = Array.isArray(values) ? values.filter((value) => !isBlank(value)) : [];
  return list.length === 0 ? notGiven(i18n) : list.map((value) => choiceAnswer(value, labels, i18n)).join(', ');
}

/** A money amount as typed ("3 000,50" in Estonian), shown in the reader's language with €. */
export function moneyAnswer(value: unknown, i18n: I18n): string {
  if (isBlank(value)) return notGiven(i18n);
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const read = readMoney(String(value), locale);
  return 'value' in read ? formatEur(read.value, locale) : String(value);
}

/** A GOV.UK date (day, month, year) as a long date in the reader's language: "5 March 2021". */
export function dateAnswer(value: unknown, i18n: I18n): string {
  const parts = value as Partial<DateParts> | null | undefined;
  if (!parts || isBlank(parts.day) || isBlank(parts.month) || isBlank(parts.year)) return notGiven(i18n);
  const [day, month, year] = [Number(parts.day), Number(parts.month), Number(parts.year)];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(date.getTime())) return `${parts.day}.${parts.month}.${parts.year}`;
  const tag = isLocale(i18n.locale) ? LOCALE_TAG[i18n.locale] : i18n.locale;
  return new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

const YES = msg`Yes`;
const NO = msg`No`;

export function yesNoAnswer(value: unknown, i18n: I18n): string {
  if (value === true || value === 'true' || value === 'YES') return i18n._(YES);
  if (value === false || value === 'false' || value === 'NO') return i18n._(NO);
  return notGiven(i18n);
}

/** A phone number as its calling code and number. */
export function phoneAnswer(value: unknown, i18n: I18n): string {
  const phone = value as { code?: string; number?: string } | null | undefined;
  if (!phone || isBlank(phone.number)) return notGiven(i18n);
  return `${phone.code ?? ''} ${String(phone.number).trim()}`.trim();
}

/** A row, with its question translated. */
export function row(field: string, question: MessageDescriptor, answer: string, i18n: I18n): SummaryRow {
  return { field, question: i18n._(question), answer };
}
