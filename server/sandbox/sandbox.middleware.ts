import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ApiError } from '../http/api-error';
import { hasUnstorableCharacters } from '../http/text-safety';
import { ownerOf } from '../sessions/principal.middleware';
import { consumeCallControl } from './sandbox-repository';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Honours this caller's pending fail-next and delay-next controls (test mode only). The sandbox's
 * own calls never consume them, so several controls can be set in a row. A caller without a
 * session has none.
 */
export function sandboxMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const owner = ownerOf(c);
    // A decoded path may hold NUL (`%00`), which no stored control's path can (and PostgreSQL cannot take).
    if (owner && !c.req.path.startsWith('/api/sandbox/') && !hasUnstorableCharacters(c.req.path)) {
      const control = await consumeCallControl(deps.db, owner, c.req.path, c.req.method);
      if (control?.kind === 'delay-next') await wait(control.ms);
      if (control?.kind === 'fail-next') {
        throw new ApiError('SANDBOX_FAILURE', `Failure forced by the sandbox (status ${control.status}).`, { status: control.status });
      }
    }
    await next();
  };
}
