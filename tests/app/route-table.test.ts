import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/app/routes';
import { APP_ROUTES, matchAppRoute, type AppRoute } from '../../core/domain/app-routes';

/**
 * The server answers 404 from core/domain/app-routes.ts; the browser routes with src/app/routes.tsx.
 * These must agree on every path, or a page would render with the wrong status.
 */
const children: RouteObject[] = routes[0]?.children ?? [];

function domainsOf(route: RouteObject): unknown {
  const element = route.element;
  if (!isValidElement(element)) return undefined;
  return (element.props as { domains?: unknown }).domains;
}

describe('the React route table and the shared one', () => {
  it('has the same paths, plus the catch-all 404', () => {
    const reactPaths = children.map((route) => route.path).filter((path) => path !== '*');
    expect(reactPaths.sort()).toEqual(Object.values(APP_ROUTES).map((route: AppRoute) => route.path).sort());
    expect(children.at(-1)?.path).toBe('*');
  });

  it('limits the same routes to the same domains', () => {
    for (const route of Object.values(APP_ROUTES) as AppRoute[]) {
      const reactRoute = children.find((child) => child.path === route.path);
      expect(domainsOf(reactRoute!), route.path).toEqual(route.domains);
    }
  });

  it.each([
    '/',
    '/et',
    '/ET/',
    '/ru',
    '/continue/abc',
    '/continue/abc/',
    '/continue',
    '/continue/a/b',
    '/landing/et/TRAVELING',
    '/landing/et',
    '/error',
    '/Error//',
    '/error/x',
    '/session-expired',
    '/link-expired',
    '/current-account',
    '/no-such-page',
    '/index.html',
  ])('matches %s as React Router does', (pathname) => {
    const matched = matchRoutes(routes, pathname)?.at(-1)?.route.path;
    const reactRoute = matched === undefined || matched === '*' ? undefined : matched;
    expect(matchAppRoute(pathname, 'retail-banking-ee')?.path).toBe(reactRoute);
  });
});
