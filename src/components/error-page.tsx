import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { PageHeading } from './page-heading';
import './button.css';
import './error-page.css';

export type ErrorPageIcon = 'error' | 'not-found' | 'locked' | 'clock' | 'maintenance' | 'info';

export interface ErrorPageProps {
  /** Translated page title (the h1). */
  title: ReactNode;
  /** Translated explanation and what the applicant can do next. */
  description: ReactNode;
  icon?: ErrorPageIcon;
  /** Section 2: hidden when embedded (the parent page owns navigation). */
  showHomeButton?: boolean;
  homeHref?: string;
  /** Translated text of the home button; "Go to the home page" by default. */
  homeLabel?: ReactNode;
  /** Extra content under the description (e.g. Estonia's logout link on the unauthorized page). */
  children?: ReactNode;
}

const ICON_PATHS: Record<ErrorPageIcon, ReactNode> = {
  error: (
    <>
      <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M24 12v15" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      <circle cx="24" cy="34" r="2.5" fill="currentColor" />
    </>
  ),
  'not-found': (
    <>
      <circle cx="20" cy="20" r="13" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M30 30l12 12" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
  locked: (
    <>
      <rect x="9" y="21" width="30" height="22" rx="3" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M16 21v-6a8 8 0 0 1 16 0v6" fill="none" stroke="currentColor" strokeWidth="4" />
    </>
  ),
  clock: (
    <>
      <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M24 12v12l8 6" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
  maintenance: (
    <path
      d="M30 6a11 11 0 0 0-10.4 14.6L6 34.2 13.8 42l13.6-13.6A11 11 0 0 0 42 18l-6.5 6.5-6.5-6.5L35.5 11A11 11 0 0 0 30 6z"
      fill="none"
      stroke="currentColor"
      strokeWidth="4"
      strokeLinejoin="round"
    />
  ),
  info: (
    <>
      <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="4" />
      <circle cx="24" cy="14" r="2.5" fill="currentColor" />
      <path d="M24 21v15" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
};

/** Section 2/8: the error pages share one layout: icon, title, description and a home button. */
export function ErrorPage({ title, description, icon = 'error', showHomeButton = true, homeHref = '/', homeLabel, children }: ErrorPageProps) {
  return (
    <div className="solis-error-page">
      <svg className="solis-error-page__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        {ICON_PATHS[icon]}
      </svg>
      <PageHeading>{title}</PageHeading>
      <div className="solis-error-page__description">{description}</div>
      {children}
      {showHomeButton && (
        <a className="solis-button" href={homeHref}>
          {homeLabel ?? <Trans>Go to the home page</Trans>}
        </a>
      )}
    </div>
  );
}
