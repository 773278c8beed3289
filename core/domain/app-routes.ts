import type { BusinessDomain } from './business-domains';

/**
 * Section 2's route table as data: which paths the app answers and in which business domains.
 * The React route table (src/app/routes.tsx) takes its paths from here, and the server answers
 * 404 to any other path (server/http/static-files.ts), so the two cannot drift apart.
 */
export interface AppRoute {
  /** A React Router pattern: static segments and `:param` segments, nothing else. */
  readonly path: string;
  /** Only these domains have the route; elsewhere it is the 404 page. Absent: every domain. */
  readonly domains?: readonly BusinessDomain[];
  /** Section 2: session expiry is disabled on this page. */
  readonly sessionFree?: boolean;
}

export const APP_ROUTES = {
  home: { path: '/' },
  estonian: { path: '/et' },
  russian: { path: '/ru' },
  continue: { path: '/continue/:externalId' },
  /** Issue 11: the link a co-borrower is sent (single-use, expiring). */
  invitation: { path: '/invitation/:token' },
  /** Issue 26 (decision 195): come back to an application on any device, by logging in or by a link sent by e-mail. */
  resume: { path: '/resume', sessionFree: true },
  start: { path: '/start' },
  currentAccount: { path: '/current-account', domains: ['retail-banking-ee', 'retail-banking-lv'] },
  landing: { path: '/landing/:lang/:initialLoanPurpose', domains: ['retail-banking-ee'] },
  /** Issue 25 (decision 189): the bank's landing page for a registered partner's goods (retail: partners sell there). */
  partnerLanding: { path: '/partner/:regCode/:goodsName', domains: ['retail-banking-ee', 'retail-banking-lv', 'retail-banking-lt'] },
  chooseProduct: { path: '/choose-product', sessionFree: true },
  error: { path: '/error', sessionFree: true },
  maintenance: { path: '/maintenance', sessionFree: true },
  noTask: { path: '/no-task', sessionFree: true },
  noProcess: { path: '/no-process', sessionFree: true },
  unauthorized: { path: '/unauthorized', sessionFree: true },
  sessionExpired: { path: '/session-expired', sessionFree: true },
  linkExpired: { path: '/link-expired', domains: ['retail-banking-ee'], sessionFree: true },
} as const satisfies Record<string, AppRoute>;

export type AppRouteName = keyof typeof APP_ROUTES;

/** Whether a domain has the route (section 2's "Estonia retail only" and the like). */
export function routeExistsIn(route: AppRoute, domain: BusinessDomain): boolean {
  return route.domains === undefined || route.domains.includes(domain);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The pattern as React Router matches it by default: case-insensitive, one non-empty segment per
 * `:param`, trailing slashes allowed.
 */
function patternOf(path: string): RegExp {
  const segments = path.split('/').filter(Boolean);
  const body = segments.map((segment) => (segment.startsWith(':') ? '/[^/]+' : `/${escapeRegExp(segment)}`)).join('');
  return new RegExp(`^${body}/*$`, 'i');
}

const PATTERNS = new Map<AppRoute, RegExp>(Object.values(APP_ROUTES).map((route) => [route, patternOf(route.path)]));

/** The route a pathname (without query) matches in a domain, or undefined: then it is a 404. */
export function matchAppRoute(pathname: string, domain: BusinessDomain): AppRoute | undefined {
  for (const [route, pattern] of PATTERNS) {
    if (pattern.test(pathname)) return routeExistsIn(route, domain) ? route : undefined;
  }
  return undefined;
}

/** Section 2's pages without session expiry, as paths. */
export const SESSION_FREE_PATHS: readonly string[] = Object.values(APP_ROUTES)
  .filter((route: AppRoute) => route.sessionFree === true)
  .map((route) => route.path);

/** Section 2: whether session expiry is disabled on this page (a trailing slash is the same page). */
export function isSessionFreePath(pathname: string): boolean {
  // Stryker disable next-line StringLiteral: equivalent (decision 236) while the home page keeps its session expiry: neither '/' nor '' is listed.
  return SESSION_FREE_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}

/** Decision 195: the resume page in the reader's language (the default language needs no query, as the home page). */
export function resumeHref(locale: string, defaultLocale: string): string {
  return locale === defaultLocale ? APP_ROUTES.resume.path : `${APP_ROUTES.resume.path}?lang=${locale}`;
}
