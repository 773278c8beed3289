import * as v from 'valibot';
import { MESSAGES } from '../messages';
import type { MessageKey } from '../messages';

/** A predicate and the message key shown when it fails. */
export type Rule<T> = readonly [test: (value: T) => boolean, message: MessageKey];

/**
 * Runs the rules in order and reports only the first that fails, so a field shows one message
 * that says what to fix (valibot would otherwise keep running every check of a pipe).
 */
export function firstFailing<T>(rules: readonly Rule<T>[]) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [test, message] of rules) {
      if (!test(dataset.value)) {
        addIssue({ message });
        return;
      }
    }
  });
}

/** A required string: missing, non-string or blank after trimming gives the shared required key. */
export function requiredTrimmedString() {
  return v.pipe(v.string(MESSAGES.required), v.trim(), v.nonEmpty(MESSAGES.required));
}

/** An optional string: missing becomes '', and the value is trimmed. */
export function optionalTrimmedString() {
  return v.pipe(v.optional(v.string(MESSAGES.required), ''), v.trim());
}
