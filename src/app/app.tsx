import { useCallback, useEffect, useMemo, useState } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import type { RuntimeConfig } from '../../core/wire/config.schema';
import type { Locale } from '../../core/domain/languages';
import { activateLocale } from '../i18n/i18n';
import { RuntimeConfigContext } from '../steps/_kit/runtime-config-context';
import { LocaleContext } from './locale-context';
import { InspectContext } from './inspect-context';
import type { Inspect } from './inspector';
import { routes } from './routes';
import { SessionProvider } from './session/session-provider';
import { parentFrame } from './parent-frame';

/**
 * Declarative routing: the app has no loaders or actions (the application machine does the
 * loading), and leaving out the data router keeps about 20 kB out of the first page.
 */
function RouteTable() {
  return useRoutes(routes);
}

export function App({ config, inspect }: { config: RuntimeConfig; inspect?: Inspect | undefined }) {
  const [locale, setLocaleState] = useState<Locale>(i18n.locale as Locale);
  const setLocale = useCallback((next: Locale) => {
    void activateLocale(next).then(() => setLocaleState(next));
  }, []);
  const localeState = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  // Issue 25: a parent page's language message, as if the applicant chose it (parent-bridge.ts).
  useEffect(() => {
    parentFrame.setLocale = setLocale;
  }, [setLocale]);
  return (
    <I18nProvider i18n={i18n}>
      <RuntimeConfigContext.Provider value={config}>
        <LocaleContext.Provider value={localeState}>
          <InspectContext.Provider value={inspect}>
            <BrowserRouter>
              <SessionProvider>
                <RouteTable />
              </SessionProvider>
            </BrowserRouter>
          </InspectContext.Provider>
        </LocaleContext.Provider>
      </RuntimeConfigContext.Provider>
    </I18nProvider>
  );
}
