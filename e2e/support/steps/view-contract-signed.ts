import type { Locator, Page } from '@playwright/test';
import { t, type TestLocale } from '../i18n';

/** ViewContractSigned (src/steps/viewContractSigned). */
export function contractSignedHeading(page: Page, locale: TestLocale): Locator {
  return page.getByRole('heading', { level: 1, name: t(locale, 'Thank you! Your contract is signed'), exact: true });
}
