import type { MiddlewareHandler } from 'hono';
import type { SolisConfig } from '../config';
import type { AppEnv } from './app-env';
import { ENTRY_LOADER_CSP_SOURCE } from './entry-loader';
import { requestProtocolOf } from './forwarded';

/**
 * Powerful features the app never uses are switched off for it and anything it might embed
 * (Permissions-Policy): a script injected into the page still gets no camera, microphone or position.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * Security headers on every reply. The built app loads only its own scripts; the one inline script
 * is index.html's entry loader (decision 231), allowed by its hash, which never changes with a build;
 * inline styles are allowed because components set style attributes. `frame-ancestors` lists the
 * parent pages allowed to embed the app (section 1: embedded mode; `ALLOWED_ORIGINS`).
 * `same-origin` referrers: the externalId in our URLs must not travel to other sites.
 * Cross-Origin-Opener-Policy: a page that opens ours (or that ours opens) gets no handle on its
 * window. HSTS whenever the browser reached us over https, also through a trusted TLS proxy.
 */
export function securityHeadersMiddleware(
  config: Pick<SolisConfig, 'allowedOrigins' | 'trustProxyHops'>,
  /**
   * Issue 21 (decision 169): the configured captcha provider's widget origins, and only those: its
   * script, its frames and its calls (the simulator's widget asks its token from the page).
   */
  options: { widgetOrigins?: readonly string[] } = {},
): MiddlewareHandler<AppEnv> {
  const { allowedOrigins, trustProxyHops } = config;
  const widget = options.widgetOrigins ?? [];
  const withWidget = (directive: string) => [directive, "'self'", ...widget].join(' ');
  const csp = [
    "default-src 'self'",
    `${withWidget('script-src')} ${ENTRY_LOADER_CSP_SOURCE}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    // The web app manifest (issue 26): what default-src allows, said outright.
    "manifest-src 'self'",
    withWidget('connect-src'),
    ...(widget.length ? [withWidget('frame-src')] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...allowedOrigins].join(' ')}`,
  ].join('; ');
  return async (c, next) => {
    await next();
    c.header('content-security-policy', c.get('contentSecurityPolicy') ?? csp);
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'same-origin');
    c.header('permissions-policy', PERMISSIONS_POLICY);
    c.header('cross-origin-opener-policy', 'same-origin');
    // X-Frame-Options cannot name other origins; where embedding is allowed, CSP alone governs.
    if (allowedOrigins.length === 0) c.header('x-frame-options', 'SAMEORIGIN');
    if (requestProtocolOf(c, trustProxyHops) === 'https:') c.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (c.req.path.startsWith('/api/')) c.header('cache-control', 'no-store');
  };
}
