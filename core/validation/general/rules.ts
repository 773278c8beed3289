import * as v from 'valibot';
import { MESSAGES } from '../messages';
import type { MessageText } from '../messages';

/** A predicate and the message key shown when it fails. */
export type Rule<T> = readonly [test: (value: T) => boolean, message: MessageText];

/**
 * Runs the rules in order and reports only the first that fails, so a field shows one message
 * that says what to fix (valibot would otherwise keep running every check of a pipe).
 */
export function firstFailing<T>(rules: readonly Rule<T>[]) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    // One message per field: nothing more once an earlier step of the pipe (blank) has failed.
    if (!dataset.typed || dataset.issues) return;
    for (const [test, message] of rules) {
      if (!test(dataset.value)) {
        addIssue({ message });
        return;
      }
    }
  });
}

/** The test with '' let through: whether a field may be blank is its own rule (optional or required). */
export function orEmpty(test: (text: string) => boolean): (text: string) => boolean {
  return (text) => text === '' || test(text);
}

/** The rules with '' let through (see orEmpty), for an optional field. */
export function skipWhenEmpty(rules: readonly Rule<string>[]): Rule<string>[] {
  return rules.map(([test, message]) => [orEmpty(test), message] as const);
}

/** A required string: missing, non-string or blank after trimming gives the shared required key. */
export function requiredTrimmedString() {
  return v.pipe(v.string(MESSAGES.required), v.trim(), v.nonEmpty(MESSAGES.required));
}

/** An optional string: missing becomes '', and the value is trimmed. */
export function optionalTrimmedString() {
  return v.pipe(v.optional(v.string(MESSAGES.required), ''), v.trim());
}

/** The valibot issue path to `list[index][key]`, for list-level checks: the path valibot itself gives there. */
export function listItemPath(list: readonly unknown[], index: number, key: string): [v.ArrayPathItem, v.ObjectPathItem] {
  const item = list[index];
  const arrayItem: v.ArrayPathItem = { type: 'array', origin: 'value', input: [...list], key: index, value: item };
  const record = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
  const objectItem: v.ObjectPathItem = { type: 'object', origin: 'value', input: { ...record }, key, value: record[key] };
  return [arrayItem, objectItem];
}
