import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { setTitleHeading } from './document-title';
import './page-heading.css';

export interface PageHeadingProps {
  children: ReactNode;
  /** Shown above the title inside the h1, GOV.UK style (e.g. the product name). */
  caption?: ReactNode;
  /**
   * Identifies the step. When it changes (and when the heading mounts, unless `focusOnMount` is
   * false) the heading takes focus and its text is announced.
   */
  focusKey?: string;
  /** False on the page the applicant lands on: a fresh page load starts at the top anyway. */
  focusOnMount?: boolean;
}

/** Announcing a moment after the change lets a live region that just mounted be heard. */
const ANNOUNCE_DELAY_MS = 150;
/** The announcement is cleared afterwards, so a later language change leaves no stale text behind. */
const ANNOUNCEMENT_KEPT_MS = 3000;

/**
 * The page's h1. In a single-page flow nothing tells a screen reader that the step changed, so the
 * heading takes focus (tabIndex -1: focusable by script, not in the tab order) and a polite live
 * region announces the new title, in the page's language, for readers that do not read a focused
 * heading. The heading's text also names the document (document-title.ts).
 */
export function PageHeading({ children, caption, focusKey, focusOnMount = true }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  const textRef = useRef<HTMLSpanElement>(null);
  const { i18n } = useLingui();
  const [announcement, setAnnouncement] = useState('');
  // Which step the focus decision was made for: StrictMode runs the effect twice per step, and the
  // second run must repeat the first one's decision rather than treat the step as new.
  const decision = useRef<{ key: string | undefined; focus: boolean } | null>(null);

  // After every render: the heading's words change with the language and with the step.
  useLayoutEffect(() => {
    setTitleHeading(textRef.current?.textContent ?? '');
  });

  useEffect(() => {
    if (decision.current === null || decision.current.key !== focusKey) {
      decision.current = { key: focusKey, focus: decision.current === null ? focusOnMount : true };
    }
    if (!decision.current.focus) return;
    ref.current?.focus();
    const title = textRef.current?.textContent?.trim() ?? '';
    const announce = setTimeout(() => setAnnouncement(title), ANNOUNCE_DELAY_MS);
    const clear = setTimeout(() => setAnnouncement(''), ANNOUNCE_DELAY_MS + ANNOUNCEMENT_KEPT_MS);
    return () => {
      clearTimeout(announce);
      clearTimeout(clear);
    };
    // Only a new step moves focus; re-renders of the same step must not steal it from a field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);

  return (
    <>
      <h1 ref={ref} className="solis-heading" tabIndex={-1}>
        {caption != null && <span className="solis-heading__caption">{caption}</span>}
        <span ref={textRef}>{children}</span>
      </h1>
      <div className="solis-visually-hidden" aria-live="polite" aria-atomic="true" lang={i18n.locale}>
        {announcement}
      </div>
    </>
  );
}
