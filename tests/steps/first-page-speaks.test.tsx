/**
 * Decision 208: the first page (the create step with its calculator modal, and its error summary)
 * and the product chooser's figures in every language of each country but its main one, axe clean.
 * The browser scans them in the domain's main language (e2e/form-baseline.spec.ts,
 * e2e/products.spec.ts, e2e/products-domains.spec.ts), where it also judges colour contrast; the
 * other languages are checked here, at jsdom's price (the pattern of closing-pages-speak.test.tsx,
 * decision 203). The screens' headings in those languages: retail-steps-speak.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { Locale } from '../../core/domain/languages';
import { t } from '../../e2e/support/i18n';
import { expectNoAxeViolations } from '../support/axe';
import { installModalDialogStandIn } from '../support/modal-dialog';
import { renderStep } from '../support/render-step';

installModalDialogStandIn();

const DOMAINS: ReadonlyArray<{ domain: BusinessDomain; locales: readonly Locale[] }> = [
  { domain: 'retail-banking-ee', locales: ['et', 'en', 'ru'] },
  { domain: 'retail-banking-lv', locales: ['lv', 'en', 'ru'] },
  { domain: 'retail-banking-lt', locales: ['lt', 'en'] },
];

// The main language is the browser's to scan (colour contrast included): the others here.
const cases = DOMAINS.flatMap(({ domain, locales }) => locales.slice(1).map((locale) => ({ domain, locale })));

describe('the first page in the other languages its country offers', () => {
  it.each(cases)('$locale ($domain): the calculator modal with its figures, the titled step, its error summary; axe clean', async ({ domain, locale }) => {
    const { view, user } = await renderStep('createApplicationStep', { domain, locale });
    const modal = await screen.findByRole('dialog', { name: t(locale, 'Loan calculator') });
    await waitFor(() => expect(within(modal).getByRole('status').textContent).toMatch(/\d/));
    await expectNoAxeViolations(view.container.ownerDocument.body);

    await user.click(within(modal).getByRole('button', { name: t(locale, 'Cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.title).toBe(`${t(locale, 'Apply for a loan')} – Solis`);
    expect(document.documentElement.lang).toMatch(new RegExp(`^${locale}`));

    await user.click(screen.getByRole('button', { name: t(locale, 'Continue') }));
    await screen.findByRole('heading', { name: t(locale, 'There is a problem') });
    await expectNoAxeViolations(view.container);
  });

  // Its heading and axe in these languages: retail-steps-speak.test.tsx.
  it.each(cases)('$locale ($domain): the product chooser states its figures', async ({ domain, locale }) => {
    await renderStep('chooseProduct', { domain, locale });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t(locale, 'Choose a loan or a credit card'));
    await waitFor(() => expect(screen.getAllByRole('status')[0]?.textContent).toMatch(/\d/));
  });
});
