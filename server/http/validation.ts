import * as v from 'valibot';
import type { FieldErrors } from '../../core/wire/envelope.schema';
import { MESSAGES } from '../../core/validation/messages';
import { ApiError } from './api-error';

/** Issues without a path (the value as a whole) go under this key, as react-hook-form names them. */
export const ROOT_FIELD_ERROR_KEY = 'root';

/**
 * A key, optionally with the numeric values its wording takes (`...amountOutOfRange?minEur=500&maxEur=15000`,
 * core/validation/messages.ts): limits and counts from the rules, never the applicant's input.
 */
const MESSAGE_KEY = /^validation\.messages\.[A-Za-z0-9]+(\?[A-Za-z0-9]+=-?[0-9.]+(&[A-Za-z0-9]+=-?[0-9.]+)*)?$/;

/**
 * A message key for an issue. Rules of `core/validation` already give keys; valibot's defaults
 * ("Invalid type: Expected string but received "…"") quote the input, so they are replaced by the
 * nearest key and never sent (issue 9).
 */
function messageKeyOf(issue: v.BaseIssue<unknown>): string {
  if (MESSAGE_KEY.test(issue.message)) return issue.message;
  if (issue.input === undefined) return MESSAGES.required;
  if (issue.type === 'integer' || issue.type === 'safe_integer') return MESSAGES.integer;
  if (issue.expected === 'number' || ['min_value', 'max_value', 'finite', 'number'].includes(issue.type)) return MESSAGES.numberInvalid;
  return MESSAGES.choiceInvalid;
}

/** Valibot issues to `{ "dotted.path": [message keys] }`; the messages are `core/validation` keys. */
export function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? ROOT_FIELD_ERROR_KEY;
    const messages = (fieldErrors[key] ??= []);
    const message = messageKeyOf(issue);
    if (!messages.includes(message)) messages.push(message);
  }
  return fieldErrors;
}

/** Parses `input` or throws 422 VALIDATION_FAILED with field errors. */
export function parseOrFail<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown, message: string): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new ApiError('VALIDATION_FAILED', message, { fieldErrors: toFieldErrors(result.issues) });
  return result.output;
}
