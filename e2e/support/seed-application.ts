import { expect, type Page } from '@playwright/test';
import type { TestLocale } from './i18n';
import { sandbox, type SeedRequest } from './sandbox';

/**
 * Browser tests start at the step they test: these open an application the sandbox seeded there
 * (server/sandbox/seed-application.ts), with the people and the task order a seed needs.
 */

/** A person of a journey: every test has its own (fresh database per test, but distinct people read better). */
export interface RetailPerson {
  firstName: string;
  surname: string;
  email: string;
  /** The national number, without the calling code. */
  phone: string;
  personalCode: string;
  /** A valid account of the country served (Estonian ones also pass the national check digit). */
  iban: string;
  documentNumber: string;
}

/** The applicant's tasks in the order the retail process asks them (server/process/retail-loan.process.ts). */
export const APPLICANT_TASKS = [
  'createApplicationStep',
  'submitPersonalInfo',
  'submitBackgroundData',
  'submitEmployerInfo',
  'submitAddress',
  'submitFinancialData',
  'submitRealEstateInfo',
  'submitBankDetailsAndIdentificationDocumentInfo',
  'checkAnswers',
] as const;
export type ApplicantTask = (typeof APPLICANT_TASKS)[number];

/**
 * The co-borrower's tasks, after the applicant's part. The same screens as the applicant's come
 * again in the co-borrower's sub-flow, so they are named by their state path there.
 */
export const COBORROWER_TASKS = [
  'submitInitialDataCoBorrower',
  'coBorrower.submitPersonalInfo',
  'coBorrower.submitBackgroundData',
  'coBorrower.submitEmployerInfo',
  'coBorrower.submitAddress',
  'coBorrower.submitFinancialData',
  'coBorrower.submitBankDetailsAndIdentificationDocumentInfo',
  'coBorrower.checkAnswers',
] as const;
export type CoBorrowerTask = (typeof COBORROWER_TASKS)[number];

/** Every retail task a test may start at (server/process/retail-loan.process.ts). */
export type RetailTask = ApplicantTask | CoBorrowerTask | 'chooseContinueOption' | 'reviewApproved' | 'viewCreditCardOffer' | 'viewContractAndChooseSigningMethod' | 'viewAdditionalDataSubmitted';

export const LANGUAGE_CODES: Record<TestLocale, NonNullable<SeedRequest['languageCode']>> = { en: 'eng', et: 'est', ru: 'rus', lv: 'lav', lt: 'lit' };

export interface SeededApplicant {
  person: RetailPerson;
  /** The country's calling code of the person's phone. */
  phoneCode: string;
  productName: string;
  loan: { amount: number; period: number };
}

export interface SeedOptions {
  /** Tasks of APPLICANT_TASKS the path does not ask (the employer step of someone without one, a loan's property). */
  skipped?: ApplicantTask[];
  /** The current task's form. */
  draft?: Record<string, unknown>;
  /** Earlier tasks' forms as sent (the check-answers page lists them), by task key or state path. */
  answers?: Record<string, Record<string, unknown>>;
  /** The co-applicant the applicant named (invited: the link is in the sandbox outbox). */
  coApplicant?: RetailPerson;
  /** What the co-borrower has answered, as their step payload would carry it (`personUpdates`: their own person). */
  coBorrower?: Record<string, unknown>;
}

/** The tasks behind `task` on the way the seed describes, oldest first. */
function tasksBefore(task: RetailTask, seed: SeedOptions & { productName: string }): string[] {
  if (task === 'chooseContinueOption') return ['createApplicationStep'];
  const applicant = APPLICANT_TASKS.filter((key) => !seed.skipped?.includes(key));
  const coBorrower = seed.coApplicant ? [...COBORROWER_TASKS] : [];
  // A positive decision's offer comes before the contract (decision 131): a card's own page for a card.
  const offer = seed.productName.startsWith('CREDIT_CARD') ? 'viewCreditCardOffer' : 'reviewApproved';
  const way: string[] = [...applicant, ...coBorrower, offer, 'viewContractAndChooseSigningMethod', 'viewAdditionalDataSubmitted'];
  return way.slice(0, way.indexOf(task));
}

