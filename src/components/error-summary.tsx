import { useEffect, useRef } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { setTitleErrorPrefix } from './document-title';
import './error-summary.css';

export interface ErrorSummaryItem {
  /** The id of the control to focus; without one the message is listed as plain text. */
  fieldId?: string;
  /** Translated; the same words as the message next to the field. */
  message: string;
}

export interface ErrorSummaryProps {
  errors: readonly ErrorSummaryItem[];
  /**
   * Bumped by the form after each failed submit: the summary takes focus when it appears and
   * again whenever this changes, so a screen reader reads the problems at once.
   */
  focusRequest?: number;
  title?: ReactNode;
}

/**
 * Moves focus to the field the link names, showing its label or legend above it rather than
 * scrolling the bare input to the top edge (what govuk-frontend does too).
 */
function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const control = document.getElementById(fieldId);
  if (!control) return;
  event.preventDefault();
  const legend = control.closest('fieldset')?.querySelector('legend');
  const label = control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement
    ? control.labels?.[0]
    : undefined;
  const heading = legend ?? label ?? control;
  heading.scrollIntoView?.({ block: 'start' });
  control.focus({ preventScroll: true });
}

/**
 * GOV.UK error summary: "There is a problem" and a link to each field that needs fixing. While it
 * shows, the document title starts with "Error:" (WCAG 2.4.2). The container is a plain focusable
 * group named by its heading; the alert inside it is what screen readers announce.
 */
export function ErrorSummary({ errors, focusRequest = 0, title }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { t } = useLingui();
  const visible = errors.length > 0;
  const prefix = t`Error:`;

  useEffect(() => {
    if (visible) ref.current?.focus();
  }, [visible, focusRequest]);

  useEffect(() => {
    setTitleErrorPrefix(visible ? prefix : null);
    return () => setTitleErrorPrefix(null);
  }, [visible, prefix]);

  if (!visible) return null;
  return (
    <div ref={ref} className="solis-error-summary" tabIndex={-1}>
      <div role="alert">
        <h2 className="solis-error-summary__title">{title ?? <Trans>There is a problem</Trans>}</h2>
        <ul className="solis-error-summary__list">
          {errors.map((error, index) => (
            <li key={`${error.fieldId ?? 'form'}-${index}`}>
              {error.fieldId ? (
                <a href={`#${error.fieldId}`} onClick={(event) => focusField(event, error.fieldId as string)}>
                  {error.message}
                </a>
              ) : (
                error.message
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
