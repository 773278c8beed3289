/**
 * Validation rules return message keys (core/validation/messages.ts), some with the values their
 * wording needs ("...?minEur=500&maxEur=15000"); the form shows them in the active language,
 * amounts formatted as money in that language. The key is the message id: the wording reaches the
 * catalogs from ./validation-messages.ts (extraction), so the form needs only the keys at run time
 * and the first page does not carry every descriptor a second time.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { MESSAGES, splitMessage } from '../../core/validation/messages';
import { formatEur } from '../../core/validation/format/money';

const KNOWN_KEYS: ReadonlySet<string> = new Set(Object.values(MESSAGES));

function formatValues(values: Readonly<Record<string, unknown>>, locale: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const amount = typeof value === 'string' ? Number(value) : value;
    out[name] = name.endsWith('Eur') && typeof amount === 'number' && Number.isFinite(amount) ? formatEur(amount, locale) : value;
  }
  return out;
}

function descriptorFor(text: string, locale: string, extra?: Record<string, unknown>): MessageDescriptor {
  const { key, values } = splitMessage(text);
  const descriptor: MessageDescriptor = { id: KNOWN_KEYS.has(key) ? key : MESSAGES.required };
  const all = { ...values, ...extra };
  return Object.keys(all).length ? { ...descriptor, values: formatValues(all, locale) } : descriptor;
}

/** The message key of a message text (without its values). */
export function messageKeyOf(text: string): string {
  return splitMessage(text).key;
}

/**
 * The translated message for a key. An unknown key (a server newer than this client, a rule
 * without a descriptor yet) falls back to the generic required message rather than showing a key.
 */
export function translateValidationKey(i18n: I18n, text: string, values?: Record<string, unknown>): string {
  return i18n._(descriptorFor(text, i18n.locale, values));
}

/** `translateValidationKey` bound to the active locale; a new function after each language change. */
export function useValidationMessage(): (text: string, values?: Record<string, unknown>) => string {
  // `_` is a new function after each language change: the callback follows it.
  const { i18n, _ } = useLingui();
  return useCallback((text: string, values?: Record<string, unknown>) => _(descriptorFor(text, i18n.locale, values)), [i18n, _]);
}
