/**
 * The Lingui instance and locale loading. Each locale's two catalogs (`messages` for the app,
 * `validation` for the rule messages of src/validation) are compiled from the .po files by
 * @lingui/vite-plugin and loaded on demand, so each locale is its own lazy chunk (section 7:
 * "translation files are loaded per locale as static chunks").
 */
import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { setAcceptLanguage } from '../api/client';
import { LOCALE_TAG } from '../domain/languages';
import type { Locale } from '../domain/languages';

export { i18n };

type CompiledCatalog = { messages: Messages };

/** The compiled catalogs that exist, by path; each import becomes its own chunk. */
const CATALOG_LOADERS = import.meta.glob<CompiledCatalog>('../../locales/*/{messages,validation}.po');

const CATALOGS = ['messages', 'validation'] as const;

function loaderOf(locale: Locale, catalog: (typeof CATALOGS)[number]): () => Promise<CompiledCatalog> {
  const loader = CATALOG_LOADERS[`../../locales/${locale}/${catalog}.po`];
  // Section 8: a missing locale resource is a configuration error, not a blank screen.
  if (!loader) throw new Error(`Configuration error: the ${catalog} catalog of locale "${locale}" is missing.`);
  return loader;
}

let latestRequest = 0;

/**
 * Loads the locale's catalogs (once; later switches back are instant), activates it, sets the
 * document language and the Accept-Language of later API calls. When the applicant switches
 * language twice quickly, only the last choice is applied.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const request = ++latestRequest;
  const loaded = await Promise.all(CATALOGS.map((catalog) => loaderOf(locale, catalog)()));
  if (request !== latestRequest) return;
  i18n.load(locale, Object.assign({}, ...loaded.map((c) => c.messages)) as Messages);
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE_TAG[locale];
  setAcceptLanguage(LOCALE_TAG[locale]);
}
