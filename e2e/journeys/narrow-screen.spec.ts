import { test, expect, expectNoA11yViolations } from '../support/domain-server';
import type { Page } from '@playwright/test';
import type { TestLocale } from '../support/i18n';
import {
  PEP_QUESTION,
  TOGETHER_QUESTION,
  backgroundStep,
  openSeededApplication,
  stepKit,
  type ApplicantTask,
  type RetailPerson,
  type SeededApplicant,
} from '../support/retail-steps';

/**
 * Issue 11: no horizontal scroll at 320 CSS pixels (WCAG 1.4.10, reflow) in Russian and
 * Lithuanian, whose words run longest. The step with the most questions, the background step, with
 * every follow-up question open (dual citizenship, employer, public function, co-applicant), is
 * also axe-checked; every other data step of the applicant is opened (seeded) and measured.
 */
test.use({ viewport: { width: 320, height: 720 } });

async function openEveryQuestion(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  const background = backgroundStep(page, locale);
  await expect(background.heading).toBeVisible();
  await background.dualCitizenshipBox.check();
  await expect(background.dualCitizenship).toBeVisible();
  await kit.choose('What is your employment status?', 'Employed by a private company');
  await expect(background.employerName).toBeVisible();
  await kit.choose(PEP_QUESTION, 'Yes');
  await expect(background.pepComment).toBeVisible();
  await kit.choose(TOGETHER_QUESTION, 'Yes');
  await expect(kit.textbox('Co-applicant’s phone number')).toBeVisible();
  // Long answers too: the longest country names and a long employer name.
  await background.citizenship.selectOption('GS');
  await background.employerName.fill('Aktsiaselts Rahvusvaheline Kaubandus- ja Logistikakeskus');
}

/** The page's width, and the innermost elements that reach past the viewport (to say what overflows). */
async function expectNoHorizontalScroll(page: Page, label: string) {
  const { width, overflowing } = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const wide = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => element.getBoundingClientRect().right > viewport + 0.5);
    const innermost = wide.filter((element) => !wide.some((other) => other !== element && element.contains(other)));
    const describe = (element: HTMLElement) =>
      `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> ${Math.round(element.getBoundingClientRect().right)} px: ${(element.textContent ?? '').trim().slice(0, 60)}`;
    return { width: document.documentElement.scrollWidth, overflowing: innermost.slice(0, 10).map(describe) };
  });
  expect(width, `${label}: the page is ${width} px wide at a 320 px viewport; reaching past it:\n${overflowing.join('\n')}`).toBeLessThanOrEqual(320);
}

const PEOPLE: Record<'ru' | 'lt', RetailPerson> = {
  ru: {
    firstName: 'Ольга',
    surname: 'Иванова',
    email: 'olga.ivanova@example.com',
    phone: '56789012',
    personalCode: '49005210000',
    iban: 'EE501010220012345675',
    documentNumber: 'AF1234567',
  },
  lt: {
    firstName: 'Rūta',
    surname: 'Kazlauskienė',
    email: 'ruta.kazlauskiene@example.com',
    phone: '62345678',
    personalCode: '49403136526',
    iban: 'LT737300010012345678',
    documentNumber: 'AG1234567',
  },
};

/** The applicant's other steps, each opened as it first shows (a seeded application per step). */
const OTHER_STEPS: { task: ApplicantTask; heading: string; productName?: string; skipped?: ApplicantTask[] }[] = [
  { task: 'submitPersonalInfo', heading: 'Your personal details' },
  { task: 'submitEmployerInfo', heading: 'Your employer' },
  { task: 'submitAddress', heading: 'Your address' },
  { task: 'submitFinancialData', heading: 'Your income and obligations' },
  { task: 'submitRealEstateInfo', heading: 'The property and its owners', productName: 'REAL_ESTATE_LOAN' },
  { task: 'submitBankDetailsAndIdentificationDocumentInfo', heading: 'Your bank account and identity document', skipped: ['submitRealEstateInfo'] },
];

async function expectEveryOtherStepToFit(page: Page, locale: TestLocale, seed: SeededApplicant) {
  const kit = stepKit(page, locale);
  for (const step of OTHER_STEPS) {
    const productName = step.productName ?? seed.productName;
    const loan = productName === 'REAL_ESTATE_LOAN' ? { amount: 60_000, period: 180 } : seed.loan;
    await openSeededApplication(page, locale, step.task, { ...seed, productName, loan, ...(step.skipped ? { skipped: step.skipped } : {}) });
    await expect(kit.heading(step.heading)).toBeVisible();
    await expectNoHorizontalScroll(page, `${step.task} (${locale})`);
  }
}

test.describe('Russian, Estonian retail banking', () => {
  test('every data step fits 320 px in Russian; the background step, every question open, with no axe violations', async ({ page }) => {
    const seed: SeededApplicant = { person: PEOPLE.ru, phoneCode: '+372', productName: 'SMALL_LOAN', loan: { amount: 3000, period: 36 } };
    await openSeededApplication(page, 'ru', 'submitBackgroundData', seed);
    await openEveryQuestion(page, 'ru');
    await expectNoHorizontalScroll(page, 'submitBackgroundData (ru)');
    await expectNoA11yViolations(page, 'submitBackgroundData at 320 px (ru)');
    await expectEveryOtherStepToFit(page, 'ru', seed);
  });
});

test.describe('Lithuanian, Lithuanian retail banking', () => {
  test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lt' } });
  test('every data step fits 320 px in Lithuanian; the background step, every question open, with no axe violations', async ({ page }) => {
    const seed: SeededApplicant = { person: PEOPLE.lt, phoneCode: '+370', productName: 'SMALL_LOAN', loan: { amount: 3000, period: 36 } };
    await openSeededApplication(page, 'lt', 'submitBackgroundData', seed);
    await openEveryQuestion(page, 'lt');
    await expectNoHorizontalScroll(page, 'submitBackgroundData (lt)');
    await expectNoA11yViolations(page, 'submitBackgroundData at 320 px (lt)');
    await expectEveryOtherStepToFit(page, 'lt', seed);
  });
});
