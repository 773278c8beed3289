import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { EMBED_DEMO_HTML, EMBED_DEMO_PATH, EMBED_DEMO_SCRIPT, EMBED_DEMO_SCRIPT_PATH } from '../sandbox/embed-demo';

/**
 * Issue 25 (decision 187): the demo parent page, test mode only (server/app.ts mounts it then). Its
 * frame shows the app from the other loopback host name, so this page's own CSP names loopback
 * origins as frame sources (the app's pages keep theirs: they frame nothing).
 */
export function embedDemoRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(EMBED_DEMO_PATH, (c) => {
    c.set('contentSecurityPolicy', "default-src 'self'; style-src 'unsafe-inline'; frame-src http://127.0.0.1:* http://localhost:* https://127.0.0.1:* https://localhost:*; object-src 'none'; base-uri 'self'");
    return c.html(EMBED_DEMO_HTML);
  });
  routes.get(EMBED_DEMO_SCRIPT_PATH, (c) => c.body(EMBED_DEMO_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  return routes;
}
