/**
 * Issue 25 item 3 (docs/decisions/190): the cookie banner where no consent is asked, loaded apart
 * from the first page. Shown while no choice is remembered, except on a step that asks the marketing
 * consent (its answer is the choice there); opened again by the footer's "Cookie settings", with
 * focus on its heading, and focus goes back to that button once a choice is made.
 */
import { useEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { stepRoleOf } from '../../core/domain/persons';
import { COOKIE_SETTINGS_EVENT, CookieBanner, type ConsentChoice } from '../features/analytics/cookie-banner';
import { rememberedConsent } from '../features/analytics/consent-cookie';
import { choose } from './analytics-sync';

/** The steps that ask the marketing consent (their contracts' `consents.marketing`). */
export const MARKETING_CONSENT_STEPS: ReadonlySet<string> = new Set(['createApplicationStep', 'submitInitialDataCoBorrower']);

export interface CookieConsentProps {
  taskKey?: string | null | undefined;
  externalId?: string | null | undefined;
}

export default function CookieConsent({ taskKey, externalId }: CookieConsentProps) {
  const [current, setCurrent] = useState(() => rememberedConsent()?.choice ?? null);
  const [reopenedFrom, setReopenedFrom] = useState<HTMLElement | null | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const reopen = () => {
      setCurrent(rememberedConsent()?.choice ?? null);
      setReopenedFrom(document.activeElement instanceof HTMLElement ? document.activeElement : null);
      setSaved(false);
    };
    window.addEventListener(COOKIE_SETTINGS_EVENT, reopen);
    return () => window.removeEventListener(COOKIE_SETTINGS_EVENT, reopen);
  }, []);
  useEffect(() => {
    if (reopenedFrom !== undefined) headingRef.current?.focus();
  }, [reopenedFrom]);

  const asked = taskKey != null && MARKETING_CONSENT_STEPS.has(taskKey);
  const open = reopenedFrom !== undefined || (current === null && !asked);

  const onChoose = (choice: ConsentChoice) => {
    const applicant = stepRoleOf(new URLSearchParams(window.location.search).get('role')) === 'APPLICANT';
    void choose(choice, 'cookieBanner', { externalId: externalId ?? null, applicant });
    const back = reopenedFrom ?? document.getElementById('main-content');
    setCurrent(choice);
    setReopenedFrom(undefined);
    setSaved(true);
    back?.focus();
  };

  return (
    <>
      {open && <CookieBanner current={current} onChoose={onChoose} headingRef={headingRef} />}
      <p role="status" className="solis-visually-hidden">
        {saved && <Trans>Your cookie choice has been saved.</Trans>}
      </p>
    </>
  );
}
