import * as v from 'valibot';
import type { FieldErrors } from '../../src/api/schemas/envelope.schema';
import { ApiError } from './api-error';

/** Issues without a path (the value as a whole) go under this key, as react-hook-form names them. */
export const ROOT_FIELD_ERROR_KEY = 'root';

/** Valibot issues to `{ "dotted.path": [message keys] }`; the messages are `src/validation` keys. */
export function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? ROOT_FIELD_ERROR_KEY;
    const messages = (fieldErrors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fieldErrors;
}

/** Parses `input` or throws 422 VALIDATION_FAILED with field errors. */
export function parseOrFail<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown, message: string): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new ApiError('VALIDATION_FAILED', message, { fieldErrors: toFieldErrors(result.issues) });
  return result.output;
}
