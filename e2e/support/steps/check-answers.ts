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
    /** The answer of a question (the summary list's term and its definition), in `scope` or anywhere. */
    answerOf: (question: string, scope?: Locator) =>
      (scope ?? page).getByRole('term').filter({ hasText: new RegExp(`^\\s*${escapeRegExp(kit.tx(question))}\\s*$`) }).locator('xpath=following-sibling::dd[1]'),
    /** The change link of a question ("Change Where you live": the question is read out with it). */
    change: (question: string) => page.getByRole('button', { name: `${changeText} ${kit.tx(question)}`, exact: true }),
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
