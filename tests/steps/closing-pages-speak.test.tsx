/**
 * Decision 203: the closing pages (e2e/closing-pages.spec.ts, decisions 146-149) in every language.
 * The browser opens each page in its domain's main language (heading, focus, reference, axe); each
 * page's view test renders it in every language with its heading and axe (`expectStepSpeaks`). What
 * the browser also checked in a second language, and this file now checks in all five: the heading
 * takes the focus and the application's reference is shown under its label in that language.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { Locale } from '../../core/domain/languages';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import { t } from '../../e2e/support/i18n';
import { referencedTask, renderStep } from '../support/render-step';

const LOCALES: readonly Locale[] = ['en', 'et', 'lv', 'lt', 'ru'];

const loan = (productName: string): Partial<TaskResponse> => referencedTask({ creditConditions: { productName, loanAmount: 3000, loanPeriod: 36 } });

const PAGES: ReadonlyArray<{ key: TaskKey; heading: string; task: Partial<TaskResponse>; domain?: BusinessDomain }> = [
  { key: 'viewBankStatementsBeingProcessed', heading: 'Thank you! We are checking your bank statements', task: { ...loan('SMALL_LOAN'), awaitingCheck: 'STATEMENT_ANALYSIS' } },
  { key: 'viewProcessingTakesTime', heading: 'Checking your bank statements is taking longer than usual', task: { ...loan('SMALL_LOAN'), awaitingCheck: 'STATEMENT_ANALYSIS' } },
  { key: 'viewDocumentUploadLimitThankYouPage', heading: 'We could not receive your bank statements', task: loan('SMALL_LOAN') },
  { key: 'viewUploadSkipped', heading: 'Thank you! Your application has been sent without bank statements', task: loan('SMALL_LOAN') },
  { key: 'viewReturnToMerchant', heading: 'Thank you! We have received your bank statements', task: loan('HIRE_PURCHASE') },
  { key: 'viewDuplicateApplication', heading: 'You already have an application with us', task: loan('SMALL_LOAN') },
  { key: 'viewNegativeThankYouPage', heading: 'Thank you for your application', task: loan('SMALL_LOAN') },
  { key: 'viewShortApplicationSubmitted', heading: 'Thank you! Your application has been sent', task: loan('SMALL_LOAN') },
  { key: 'showContractSigningNegativePage', heading: 'We cannot sign the contract with you', task: loan('SMALL_LOAN') },
  { key: 'decisionPartnerStoreChosenForContractSigning', heading: 'Sign your contract in the store', task: loan('HIRE_PURCHASE') },
  { key: 'weWillBeWaitingForYouInPostOffice', heading: 'We will be waiting for you at the post office', task: loan('SMALL_LOAN'), domain: 'retail-banking-lv' },
  { key: 'viewCurrentAccountContractSigned', heading: 'Your current account contract is signed', task: referencedTask({ creditConditions: { productName: 'CURRENT_ACCOUNT', loanAmount: null, loanPeriod: null } }) },
];

const cases = PAGES.flatMap((page) => LOCALES.map((locale) => ({ ...page, locale })));

describe('the closing pages in every language', () => {
  it.each(cases)('$key in $locale: the heading takes the focus, the reference under its label', async ({ key, heading, task, domain, locale }) => {
    await renderStep(key, { locale, task, ...(domain ? { domain } : {}) });
    const h1 = screen.getByRole('heading', { level: 1, name: t(locale, heading) });
    expect(document.activeElement).toBe(h1);
    expect(screen.getByText(t(locale, 'Your application reference'))).toBeTruthy();
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
  });
});
