import * as v from 'valibot';
import type { Locale } from '../../domain/languages';
import { MESSAGES } from '../messages';

/**
 * Section 5: the language field is shown only when more than one language is offered; with
 * one, it is set automatically.
 */
export function languageFieldState(offered: readonly Locale[]): { visible: boolean; value: Locale | undefined } {
  return { visible: offered.length > 1, value: offered.length === 1 ? offered[0] : undefined };
}

/** The language code field: one of the offered languages (required when shown). */
export function languageCodeSchema(offered: readonly Locale[]) {
  const state = languageFieldState(offered);
  return v.pipe(
    v.optional(v.string(MESSAGES.required), state.value ?? ''),
    v.transform((value) => (value === '' && state.value ? state.value : value)),
    v.nonEmpty(MESSAGES.required),
    v.check((value) => (offered as readonly string[]).includes(value), MESSAGES.choiceInvalid),
  );
}
