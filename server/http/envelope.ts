import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './app-env';
import { ApiError } from './api-error';

/** Every success is `{ data: ... }` (section 7: the client unwraps the data body). */
export function ok<T>(c: Context<AppEnv>, data: T, status: ContentfulStatusCode = 200): Response {
  return c.json({ data }, status);
}

/** Reads a JSON body; malformed JSON is the client's fault, not a 500. */
export async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json<unknown>();
  } catch {
    throw new ApiError('BAD_REQUEST', 'The request body is not valid JSON.');
  }
}
