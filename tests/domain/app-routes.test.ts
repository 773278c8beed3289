import { describe, expect, it } from 'vitest';
import { APP_ROUTES, SESSION_FREE_PATHS, matchAppRoute } from '../../core/domain/app-routes';
import { BUSINESS_DOMAINS } from '../../core/domain/business-domains';

describe('the app route table (section 2)', () => {
  it.each([
    ['/', APP_ROUTES.home],
    ['/et', APP_ROUTES.estonian],
    ['/ru/', APP_ROUTES.russian],
    ['/continue/2d4c1f3e-0000-4000-8000-000000000000', APP_ROUTES.continue],
    ['/start', APP_ROUTES.start],
    ['/choose-product', APP_ROUTES.chooseProduct],
    ['/ERROR', APP_ROUTES.error],
    ['/maintenance//', APP_ROUTES.maintenance],
    ['/no-task', APP_ROUTES.noTask],
    ['/no-process', APP_ROUTES.noProcess],
    ['/unauthorized', APP_ROUTES.unauthorized],
    ['/session-expired', APP_ROUTES.sessionExpired],
  ])('%s is a route in every domain', (pathname, route) => {
    for (const domain of BUSINESS_DOMAINS) expect(matchAppRoute(pathname, domain)).toBe(route);
  });

  it.each(['/no-such-page', '/continue', '/continue/', '/continue/a/b', '/landing/et', '/errors', '/error/x', '/index.html', '//error', '/et.'])(
    '%s is no route anywhere',
    (pathname) => {
      for (const domain of BUSINESS_DOMAINS) expect(matchAppRoute(pathname, domain)).toBeUndefined();
    },
  );

  it('has the domain-only routes only in their domains', () => {
    const where = (pathname: string) => BUSINESS_DOMAINS.filter((domain) => matchAppRoute(pathname, domain) !== undefined);
    expect(where('/current-account')).toEqual(['retail-banking-ee', 'retail-banking-lv']);
    expect(where('/landing/est/TRAVELING')).toEqual(['retail-banking-ee']);
    expect(where('/link-expired')).toEqual(['retail-banking-ee']);
  });

  it('marks the pages without session expiry', () => {
    expect([...SESSION_FREE_PATHS].sort()).toEqual(
      ['/choose-product', '/error', '/link-expired', '/maintenance', '/no-process', '/no-task', '/resume', '/session-expired', '/unauthorized'].sort(),
    );
  });
});
