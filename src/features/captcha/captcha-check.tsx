import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { CaptchaFrame } from './captcha-frame';
import { captchaGate, type CaptchaGate } from './captcha-gate';
import { captchaSettings, type CaptchaSettings } from './captcha-settings';
import { loadCaptchaApi } from './captcha-widget';

/** True while a creation waits for the person to tick the box. */
export function useCaptchaWaiting(gate: CaptchaGate = captchaGate): boolean {
  return useSyncExternalStore(gate.subscribe, () => gate.waiting);
}

/**
 * The captcha provider's widget (issue 21; docs/decisions/169), shown where an application is
 * created while a token is asked for; nothing otherwise. `pending`: the person pressed Continue and
 * the creation waits for the box to be ticked.
 */
export function CaptchaCheck({ pending = false, gate = captchaGate, settings = captchaSettings() }: { pending?: boolean; gate?: CaptchaGate; settings?: CaptchaSettings | null }) {
  const { i18n } = useLingui();
  const waiting = useCaptchaWaiting(gate);
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The widget speaks the page's language when it is drawn; a later change does not redraw it (a solved check would be lost).
  const locale = useRef(i18n.locale);

  useEffect(() => {
    const host = container.current;
    if (!settings || !host) return;
    let cancelled = false;
    let cleanup = () => undefined as void;
    loadCaptchaApi(settings.scriptUrl).then(
      (api) => {
        if (cancelled) return;
        // A fresh element each time: the providers draw into an empty one.
        const slot = document.createElement('div');
        host.appendChild(slot);
        const id = api.render(slot, {
          sitekey: settings.siteKey,
          callback: (token) => gate.provide(token),
          'expired-callback': () => gate.expire(),
          'error-callback': () => gate.expire(),
          language: locale.current,
          hl: locale.current,
        });
        const detach = gate.attach(() => api.reset(id));
        cleanup = () => {
          detach();
          api.remove?.(id);
          slot.remove();
        };
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [settings, gate, attempt]);

  if (!settings) return null;
  return (
    <CaptchaFrame>
      {pending && waiting && (
        <div className="solis-notice" role="alert">
          <p>
            <Trans>Tick the box to confirm that you are not a robot, then continue. Your answers are kept.</Trans>
          </p>
        </div>
      )}
      <div ref={container} className="solis-captcha__widget" />
      {failed && (
        <div className="solis-notice" role="alert">
          <p>
            <Trans>The check could not be loaded. Check your connection and try again.</Trans>
          </p>
          <button
            type="button"
            className="solis-button solis-button--secondary"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
    </CaptchaFrame>
  );
}

