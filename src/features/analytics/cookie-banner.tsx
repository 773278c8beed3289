import { useId, type Ref } from 'react';
import { Trans } from '@lingui/react/macro';
import './cookie-banner.css';

export type ConsentChoice = 'granted' | 'refused';

/** The footer's "Cookie settings" asks the banner to open again with this event (app-footer.tsx). */
export const COOKIE_SETTINGS_EVENT = 'solis:cookie-settings';

export interface CookieBannerProps {
  /** The choice remembered so far (shown when the banner is opened again from the footer). */
  current: ConsentChoice | null;
  onChoose: (choice: ConsentChoice) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * Issue 25 item 3 (docs/decisions/190): the analytics consent where no marketing consent is asked.
 * A region in the page's flow (never over the content, so it hides no focused element: WCAG 2.2
 * 2.4.11), after the main content; accepting and refusing are two buttons of the same weight.
 */
export function CookieBanner({ current, onChoose, headingRef }: CookieBannerProps) {
  const headingId = useId();
  return (
    <section className="solis-cookie-banner" aria-labelledby={headingId}>
      <h2 id={headingId} className="solis-cookie-banner__heading" ref={headingRef} tabIndex={-1}>
        <Trans>Cookies and analytics</Trans>
      </h2>
      <p>
        <Trans>
          With your consent, we keep with your application how you came to us (the campaign or ad you followed), your browser, your screen size and a
          random analytics id, to improve our service. Never your name, personal code or contact details.
        </Trans>
      </p>
      {current === 'granted' && (
        <p>
          <Trans>You have accepted analytics.</Trans>
        </p>
      )}
      {current === 'refused' && (
        <p>
          <Trans>You have refused analytics.</Trans>
        </p>
      )}
      <p>
        <Trans>You can change your choice at any time with “Cookie settings” at the bottom of the page.</Trans>
      </p>
      <div className="solis-cookie-banner__actions">
        <button type="button" className="solis-button solis-button--secondary" onClick={() => onChoose('granted')}>
          <Trans>Accept analytics</Trans>
        </button>
        <button type="button" className="solis-button solis-button--secondary" onClick={() => onChoose('refused')}>
          <Trans>Refuse analytics</Trans>
        </button>
      </div>
    </section>
  );
}
