import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../components/app-header';
import { useRuntimeConfig } from '../steps/runtime-config-context';
import { useLocaleState } from './locale-context';

const MAIN_CONTENT_ID = 'main-content';

/** Every page's frame: header (logo, language, progress), main landmark, footer. */
export function AppLayout({ progress, children }: { progress?: number | undefined; children: ReactNode }) {
  const config = useRuntimeConfig();
  const { locale, setLocale } = useLocaleState();
  return (
    <div className="solis-page">
      <AppHeader
        homeHref={locale === config.defaultLocale ? '/' : `/?lang=${locale}`}
        locales={config.allowedLocales}
        currentLocale={locale}
        onLocaleChange={setLocale}
        progress={progress ?? null}
        mainContentId={MAIN_CONTENT_ID}
      />
      <main id={MAIN_CONTENT_ID} className="solis-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="solis-footer">
        <p>
          <Trans>Solis is a fictional bank brand used for this application flow.</Trans>
        </p>
      </footer>
    </div>
  );
}
