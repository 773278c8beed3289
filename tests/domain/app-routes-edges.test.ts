import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isSessionFreePath, matchAppRoute, resumeHref, routeExistsIn } from '../../core/domain/app-routes';

/** Section 2's pages without session expiry, the resume link (decision 195), the partner and invitation routes. */
describe('isSessionFreePath', () => {
  it('disables session expiry on the listed pages, with or without trailing slashes', () => {
    expect(isSessionFreePath('/error')).toBe(true);
    expect(isSessionFreePath('/resume/')).toBe(true);
    expect(isSessionFreePath('/session-expired//')).toBe(true);
  });

  it('keeps it on every other page, the home page included', () => {
    expect(isSessionFreePath('/')).toBe(false);
    expect(isSessionFreePath('')).toBe(false);
    expect(isSessionFreePath('/start')).toBe(false);
    expect(isSessionFreePath('/error/x')).toBe(false);
    expect(isSessionFreePath('x/error')).toBe(false);
  });
});

describe('resumeHref', () => {
  it('needs no query in the default language, names any other', () => {
    expect(resumeHref('et', 'et')).toBe('/resume');
    expect(resumeHref('ru', 'et')).toBe('/resume?lang=ru');
  });
});

describe('routes with parameters and domains', () => {
  it('answers the partner landing in retail only, and the invitation and resume pages everywhere', () => {
    expect(matchAppRoute('/partner/12345678/BIKE', 'retail-banking-lt')).toBe(APP_ROUTES.partnerLanding);
    expect(matchAppRoute('/partner/12345678/BIKE', 'corporate-banking')).toBeUndefined();
    expect(matchAppRoute('/partner/12345678', 'retail-banking-ee')).toBeUndefined();
    expect(matchAppRoute('/invitation/abc', 'corporate-banking')).toBe(APP_ROUTES.invitation);
    expect(matchAppRoute('/resume', 'retail-banking-lv')).toBe(APP_ROUTES.resume);
    expect(matchAppRoute('/current-account', 'retail-banking-lt')).toBeUndefined();
  });

  it('reads a route without domains as every domain’s', () => {
    expect(routeExistsIn({ path: '/x' }, 'corporate-banking')).toBe(true);
    expect(routeExistsIn({ path: '/x', domains: [] }, 'corporate-banking')).toBe(false);
    expect(routeExistsIn({ path: '/x', domains: ['retail-banking-ee'] }, 'retail-banking-ee')).toBe(true);
  });

  it('escapes what a regular expression would read: a dot is a dot', () => {
    expect(matchAppRoute('/sessionXexpired', 'retail-banking-ee')).toBeUndefined();
    expect(matchAppRoute('/no_task', 'retail-banking-ee')).toBeUndefined();
  });
});
