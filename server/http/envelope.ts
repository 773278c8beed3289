import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './app-env';

/** Every success is `{ data: ... }` (section 7: the client unwraps the data body). */
export function ok<T>(c: Context<AppEnv>, data: T, status: ContentfulStatusCode = 200): Response {
  return c.json({ data }, status);
}
