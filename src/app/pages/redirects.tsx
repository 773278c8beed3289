import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { isLocale, type Locale } from '../../../core/domain/languages';
import { useRuntimeConfig } from '../../steps/_kit/runtime-config-context';
import { useLocaleState } from '../locale-context';


/**
 * Navigates to `/` with the given query and, when the query names a language the country offers,
 * switches to it: the language was chosen once at start-up from the address the page opened with.
 */
export function RedirectHome({ query }: { query: URLSearchParams }) {
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
