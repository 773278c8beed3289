import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

/**
 * Security headers on every reply. The built app loads only its own scripts (no inline script);
 * inline styles are allowed because components set style attributes. `frame-ancestors` lists the
 * parent pages allowed to embed the app (section 1: embedded mode; `ALLOWED_ORIGINS`).
 * `same-origin` referrers: the externalId in our URLs must not travel to other sites.
 */
export function securityHeadersMiddleware(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...allowedOrigins].join(' ')}`,
  ].join('; ');
  return async (c, next) => {
    await next();
    c.header('content-security-policy', csp);
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'same-origin');
    // X-Frame-Options cannot name other origins; where embedding is allowed, CSP alone governs.
    if (allowedOrigins.length === 0) c.header('x-frame-options', 'SAMEORIGIN');
    if (new URL(c.req.url).protocol === 'https:') c.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (c.req.path.startsWith('/api/')) c.header('cache-control', 'no-store');
  };
}
