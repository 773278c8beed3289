/**
 * Decision 164: the retail process's screens (those e2e/journeys/every-step-languages.spec.ts opens,
 * and the product chooser and current-account start e2e/routes.spec.ts opens) in every language of
 * each country that offers them but its main one, axe clean. The browser spec scans each screen
 * with axe in the domain's main language (where it also judges colour contrast, which jsdom cannot)
 * and shows each other language renders; this file runs axe on the other languages, at jsdom's
 * price. The step's own view tests cover its behaviour; here only the heading and axe.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { Locale } from '../../core/domain/languages';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { StepRole } from '../../core/domain/persons';
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import { t, tPrefix } from '../../e2e/support/i18n';
import { expectNoAxeViolations } from '../support/axe';
import { renderStep, taskFor } from '../support/render-step';

const DOMAINS: ReadonlyArray<{ domain: BusinessDomain; locales: readonly Locale[] }> = [
  { domain: 'retail-banking-ee', locales: ['et', 'en', 'ru'] },
  { domain: 'retail-banking-lv', locales: ['lv', 'en', 'ru'] },
  { domain: 'retail-banking-lt', locales: ['lt', 'en'] },
];

function twoPersons(domain: BusinessDomain, key: string): Partial<TaskResponse> {
  return {
    application: {
      ...taskFor(key, domain).application,
      creditConditions: { productName: 'HOUSING_LOAN', loanAmount: 90_000, loanPeriod: 240 },
      relatedPersons: {
        persons: [
          { id: 'p-1', role: 'APPLICANT', languageCode: null, declaredData: { firstName: 'Mari', surname: 'Maasikas' } },
          { id: 'p-2', role: 'COBORROWER', languageCode: null, declaredData: { firstName: 'Kristi', surname: 'Tamm', email: 'kristi.tamm@example.com' } },
        ],
        relations: [],
      },
    },
  };
}

interface Screen {
  /** The domains that have the screen; all three when left out. */
  domains?: readonly BusinessDomain[];
  key: TaskKey;
  /** The English heading, or its fixed beginning (`prefix`) when it has a name in it. */
  heading: string;
  prefix?: boolean;
  role?: StepRole;
  task?: (domain: BusinessDomain) => Partial<TaskResponse>;
}

const SCREENS: Screen[] = [
  // The product chooser (`/start`, `/choose-product`) and the current account's start
  // (`/current-account`, Estonia and Latvia): e2e/routes.spec.ts opens them in every language.
  { key: 'chooseProduct', heading: 'Choose a loan or a credit card' },
  {
    key: 'createApplicationStep',
    heading: 'Open a current account',
    domains: ['retail-banking-ee', 'retail-banking-lv'],
    task: (domain) => ({ application: { ...taskFor('createApplicationStep', domain).application, creditConditions: { productName: 'CURRENT_ACCOUNT', loanAmount: null, loanPeriod: null } } }),
  },
  { key: 'createApplicationStep', heading: 'Apply for a loan' },
  { key: 'submitPersonalInfo', heading: 'Your personal details', task: () => ({}) },
  { key: 'submitBackgroundData', heading: 'About you', task: () => ({}) },
  { key: 'submitEmployerInfo', heading: 'Your employer', task: () => ({}) },
  { key: 'submitAddress', heading: 'Your address', task: () => ({}) },
  { key: 'submitFinancialData', heading: 'Your income and obligations', task: () => ({}) },
  { key: 'submitRealEstateInfo', heading: 'The property and its owners', task: () => ({}) },
  { key: 'submitBankDetailsAndIdentificationDocumentInfo', heading: 'Your bank account and identity document', task: () => ({}) },
  { key: 'checkAnswers', heading: 'Check your answers before sending your application', task: () => ({}) },
  { key: 'chooseContinueOption', heading: 'You already have an application in progress', task: () => ({}) },
  { key: 'viewWaitingPage', heading: 'We are waiting for', prefix: true, task: (domain) => twoPersons(domain, 'viewWaitingPage') },
  { key: 'submitInitialDataCoBorrower', heading: 'Join the loan application as a co-applicant', role: 'COBORROWER', task: (domain) => twoPersons(domain, 'submitInitialDataCoBorrower') },
  { key: 'submitBackgroundData', heading: 'About you as a co-borrower', role: 'COBORROWER', task: () => ({}) },
];

// The main language is the browser's to scan (colour contrast included): the others here.
const cases = DOMAINS.flatMap(({ domain, locales }) =>
  SCREENS.filter((screenCase) => !screenCase.domains || screenCase.domains.includes(domain)).flatMap((screenCase) => locales.slice(1).map((locale) => ({ ...screenCase, domain, locale, name: `${screenCase.role === 'COBORROWER' ? 'coBorrower.' : ''}${screenCase.key}${screenCase.heading === 'Open a current account' ? ' (current account)' : ''}` }))),
);

describe('the retail screens in the other languages their country offers', () => {
  it.each(cases)('$name in $locale ($domain): its heading in that language, axe clean', async ({ key, heading, prefix, role, task, domain, locale }) => {
    const { view } = await renderStep(key, { domain, locale, ...(role ? { role } : {}), ...(task ? { task: task(domain) } : {}) });
    if (key === 'createApplicationStep' && screen.queryByRole('dialog')) {
      // The calculator modal opens with the step (section 2): closed as an applicant would.
      await userEvent.setup().keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    const h1 = screen.getByRole('heading', { level: 1 });
    if (prefix) expect(h1.textContent?.startsWith(tPrefix(locale, heading))).toBe(true);
    else expect(h1.textContent).toBe(t(locale, heading));
    await expectNoAxeViolations(view.container);
  });
});
