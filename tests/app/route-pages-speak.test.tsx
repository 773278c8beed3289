/**
 * Decision 164: the pages of section 2's route table that are not steps (error, maintenance, no
 * task, no process, unauthorized, session ended, link expired, not found; business customers' product list)
 * in each country's languages other than its main one, axe clean. e2e/routes.spec.ts opens every route in the browser in each of those languages
 * and runs axe in the domain's main language only (where it judges colour contrast too, which jsdom
 * cannot); the other languages' axe runs here. The product chooser and the current-account start
 * are steps: tests/steps/retail-steps-speak.test.tsx.
 */
import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { Locale } from '../../core/domain/languages';
import { LocaleContext } from '../../src/app/locale-context';
import { NotFoundPage } from '../../src/app/not-found-page';
import { CorporateProductsPage } from '../../src/app/pages/corporate-products-page';
import { LinkExpiredPage, MaintenancePage, NoProcessPage, NoTaskPage, ServerErrorPage, SessionExpiredPage, UnauthorizedPage } from '../../src/app/pages/error-pages';
import { activateLocale } from '../../src/i18n/i18n';
import { RuntimeConfigContext } from '../../src/steps/_kit/runtime-config-context';
import { t } from '../../e2e/support/i18n';
import { expectNoAxeViolations } from '../support/axe';
import { runtimeConfigFor } from '../support/render-step';
import { renderWithI18n } from '../components/render-with-i18n';

const DOMAINS: ReadonlyArray<{ domain: BusinessDomain; locales: readonly Locale[]; noTask: string; noProcess: string; linkExpired: boolean }> = [
  {
    domain: 'retail-banking-ee',
    locales: ['et', 'ru', 'en'],
    noTask: 'There is nothing for you to do right now',
    noProcess: 'There is no application to continue',
    linkExpired: true,
  },
  { domain: 'retail-banking-lv', locales: ['lv', 'ru', 'en'], noTask: 'Your data is being processed', noProcess: 'You need a Solis account to continue', linkExpired: false },
  { domain: 'retail-banking-lt', locales: ['lt', 'en'], noTask: 'There is nothing for you to do right now', noProcess: 'There is no application to continue', linkExpired: false },
];

const cases = DOMAINS.flatMap(({ domain, locales, noTask, noProcess, linkExpired }) => {
  const pages: Array<[string, () => ReactElement, string]> = [
    ['/error', () => <ServerErrorPage />, 'Sorry, there is a problem with the service'],
    ['/maintenance', () => <MaintenancePage />, 'This service is down for maintenance'],
    ['/unauthorized', () => <UnauthorizedPage />, 'You do not have access to this page'],
    ['/session-expired', () => <SessionExpiredPage />, 'Your session has ended'],
    ['/no-task', () => <NoTaskPage />, noTask],
    ['/no-process', () => <NoProcessPage />, noProcess],
    ['/no-such-page', () => <NotFoundPage />, 'Page not found'],
    ...(linkExpired ? [['/link-expired', () => <LinkExpiredPage />, 'This link has expired'] as [string, () => ReactElement, string]] : []),
  ];
  // The main language is the browser's to scan (colour contrast included): the others here.
  return pages.flatMap(([path, page, heading]) => locales.slice(1).map((locale) => ({ domain, locale, path, page, heading })));
}).concat(
  // Business customers' product list (`/choose-product` in corporate banking), in its country's other languages (Estonia).
  (['ru', 'en'] as const).map((locale) => ({
    domain: 'corporate-banking' as BusinessDomain,
    locale,
    path: '/choose-product',
    page: () => <CorporateProductsPage />,
    heading: 'Choose financing for your company',
  })),
);

describe('the route table’s own pages in the other languages their country offers', () => {
  it.each(cases)('$path in $locale ($domain): its heading in that language, axe clean', async ({ domain, locale, path, page, heading }) => {
    await activateLocale(locale);
    const { container } = renderWithI18n(
      <RuntimeConfigContext.Provider value={runtimeConfigFor(domain)}>
        <LocaleContext.Provider value={{ locale, setLocale: () => {} }}>
          <MemoryRouter initialEntries={[path]}>{page()}</MemoryRouter>
        </LocaleContext.Provider>
      </RuntimeConfigContext.Provider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t(locale, heading));
    await expectNoAxeViolations(container);
  });
});
