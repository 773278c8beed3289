/**
 * The Lingui instance and locale loading. Each locale's two catalogs (`messages` for the app,
 * `validation` for the rule messages of core/validation) are compiled from the .po files by
 * @lingui/vite-plugin and loaded on demand, so each locale is its own lazy chunk (section 7:
 * "translation files are loaded per locale as static chunks").
 */
import { i18n } from '@lingui/core';
import type { I18n, Messages } from '@lingui/core';
import { setAcceptLanguage } from '../api/client';
import { LOCALE_TAG } from '../../core/domain/languages';
import type { Locale } from '../../core/domain/languages';

export { i18n };

export type CatalogLoaders = Record<string, () => Promise<{ messages: Messages }>>;

const CATALOGS = ['messages', 'validation'] as const;

/**
 * The locale switcher over a set of catalog loaders keyed `../../locales/<locale>/<catalog>.po`.
 * Split from the module's glob so tests can hand it their own loaders.
 */
export function createLocaleActivator(loaders: CatalogLoaders, target: I18n = i18n) {
  let latestRequest = 0;

  function loaderOf(locale: Locale, catalog: (typeof CATALOGS)[number]) {
    const loader = loaders[`../../locales/${locale}/${catalog}.po`];
    // Section 8: a missing locale resource is a configuration error, not a blank screen.
    if (!loader) throw new Error(`Configuration error: the ${catalog} catalog of locale "${locale}" is missing.`);
    return loader;
  }

  /**
   * Loads the locale's catalogs, activates it, sets the document language and the Accept-Language
   * of later API calls. When the applicant switches language twice quickly, the last choice wins.
   */
  return async function activateLocale(locale: Locale): Promise<void> {
    const request = ++latestRequest;
    const loaded = await Promise.all(CATALOGS.map((catalog) => loaderOf(locale, catalog)()));
    if (request !== latestRequest) return;
    target.load(locale, Object.assign({}, ...loaded.map((catalog) => catalog.messages)) as Messages);
    target.activate(locale);
    if (typeof document !== 'undefined') document.documentElement.lang = LOCALE_TAG[locale];
    setAcceptLanguage(LOCALE_TAG[locale]);
  };
}

/** The compiled catalogs, by path; each dynamic import becomes its own chunk. */
const CATALOG_LOADERS: CatalogLoaders = import.meta.glob<{ messages: Messages }>(['../../locales/*/messages.po', '../../locales/*/validation.po']);

export const activateLocale = createLocaleActivator(CATALOG_LOADERS);
