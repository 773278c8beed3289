import type { Locator, Page } from '@playwright/test';
import { t, type TestLocale } from '../i18n';

/** ViewAdditionalDataSubmitted (src/steps/viewAdditionalDataSubmitted). */
export function additionalDataSubmittedHeading(page: Page, locale: TestLocale): Locator {
  return page.getByRole('heading', { level: 1, name: t(locale, 'Thank you! Your answers have been sent'), exact: true });
}
