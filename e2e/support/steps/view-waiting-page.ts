import type { Page } from '@playwright/test';
import { escapeRegExp, t, tPrefix, type TestLocale } from '../i18n';

/** ViewWaitingPage: the applicant waits for the co-borrower (src/steps/viewWaitingPage). */
export function waitingPage(page: Page, locale: TestLocale) {
  return {
    heading: page.getByRole('heading', { level: 1, name: new RegExp(`^${escapeRegExp(tPrefix(locale, 'We are waiting for'))}`) }),
    checkNow: page.getByRole('button', { name: t(locale, 'Check now'), exact: true }),
  };
}
