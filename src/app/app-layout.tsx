import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AppHeader } from '../components/app-header';
import { AppFooter } from '../components/app-footer';
import type { Application } from '../../core/wire/application.schema';
import { AUTHENTICATED_COOKIE } from '../../core/wire/envelope.schema';
import type { RuntimeConfig } from '../../core/wire/config.schema';
import { applicantOf, isBrokerApplication } from '../../core/domain/applicant';
import { formatEur } from '../../core/validation/format/money';
import type { Locale } from '../../core/domain/languages';
import { APP_ROUTES } from '../../core/domain/app-routes';
import { useRuntimeConfig } from '../steps/_kit/runtime-config-context';
import { embeddedMode } from './embedded';
import { parentFrame } from './parent-frame';
import { useLocaleState } from './locale-context';

const MAIN_CONTENT_ID = 'main-content';

// Decision 190: the cookie banner and its calls are not on the first page's JavaScript.
const CookieConsent = lazy(() => import('./cookie-consent'));

/**
 * Section 1: the country's languages from configuration; Russian is not offered for current-account
 * products in production. The language in use always stays listed, so nobody is left without it.
 */
export function offeredLocales(config: Pick<RuntimeConfig, 'allowedLocales' | 'mode'>, productName: string | null | undefined, current: Locale): Locale[] {
  const hideRussian = config.mode !== 'test' && productName === 'CURRENT_ACCOUNT';
  return config.allowedLocales.filter((locale) => !(hideRussian && locale === 'ru' && current !== 'ru'));
}

/** Section 6: authentication comes from the applicant, or from a cookie named Authenticated. */
export function isAuthenticated(application: Application | null | undefined, cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  if (applicantOf(application)?.authentication?.isAuthenticated) return true;
  return cookie.split(';').some((part) => {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=').trim().toLowerCase();
    return name === AUTHENTICATED_COOKIE && value !== '' && value !== 'false' && value !== '0';
  });
}

/** The app's home page in a language: `/`, with `?lang=` unless it is the default language. */
export function homeHrefFor(locale: Locale, defaultLocale: Locale): string {
  return locale === defaultLocale ? '/' : `/?lang=${locale}`;
}

/** Section 7: logging out is a browser redirect to `/logout` with the language and where to go after. */
export function logoutHrefFor(locale: Locale, homeHref: string, origin: string = window.location.origin): string {
  const query = new URLSearchParams({ language: locale, redirectToUrl: new URL(homeHref, origin).toString() });
  return `/logout?${query.toString()}`;
}

/** The home page in the language in use; error pages and the logo link there. */
export function useHomeHref(): string {
  const config = useRuntimeConfig();
  const { locale } = useLocaleState();
  return homeHrefFor(locale, config.defaultLocale);
}

export interface AppLayoutProps {
  progress?: number | undefined;
  /** The application on screen, when there is one: decides broker hiding and the close button. */
  application?: Application | null | undefined;
  /** Show the application's amount in the header (not on the step where it is being chosen). */
  showAmount?: boolean;
  /** The product the page is about when there is no application yet (e.g. `/current-account`). */
  productName?: string | null | undefined;
  /** The step on screen: a step that asks the marketing consent shows no cookie banner (decision 190). */
  taskKey?: string | null | undefined;
  children: ReactNode;
}

/**
 * Every page's frame (section 2): header (logo, language, close button, progress), main landmark,
 * footer. Embedded in a parent page, the navbar is hidden (the parent owns navigation); a broker's
 * application shows neither progress bar nor amount.
 */
export function AppLayout({ progress, application, showAmount = false, productName, taskKey, children }: AppLayoutProps) {
  const config = useRuntimeConfig();
  const { locale, setLocale } = useLocaleState();
  const location = useLocation();
  const { embedded } = embeddedMode();
  const homeHref = homeHrefFor(locale, config.defaultLocale);
  const product = application?.creditConditions.productName ?? productName ?? new URLSearchParams(location.search).get('productName');
  const contacts = config.contacts[locale];
  const broker = isBrokerApplication(application);
  const showProgress = progress !== undefined && !broker;
  const amount = application?.creditConditions.loanAmount;
  const loanAmount = showAmount && !broker && amount != null ? formatEur(amount, locale) : null;
  return (
    // Embedded, the parent sizes the frame to the page: a page as tall as the frame would feed back
    // (issue 25: in an allowed parent's frame, whose helper sizes the frame to the height the app sends).
    <div className={`solis-page${embedded ? ' solis-page--embedded' : ''}${parentFrame.active ? ' solis-page--framed' : ''}`}>
      <AppHeader
        homeHref={homeHref}
        locales={offeredLocales(config, product, locale)}
        currentLocale={locale}
        onLocaleChange={setLocale}
        progress={showProgress ? progress : null}
        loanAmount={loanAmount}
        showNavigation={!embedded}
        logoutHref={isAuthenticated(application) ? logoutHrefFor(locale, homeHref) : null}
        mainContentId={MAIN_CONTENT_ID}
        // The step page shows progress and amount once its step has loaded: their room is kept from the start.
        holdStatusSpace={location.pathname === APP_ROUTES.home.path}
      />
      <main id={MAIN_CONTENT_ID} className="solis-main" tabIndex={-1}>
        {children}
      </main>
      <Suspense fallback={null}>
        <CookieConsent taskKey={taskKey} externalId={application?.externalId} />
      </Suspense>
      {/* The start-up check guarantees the contacts of every offered language (server/client-config.ts). */}
      {contacts && <AppFooter contacts={contacts} simulatorsUrl={config.simulatorsUrl ?? null} />}
    </div>
  );
}
