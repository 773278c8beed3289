/**
 * Validation rules return message keys (src/validation/messages.ts); the form shows them in the
 * active language through the descriptors of ./validation-messages.ts.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { MESSAGES } from '../validation/messages';
import { VALIDATION_MESSAGES, isValidationMessageKey } from './validation-messages';

function descriptorFor(key: string, values?: Record<string, unknown>): MessageDescriptor {
  const descriptor: MessageDescriptor = isValidationMessageKey(key) ? VALIDATION_MESSAGES[key] : VALIDATION_MESSAGES[MESSAGES.required];
  return values ? { ...descriptor, values: { ...descriptor.values, ...values } } : descriptor;
}

/**
 * The translated message for a key. An unknown key (a server newer than this client, a rule
 * without a descriptor yet) falls back to the generic required message rather than showing a key.
 */
export function translateValidationKey(i18n: I18n, key: string, values?: Record<string, unknown>): string {
  return i18n._(descriptorFor(key, values));
}

/** `translateValidationKey` bound to the active locale; a new function after each language change. */
export function useValidationMessage(): (key: string, values?: Record<string, unknown>) => string {
  const { _ } = useLingui();
  return useCallback((key: string, values?: Record<string, unknown>) => _(descriptorFor(key, values)), [_]);
}
