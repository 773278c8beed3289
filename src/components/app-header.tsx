import { Trans } from '@lingui/react/macro';
import type { Locale } from '../../core/domain/languages';
import { BRAND_NAME } from './document-title';
import { LanguageSwitch } from './language-switch';
import { ProgressBar } from './progress-bar';
import './app-header.css';

export interface AppHeaderProps {
  /** Section 2: the logo links to the locale's homepage. */
  homeHref: string;
  locales: readonly Locale[];
  currentLocale: Locale;
  onLocaleChange: (locale: Locale) => void;
  /** Section 4 progress (0-99); omitted where the bar is hidden (broker applications, end pages). */
  progress?: number | null;
  /**
   * Section 2: the amount applied for, formatted, shown beside the progress once the applicant has
   * left the step where it is chosen; omitted for broker applications.
   */
  loanAmount?: string | null;
  /** Section 2: embedded mode hides the navbar; the skip link and progress stay. */
  showNavigation?: boolean;
  /** The id of the page's <main>, target of the skip link. */
  mainContentId?: string;
  /**
   * Section 6: only an authenticated applicant gets the close button; it logs out and redirects.
   * A link, because it navigates (to the logout address); omitted for everybody else.
   */
  logoutHref?: string | null;
  /**
   * Keep the room of the amount line and the progress bar while they are hidden (the step page,
   * where they appear once a step has loaded), so nothing below moves when they do (issue 8: CLS).
   */
  holdStatusSpace?: boolean;
}


/** The sun of the Solis logo; decorative, the link's name says where it goes. */
function LogoMark() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="7" fill="#ffdd00" />
      <g stroke="#ffdd00" strokeWidth="2.5" strokeLinecap="round">
        <path d="M16 2v4M16 26v4M2 16h4M26 16h4M6.1 6.1l2.8 2.8M23.1 23.1l2.8 2.8M6.1 25.9l2.8-2.8M23.1 8.9l2.8-2.8" />
      </g>
    </svg>
  );
}

/** A cross: the close button's mark; decorative, its text names it. */
function CloseMark() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** The shell header: skip link, logo, language switch, close button, amount and progress bar. */
export function AppHeader({
  homeHref,
  locales,
  currentLocale,
  onLocaleChange,
  progress,
  loanAmount = null,
  showNavigation = true,
  mainContentId = 'main-content',
  logoutHref = null,
  holdStatusSpace = false,
}: AppHeaderProps) {
  return (
    <>
      <a className="solis-skip-link" href={`#${mainContentId}`}>
        <Trans>Skip to main content</Trans>
      </a>
      <header className="solis-header">
        {showNavigation && (
          <div className="solis-header__bar">
            {/* The name is the visible brand plus a hidden purpose, so it contains the visible text (WCAG 2.5.3). */}
            <a className="solis-header__logo" href={homeHref}>
              <LogoMark />
              <span>{BRAND_NAME}</span>{' '}
              <span className="solis-visually-hidden">
                – <Trans>home page</Trans>
              </span>
            </a>
            <div className="solis-header__actions">
              <LanguageSwitch locales={locales} current={currentLocale} onChange={onLocaleChange} />
              {logoutHref && (
                <a className="solis-header__close" href={logoutHref}>
                  <CloseMark />
                  <span>
                    <Trans>Log out</Trans>
                  </span>
                </a>
              )}
            </div>
          </div>
        )}
        <div className={holdStatusSpace ? 'solis-header__status solis-header__status--held' : 'solis-header__status'}>
          {loanAmount && (
            <p className="solis-header__amount">
              <Trans>
                Loan amount: <strong>{loanAmount}</strong>
              </Trans>
            </p>
          )}
          {progress != null && <ProgressBar value={progress} />}
        </div>
      </header>
    </>
  );
}