/**
 * Opens an application of this browser's session that is already at `task` (the sandbox seed,
 * server/sandbox/seed-application.ts), as the first page left it: the product, the loan and the
 * applicant's name and contacts. At a task of the co-borrower's part the applicant sees the waiting
 * page (`openInvitation` opens the co-borrower's task in their own browser).
 */
export async function openSeededApplication(page: Page, locale: TestLocale, task: RetailTask, seed: SeededApplicant & SeedOptions): Promise<string> {
  // The seed is asked by the page itself, so it must be on the app (any page of it will do).
  if (!/^https?:\/\/[^/]+\//.test(page.url())) await page.goto(`/?lang=${locale}`);
  const { person, coApplicant } = seed;
  const { externalId } = await sandbox.seedApplication(page, {
    taskDefinitionKey: task,
    previousTasks: tasksBefore(task, seed),
    productName: seed.productName,
    languageCode: LANGUAGE_CODES[locale],
    application: {
      applicationUpdates: {
        creditConditions: { productName: seed.productName, loanAmount: seed.loan.amount, loanPeriod: seed.loan.period },
        ...(coApplicant
          ? {
              coApplicant: {
                firstName: coApplicant.firstName,
                surname: coApplicant.surname,
                email: coApplicant.email,
                phoneNumber: { code: seed.phoneCode, number: coApplicant.phone },
              },
            }
          : {}),
      },
      personUpdates: [
        {
          role: 'APPLICANT',
          personalCode: person.personalCode,
          declaredData: { firstName: person.firstName, surname: person.surname, email: person.email, phoneNumber: { code: seed.phoneCode, number: person.phone } },
        },
      ],
    },
    ...(seed.coBorrower ? { coBorrower: seed.coBorrower } : {}),
    ...(seed.draft ? { draft: seed.draft } : {}),
    ...(seed.answers ? { answers: seed.answers } : {}),
  });
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  return externalId;
}

/**
 * The co-borrower opens the invitation link of the applicant's application (the sandbox outbox,
 * read by the applicant's page) in their own browser (`coPage`, another context): the link spends
 * itself and leads to the co-borrower's current task.
 */
export async function openInvitation(applicantPage: Page, coPage: Page, externalId: string, locale: TestLocale): Promise<void> {
  const messages = await sandbox.outbox(applicantPage, externalId);
  const link = messages.find((message) => message.kind === 'coBorrowerInvitation')?.body.link;
  if (!link) throw new Error(`no invitation in the outbox of ${externalId}: ${JSON.stringify(messages)}`);
  await coPage.goto(`${link}?lang=${locale}`);
  await expect(coPage).toHaveURL(/[?&]role=coborrower(&|$)/);
}

/**
 * ChooseContinueOption as the applicant meets it: an earlier application of theirs (same personal
 * code, this session) stopped at the personal details, and the new one, its first page sent, at
 * the choice. Answers both external ids; the page is on the new one.
 */
export async function openChooseContinueOption(
  page: Page,
  locale: TestLocale,
  seed: SeededApplicant,
  earlier: { productName: string; loan: { amount: number; period: number } },
): Promise<{ earlier: string; current: string }> {
  if (!/^https?:\/\/[^/]+\//.test(page.url())) await page.goto(`/?lang=${locale}`);
  const applicant = {
    role: 'APPLICANT',
    personalCode: seed.person.personalCode,
    declaredData: { firstName: seed.person.firstName, surname: seed.person.surname, email: seed.person.email, phoneNumber: { code: seed.phoneCode, number: seed.person.phone } },
  };
  const first = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'submitPersonalInfo',
    previousTasks: ['createApplicationStep'],
    productName: earlier.productName,
    languageCode: LANGUAGE_CODES[locale],
    application: { applicationUpdates: { creditConditions: { loanAmount: earlier.loan.amount, loanPeriod: earlier.loan.period } }, personUpdates: [applicant] },
  });
  const current = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'chooseContinueOption',
    previousTasks: ['createApplicationStep'],
    productName: seed.productName,
    languageCode: LANGUAGE_CODES[locale],
    application: { applicationUpdates: { creditConditions: { loanAmount: seed.loan.amount, loanPeriod: seed.loan.period } }, personUpdates: [applicant] },
  });
  await page.goto(`/?externalId=${current.externalId}&lang=${locale}`);
  return { earlier: first.externalId, current: current.externalId };
}
