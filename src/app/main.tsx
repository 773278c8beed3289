// The design tokens and the base sheet first: every other stylesheet comes after them.
import '../components/tokens.css';
import './base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { activateLocale } from '../i18n/i18n';
import { LOCALES, isLocale, type Locale } from '../../core/domain/languages';
import { fetchRuntimeConfig, initialLocale } from './runtime-config';
import { createDevInspector } from './inspector';
import { App } from './app';
import { StartupErrorPage } from './startup-error-page';
import { embeddedMode, startEmbeddedMode } from './embedded';
import { configureCaptcha } from '../features/captcha/captcha-settings';
import { installChunkRecovery } from './chunk-recovery';
import { installGlobalErrorReporting } from './error-report';
import { warmUpFirstStep } from './start-warm-up';
import './app.css';

/** A language for the start-up error page when the configuration could not be read. */
function browserLocale(): Locale {
  const preferred = navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase());
  return preferred.find((tag): tag is Locale => isLocale(tag)) ?? LOCALES[0];
}

async function start(): Promise<void> {
  installGlobalErrorReporting();
  installChunkRecovery();
  // Before the router reads the address: the parent's token is taken out of it (embedded.ts).
  // An unusable token ends on the unauthorized page (section 8), in the language the parent asked for.
  if (startEmbeddedMode().outcome === 'invalid-token') window.history.replaceState(null, '', `/unauthorized${window.location.search}`);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    const [config, inspect] = await Promise.all([fetchRuntimeConfig(), createDevInspector(window.location.search)]);
    warmUpFirstStep(config, window.location, embeddedMode().embedded);
    await Promise.all([
      activateLocale(initialLocale(config, window.location.search)),
      // Issue 25: in a frame whose parent names itself, the messaging with it (checked and loaded only
      // then, before the first render: the layout differs in a parent's frame).
      window.parent !== window && window.location.search.includes('parentOrigin=')
        ? import('./parent-bridge').then((bridge) => bridge.startParentBridge(config)).catch(() => undefined)
        : null,
    ]);
    // Issue 21: the captcha widget where applications are created, unless a parent's token vouches for the person.
    const { enabled, scriptUrl, siteKey } = config.captcha;
    configureCaptcha(enabled && scriptUrl && siteKey && !embeddedMode().embedded ? { scriptUrl, siteKey } : null);
    // As a transition the first render yields to the browser every few milliseconds instead of
    // blocking it in one long task (issue 8: total blocking time); index.html's frame stays until then.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App config={config} inspect={inspect} />
        </StrictMode>,
      );
    });
  } catch (error) {
    console.error('Solis could not start', error instanceof Error ? error.message : error);
    if (!i18n.locale) await activateLocale(browserLocale());
    root.render(<StartupErrorPage onRetry={() => window.location.reload()} />);
  }
}

void start();
