import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import type { BusinessDomain } from '../../domain/business-domains';
import { isLocale, localeFromLanguageCode, type Locale } from '../../domain/languages';
import { landingChoice } from '../../domain/product-cards';
import { useRuntimeConfig } from '../../steps/runtime-config-context';
import { useLocaleState } from '../locale-context';

/** A loan purpose as the homepage's landing links write it (`DAILY_SETTLEMENTS`, `traveling`). */
const LOAN_PURPOSE = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * Navigates to `/` with the given query and, when the query names a language the country offers,
 * switches to it: the language was chosen once at start-up from the address the page opened with.
 */
function RedirectHome({ query }: { query: URLSearchParams }) {
  const { allowedLocales } = useRuntimeConfig();
  const { locale, setLocale } = useLocaleState();
  const requested = query.get('lang') ?? '';
  const target: Locale | null = isLocale(requested) && allowedLocales.includes(requested) ? requested : null;
  useEffect(() => {
    if (target && target !== locale) setLocale(target);
  }, [target, locale, setLocale]);
  const search = query.toString();
  return <Navigate to={{ pathname: '/', search: search ? `?${search}` : '' }} replace />;
}

/** Section 2: `/et` redirects to `/` (keeping the query). */
export function EstonianRedirect() {
  const location = useLocation();
  return <RedirectHome query={new URLSearchParams(location.search)} />;
}

/** Section 2: `/ru` redirects to `/` with lang=ru. */
export function RussianRedirect() {
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  query.set('lang', 'ru');
  return <RedirectHome query={query} />;
}

/** Section 2: `/continue/{externalId}` redirects to `/` with externalId in the query. */
export function ContinueRedirect() {
  const { externalId = '' } = useParams();
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  query.set('externalId', externalId);
  return <Navigate to={{ pathname: '/', search: `?${query.toString()}` }} replace />;
}

/**
 * Section 2: `/landing/{lang}/{initialLoanPurpose}` (Estonian retail only) redirects to `/` with
 * loanPurpose, productName and lang in the query and interestRate cleared: a rate from a landing
 * page is never carried into an application. The purpose's product is preselected (`/landing/ru/
 * car-loan` is a car loan, `/landing/et/TRAVELING` a small loan for travelling); a segment naming
 * nothing known leaves the choice to the applicant. The language may be written eng/est/rus too.
 */
export function landingTarget(search: string, lang: string, initialLoanPurpose: string, domain: BusinessDomain): URLSearchParams {
  const query = new URLSearchParams(search);
  query.delete('interestRate');
  const choice = LOAN_PURPOSE.test(initialLoanPurpose) ? landingChoice(domain, initialLoanPurpose) : undefined;
  if (choice) {
    query.set('productName', choice.productName);
    if (choice.loanPurpose) query.set('loanPurpose', choice.loanPurpose);
    else query.delete('loanPurpose');
  } else {
    query.delete('loanPurpose');
  }
  const locale = localeFromLanguageCode(lang);
  if (locale) query.set('lang', locale);
  else query.delete('lang');
  return query;
}

export function LandingRedirect() {
  const { lang = '', initialLoanPurpose = '' } = useParams();
  const location = useLocation();
  const { businessDomain } = useRuntimeConfig();
  return <RedirectHome query={landingTarget(location.search, lang, initialLoanPurpose, businessDomain)} />;
}
