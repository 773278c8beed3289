import type { Locator, Page } from '@playwright/test';
import { escapeRegExp, type TestLocale } from '../i18n';
import type { SeededApplicant } from '../seed-application';
import { stepKit, type Role } from '../step-kit';
import type { AddressAnswers } from './submit-address';

/** CheckAnswers (src/steps/checkAnswers). */
export function checkAnswersPage(page: Page, locale: TestLocale, role: Role = 'applicant') {
  const kit = stepKit(page, locale);
  const changeText = kit.tx('Change');
  return {
    heading: kit.heading(role === 'applicant' ? 'Check your answers before sending your application' : 'Check your answers before sending them'),
    /** A step's answers: the section headed by the step's summary title. */
    section: (title: string) => page.getByRole('region', { name: kit.tx(title), exact: true }),
    /** A section's fold button (decision 196: sections start folded), the button in its heading. */
    toggle: (title: string) => page.getByRole('region', { name: kit.tx(title), exact: true }).getByRole('heading', { level: 2 }).getByRole('button'),
    /** Opens every section (they start folded: decision 196), so every answer shows. */
    openAll: () => kit.button('Open all sections').click(),
    /** Opens a folded section (a no-op for an open one). */
    async open(title: string) {
      const toggle = this.toggle(title);
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    },
    /**
     * The answer of a question (the summary list's term and its definition), in `scope` or anywhere;
     * found in a folded section too (its text is on the page, only not shown).
     */
    answerOf: (question: string, scope?: Locator) =>
      (scope ?? page)
        .getByRole('term', { includeHidden: true })
        .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(kit.tx(question))}\\s*$`) })
        .locator('xpath=following-sibling::dd[1]'),
    /** The Change link of an open section ("Change Your address": the section's title is read out with it). */
    change: (title: string) => page.getByRole('button', { name: `${changeText} ${kit.tx(title)}`, exact: true }),
    send: kit.button('Accept and send'),
  };
}

/**
 * What a check-answers page lists when seeded (`answers`): the first page, the personal details
 * and the address, as their forms held them when sent.
 */
export function answersOf(seed: SeededApplicant, address: AddressAnswers & { country: 'EE' | 'LV' | 'LT' }, languageCode: string): Record<string, Record<string, unknown>> {
  const { person } = seed;
  return {
    createApplicationStep: {
      productName: seed.productName,
      loanAmount: String(seed.loan.amount),
      loanPeriod: String(seed.loan.period),
      firstName: person.firstName,
      surname: person.surname,
      personalCode: person.personalCode,
      email: person.email,
      phoneNumber: { code: seed.phoneCode, number: person.phone },
      consentDataProcessing: true,
      consentMarketing: false,
    },
    submitPersonalInfo: { productName: seed.productName, campaignCode: '', personalCode: person.personalCode, languageCode, registryCheck: true, silentConsent: false },
    submitAddress: {
      street: address.street,
      apartment: address.apartment ?? '',
      city: address.city,
      county: address.county ?? '',
      postalCode: address.postalCode,
      country: address.country,
      correspondenceDifferent: false,
    },
  };
}
