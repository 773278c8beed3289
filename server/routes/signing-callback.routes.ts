import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { describeError } from '../http/error-report';
import { routePatternOf } from '../http/request-log.middleware';
import { ESIGN_CALLBACK_PATH, PAYMENT_CALLBACK_PATH, completeRedirectSigning } from '../signing/redirect-signing.service';
import { redirectContextOf } from './signing.routes';

/**
 * The redirect signings' callbacks (issue 21; docs/decisions/168): eParaksts and the banks send the
 * browser back here with a code (or an error) and the state. The API finishes the exchange and sends
 * the browser on to the app (303): never an error page, whatever the party answered.
 */
export function signingCallbackRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const callback = (kind: 'esignature' | 'payment') => async (c: Context<AppEnv>) => {
    const report = (error: Error) => deps.logger.error({ requestId: c.get('requestId'), route: routePatternOf(c), ...describeError(error) });
    const target = await completeRedirectSigning(deps, kind, c.req.query(), redirectContextOf(deps, c), report);
    c.header('cache-control', 'no-store');
    return c.redirect(target, 303);
  };
  const underApi = (path: string) => path.replace(/^\/api/, '');
  routes.get(underApi(ESIGN_CALLBACK_PATH), callback('esignature'));
  routes.get(underApi(PAYMENT_CALLBACK_PATH), callback('payment'));
  return routes;
}
