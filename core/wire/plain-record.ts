import * as v from 'valibot';
import { MESSAGES } from '../validation/messages';

/**
 * Issue 23 item 8 (docs/decisions/178): `v.record` takes any non-null object, arrays among them (a
 * draft of `[]` or `["a"]` was stored as such). Every record-shaped object on the wire is a plain
 * object: what JSON.parse makes of `{...}`, nothing else.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** `v.record(key, value)` that refuses arrays and objects that are not plain (class instances, dates, maps). */
export function plainRecord<
  TKey extends v.GenericSchema<string, string | number | symbol>,
  TValue extends v.GenericSchema,
>(key: TKey, value: TValue, message: string = MESSAGES.choiceInvalid) {
  return v.pipe(v.custom<Record<string, unknown>>(isPlainObject, message), v.record(key, value, message));
}
