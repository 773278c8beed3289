import type { Context } from 'hono';
import type { FieldErrors } from '../../core/wire/envelope.schema';
import { MESSAGES } from '../../core/validation/messages';
import type { AppEnv } from './app-env';
import { ApiError } from './api-error';
import { hasControlCharacters, hasUnstorableCharacters } from './text-safety';

/**
 * Every JSON body the API reads goes through here (issue 9: no 500 for bad input). Before any
 * schema (valibot and our own helpers recurse, and would overflow the stack on JSON nested
 * thousands deep) an iterative walk refuses what cannot be stored or does not belong in a form:
 *
 * - a body that is not `application/json`: 415 (a `text/plain` POST is what a cross-site form
 *   can send without a preflight);
 * - nesting deeper than MAX_JSON_DEPTH, keys longer than MAX_KEY_LENGTH or with control
 *   characters, and `__proto__`/`constructor`/`prototype` keys: 400;
 * - strings with NUL or a lone surrogate, strings longer than the largest text limit of section 9
 *   (1024) and numbers JSON.parse made infinite (`1e400`): 422 with message keys per path.
 *
 * The body size itself is capped before it is read (app.ts: 413 PAYLOAD_TOO_LARGE).
 */
export const MAX_JSON_DEPTH = 16;
export const MAX_KEY_LENGTH = 200;
/** Section 9: the largest text limit. Step schemas apply each field's own, smaller one. */
export const MAX_TEXT_LENGTH = 1024;
const MAX_FIELD_ERRORS = 20;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface JsonBodyOptions {
  /** Longest string anywhere in the body; `null` for drafts, which keep what was typed verbatim. */
  maxStringLength?: number | null;
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function isJsonContentType(value: string | undefined): boolean {
  return value !== undefined && JSON_MEDIA_TYPE.test(value.trim());
}

export async function readJsonBody(c: Context<AppEnv>, options: JsonBodyOptions = {}): Promise<unknown> {
  if (!isJsonContentType(c.req.header('content-type'))) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json).');
  }
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('BAD_REQUEST', 'The request body is not valid JSON.');
  }
  checkJson(value, options.maxStringLength === undefined ? MAX_TEXT_LENGTH : options.maxStringLength);
  return value;
}

/** How deep `value` nests (an object or array is one level); iterative, so any depth is safe to ask. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

function checkJson(root: unknown, maxStringLength: number | null): void {
  const fieldErrors: FieldErrors = {};
  let errorCount = 0;
  const fail = (path: string, message: string) => {
    if (errorCount >= MAX_FIELD_ERRORS) return;
    const messages = (fieldErrors[path || 'root'] ??= []);
    if (!messages.includes(message)) {
      messages.push(message);
      errorCount++;
    }
  };
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (pending.length) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (hasUnstorableCharacters(value)) fail(path, MESSAGES.textInvalidCharacters);
      else if (maxStringLength !== null && value.length > maxStringLength) fail(path, MESSAGES.textLength2To1024);
      continue;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) fail(path, MESSAGES.numberInvalid);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) throw new ApiError('BAD_REQUEST', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: path ? `${path}.${index}` : String(index), depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      // The key itself is never echoed: it may be what is wrong with it.
      if (key.length === 0 || key.length > MAX_KEY_LENGTH || hasControlCharacters(key) || hasUnstorableCharacters(key) || FORBIDDEN_KEYS.has(key)) {
        throw new ApiError('BAD_REQUEST', 'The request body has a property name that is not allowed.');
      }
      pending.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  if (errorCount > 0) throw new ApiError('VALIDATION_FAILED', 'The request has values that cannot be accepted.', { fieldErrors });
}
