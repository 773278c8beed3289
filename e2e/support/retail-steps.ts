import { expect, type Locator, type Page } from '@playwright/test';
import { escapeRegExp, t, tPrefix, type TestLocale } from './i18n';
import { sandbox, type SeedRequest } from './sandbox';
import { expectNoA11yViolations } from './a11y';
import { MARI } from './create-application';

/**
 * The retail data steps of issue 11 as a person finds them: by role and accessible name in the
 * page's language (the English texts of the views, translated through the catalogs), never by CSS
 * class. Each step has its heading, a `fill` that answers as a real applicant would, and the way on.
 * The questions are those of src/steps/<taskKey>/view*.tsx and their fields; valid answers follow
 * each contract's `example`.
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

export interface DateAnswer {
  day: string;
  month: string;
  year: string;
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

/** Texts that are the same in every language (numbers) are not in the catalogs. */
function text(locale: TestLocale, english: string): string {
  return /^[\d\s]+$/.test(english) ? english : t(locale, english);
}

/** The page's building blocks, in the page's language. */
export function stepKit(page: Page, locale: TestLocale) {
  const tx = (english: string) => text(locale, english);
  const within = (scope?: Locator) => scope ?? page;
  const kit = {
    tx,
    heading: (english: string) => page.getByRole('heading', { level: 1, name: tx(english), exact: true }),
    group: (english: string, scope?: Locator) => within(scope).getByRole('group', { name: tx(english), exact: true }),
    textbox: (english: string, scope?: Locator) => within(scope).getByRole('textbox', { name: tx(english), exact: true }),
    combobox: (english: string, scope?: Locator) => within(scope).getByRole('combobox', { name: tx(english), exact: true }),
    checkbox: (english: string, scope?: Locator) => within(scope).getByRole('checkbox', { name: tx(english), exact: true }),
    button: (english: string, scope?: Locator) => within(scope).getByRole('button', { name: tx(english), exact: true }),
    continueButton: page.getByRole('button', { name: tx('Continue'), exact: true }),
    errorSummary: page.getByRole('alert').filter({ has: page.getByRole('heading', { name: tx('There is a problem') }) }),
    /** Answers a radio question (a fieldset named by its question). */
    choose: async (question: string, answer: string, scope?: Locator) => {
      await kit.group(question, scope).getByRole('radio', { name: tx(answer), exact: true }).check();
    },
    /** A GOV.UK date: Day, Month and Year under the question. */
    date: async (question: string, answer: DateAnswer, scope?: Locator) => {
      const group = kit.group(question, scope);
      await kit.textbox('Day', group).fill(answer.day);
      await kit.textbox('Month', group).fill(answer.month);
      await kit.textbox('Year', group).fill(answer.year);
    },
    /**
     * Continues and waits for `next`; when the step refuses instead, fails with what the error
     * summary says (a readable failure rather than a timeout).
     */
    continueTo: async (next: Locator) => {
      await kit.continueButton.click();
      await expect(next.or(kit.errorSummary)).toBeVisible({ timeout: 15_000 });
      if (await kit.errorSummary.isVisible()) {
        throw new Error(`the step refused its answers: ${(await kit.errorSummary.innerText()).replace(/\s+/g, ' ')}`);
      }
    },
  };
  return kit;
}
export type StepKit = ReturnType<typeof stepKit>;

/** Who the step is for: the applicant's and the co-borrower's screens differ in wording. */
export type Role = 'applicant' | 'coborrower';

// ---------------------------------------------------------------------------------------------
// SubmitPersonalInfo

export function personalInfoStep(page: Page, locale: TestLocale, role: Role = 'applicant') {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading(role === 'applicant' ? 'Your personal details' : 'Your personal details as a co-borrower'),
    loanType: kit.combobox('Loan type'),
    campaignCode: kit.textbox('Campaign code (optional)'),
    personalCode: kit.textbox('Personal code'),
    dateOfBirth: kit.textbox('Date of birth'),
    language: kit.combobox('Which language should we contact you in?'),
    registryCheck: kit.checkbox('I agree that the bank may check my data in public registers and credit registers to assess this application.'),
    silentConsent: kit.checkbox(
      'I agree that the bank may repeat these checks while my application and any loan are being handled, without asking me again (optional).',
    ),
    async fill(answers: { personalCode: string; dateOfBirth?: string }) {
      await this.personalCode.fill(answers.personalCode);
      // Leaving the field starts the registry check of the code (sections 5 and 8).
      await this.personalCode.blur();
      if (answers.dateOfBirth !== undefined) await this.dateOfBirth.fill(answers.dateOfBirth);
      await this.registryCheck.check();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// SubmitBackgroundInfo (task key submitBackgroundData)

export const PEP_QUESTION = 'Are you a politically exposed person, or a family member or close associate of one?';
export const TOGETHER_QUESTION = 'Do you want to apply together with someone else?';

export interface BackgroundAnswers {
  maritalStatus: string;
  education: string;
  residence: string;
  children: string;
  adults: string;
  /** ISO code of the citizenship (the select's value). */
  citizenship: string;
  /** The English label of the employment status. */
  employment: string;
  /** Asked for someone who works for an employer. */
  employer?: { name: string; since: DateAnswer; position: string };
  /** Asked for someone with a work start date but no employer (own company, self-employed). */
  workSince?: DateAnswer;
  /** Asked of the applicant of a loan two may repay together: undefined answers "No". */
  coApplicant?: { firstName: string; surname: string; email: string; phone: string };
  /** False for a product one person takes alone (a credit card): the co-applicant question is not asked. */
  asksCoApplicant?: boolean;
}

export function backgroundStep(page: Page, locale: TestLocale, role: Role = 'applicant') {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading(role === 'applicant' ? 'About you' : 'About you as a co-borrower'),
    citizenship: kit.combobox('What is your citizenship?'),
    dualCitizenshipBox: kit.checkbox('I also have another citizenship'),
    dualCitizenship: kit.combobox('What is your other citizenship?'),
    employerName: kit.textbox('What is the name of your employer?'),
    pepComment: kit.textbox('What is the public function, and who holds it?'),
    together: kit.group(TOGETHER_QUESTION),
    async fill(answers: BackgroundAnswers) {
      await kit.choose('What is your marital status?', answers.maritalStatus);
      await kit.choose('What is your highest level of education?', answers.education);
      await kit.choose('Where do you live?', answers.residence);
      await kit.choose('How many children under 18 do you support financially?', answers.children);
      await kit.choose('How many adults do you support financially?', answers.adults);
      await this.citizenship.selectOption(answers.citizenship);
      await kit.choose('What is your employment status?', answers.employment);
      if (answers.employer) {
        await this.employerName.fill(answers.employer.name);
        await kit.date('When did you start this work?', answers.employer.since);
        await kit.choose('What is your position level?', answers.employer.position);
      } else if (answers.workSince) {
        await kit.date('When did you start this work?', answers.workSince);
      }
      await kit.choose(PEP_QUESTION, 'No');
      if (role === 'applicant' && answers.asksCoApplicant !== false) {
        await kit.choose(TOGETHER_QUESTION, answers.coApplicant ? 'Yes' : 'No');
        if (answers.coApplicant) {
          await kit.textbox('Co-applicant’s first name').fill(answers.coApplicant.firstName);
          await kit.textbox('Co-applicant’s surname').fill(answers.coApplicant.surname);
          await kit.textbox('Co-applicant’s e-mail address').fill(answers.coApplicant.email);
          await kit.textbox('Co-applicant’s phone number').fill(answers.coApplicant.phone);
        }
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// SubmitEmployerInfo

export interface EmployerAnswers {
  name: string;
  registrationCode?: string;
  position: string;
  since: DateAnswer;
  /** The English label of the contract type: Permanent or Fixed-term. */
  contract: 'Permanent' | 'Fixed-term';
  contractEnds?: DateAnswer;
  phone?: string;
}

export function employerStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('Your employer'),
    name: kit.textbox('Name of your employer'),
    registrationCode: kit.textbox('Employer’s registration code (optional)'),
    position: kit.textbox('Your job title'),
    phone: kit.textbox('Employer’s phone number (optional)'),
    async fill(answers: EmployerAnswers) {
      await this.name.fill(answers.name);
      if (answers.registrationCode) await this.registrationCode.fill(answers.registrationCode);
      await this.position.fill(answers.position);
      await kit.date('When did you start working there?', answers.since);
      await kit.choose('What kind of employment contract do you have?', answers.contract);
      if (answers.contractEnds) await kit.date('When does your contract end?', answers.contractEnds);
      if (answers.phone) await this.phone.fill(answers.phone);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// SubmitAddress

export interface AddressAnswers {
  street: string;
  apartment?: string;
  city: string;
  county?: string;
  postalCode: string;
}

export function addressStep(page: Page, locale: TestLocale, country: 'EE' | 'LV' | 'LT' = 'EE') {
  const kit = stepKit(page, locale);
  const latvian = country === 'LV';
  return {
    heading: kit.heading('Your address'),
    street: kit.textbox('Street and house number'),
    apartment: kit.textbox('Apartment (optional)'),
    city: kit.textbox(latvian ? 'City, town or village' : 'Town or city'),
    county: kit.textbox(latvian ? 'Municipality (optional)' : 'County or municipality (optional)'),
    postalCode: kit.textbox('Postal code'),
    country: kit.combobox('Country'),
    async fill(answers: AddressAnswers) {
      await this.street.fill(answers.street);
      if (answers.apartment) await this.apartment.fill(answers.apartment);
      await this.city.fill(answers.city);
      if (answers.county) await this.county.fill(answers.county);
      await this.postalCode.fill(answers.postalCode);
      // The country served is chosen already.
      await expect(this.country).toHaveValue(country);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// SubmitFinancialData

export interface FinancialAnswers {
  /** Source (the select's value) and monthly amount as typed. */
  incomes: { source: string; amount: string }[];
  /** None: "I have no loans or other obligations". */
  obligations: { type: string; creditor: string; monthlyPayment?: string; outstanding?: string }[];
}

export function financialStep(page: Page, locale: TestLocale, role: Role = 'applicant') {
  const kit = stepKit(page, locale);
  // A row is a fieldset named by its legend, "Income 2" (rows count from 1 on the page).
  const rowOf = (english: string, index: number) => page.getByRole('group', { name: t(locale, english).replace('{0}', String(index + 1)), exact: true });
  const income = (index: number) => rowOf('Income {0}', index);
  const obligation = (index: number) => rowOf('Obligation {0}', index);
  return {
    heading: kit.heading(role === 'applicant' ? 'Your income and obligations' : 'Your income and obligations as a co-borrower'),
    income,
    obligation,
    addIncome: kit.button('Add another income'),
    addObligation: kit.button('Add another obligation'),
    noObligations: kit.checkbox('I have no loans or other obligations'),
    async fill(answers: FinancialAnswers) {
      for (const [index, answer] of answers.incomes.entries()) {
        if (index > 0) {
          await this.addIncome.click();
          // Focus moves to the new row's first field (decision 115).
          await expect(kit.combobox('Source of income', income(index))).toBeFocused();
        }
        await kit.combobox('Source of income', income(index)).selectOption(answer.source);
        await kit.textbox('Monthly amount after tax, in euros', income(index)).fill(answer.amount);
      }
      if (answers.obligations.length === 0) {
        await this.noObligations.check();
        return;
      }
      for (const [index, answer] of answers.obligations.entries()) {
        if (index > 0) await this.addObligation.click();
        const scope = obligation(index);
        await kit.combobox('Type of obligation', scope).selectOption(answer.type);
        await kit.textbox('Creditor', scope).fill(answer.creditor);
        if (answer.monthlyPayment !== undefined) await kit.textbox('Monthly payment, in euros', scope).fill(answer.monthlyPayment);
        if (answer.outstanding !== undefined) await kit.textbox('Amount still to repay, in euros', scope).fill(answer.outstanding);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// SubmitRealEstateInfo

export interface RealEstateAnswers {
  name: string;
  /** Select values. */
  type: 'PREMISES' | 'LAND';
  kind: string;
  condition: string;
  constructionYear?: string;
  financing: 'WITH_DOWNPAYMENT' | 'FINANCED_BY_THE_BANK';
  downPayment?: { amount: string; source: string };
  schedule: string;
  /** Months; the step offers the loan's period already when it fits. */
  period?: string;
}

export function realEstateStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('The property and its owners'),
    period: kit.textbox('Loan period in months'),
    async fill(answers: RealEstateAnswers) {
      await kit.textbox('Name of the property').fill(answers.name);
      await kit.combobox('Type of property').selectOption(answers.type);
      await kit.combobox('Kind of property').selectOption(answers.kind);
      await kit.combobox('Condition').selectOption(answers.condition);
      if (answers.constructionYear) await kit.textbox('Year the building was built').fill(answers.constructionYear);
      await kit.combobox('How is your own contribution paid?').selectOption(answers.financing);
      if (answers.downPayment) {
        await kit.textbox('Down payment, in euros').fill(answers.downPayment.amount);
        await kit.combobox('Where does the down payment come from?').selectOption(answers.downPayment.source);
      }
      await kit.combobox('Owners of the property').selectOption('APPLICANT_ONLY');
      await kit.combobox('Repayment schedule').selectOption(answers.schedule);
      if (answers.period) await this.period.fill(answers.period);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// SubmitBankDetailsAndIdentificationDocumentInfo

export interface BankDetailsAnswers {
  iban: string;
  /** Select value: ID_CARD or PASSPORT. */
  documentType: 'ID_CARD' | 'PASSPORT';
  documentNumber: string;
  issued: DateAnswer;
  expires: DateAnswer;
  /** The applicant's only (the application's payment day); a select value. */
  paymentDay?: string;
}

export function bankDetailsStep(page: Page, locale: TestLocale, role: Role = 'applicant') {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading(role === 'applicant' ? 'Your bank account and identity document' : 'Your bank account and identity document as a co-borrower'),
    iban: kit.textbox('Bank account number (IBAN)'),
    paymentDay: kit.combobox('Monthly payment day'),
    documentType: kit.combobox('Document type'),
    documentNumber: kit.textbox('Document number'),
    async fill(answers: BankDetailsAnswers) {
      await this.iban.fill(answers.iban);
      if (answers.paymentDay) await this.paymentDay.selectOption(answers.paymentDay);
      await this.documentType.selectOption(answers.documentType);
      await this.documentNumber.fill(answers.documentNumber);
      await kit.date('Date of issue', answers.issued);
      await kit.date('Expiry date', answers.expires);
      // The first country of tax residency is the country served, and "Loan" is a purpose already.
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Check answers, the co-borrower's first step, the waiting page and the end

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

export function coBorrowerInitialStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('Join the loan application as a co-applicant'),
    firstName: kit.textbox('First name'),
    surname: kit.textbox('Surname'),
    email: kit.textbox('E-mail'),
    phone: kit.textbox('Phone number'),
    consent: kit.checkbox('I agree to the processing of my personal data to assess this application, including queries to credit registers.'),
  };
}

export function waitingPage(page: Page, locale: TestLocale) {
  return {
    heading: page.getByRole('heading', { level: 1, name: new RegExp(`^${escapeRegExp(tPrefix(locale, 'We are waiting for'))}`) }),
    checkNow: page.getByRole('button', { name: t(locale, 'Check now'), exact: true }),
  };
}

/**
 * ProvideBasViaOpenBanking (decision 152): the first bank listed chosen, the consent approved on
 * the sandbox bank's page (English, like a bank's own page), and back on the step, on with the
 * statements shared. The step passes axe first. `label` names it in the violations report.
 */
export async function shareStatementsAtTheSandboxBank(page: Page, locale: TestLocale, label: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'Share your bank statements'), exact: true })).toBeVisible();
  await expectNoA11yViolations(page, label);
  await page.getByRole('list', { name: t(locale, 'Banks'), exact: true }).getByRole('button').first().click();
  await expect(page).toHaveURL(/\/api\/sandbox\/psd2\/consent\?consent=/);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText(t(locale, 'Your bank has shared your statements.'), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
}

/**
 * The offer of the positive decision the rules gave (decision 131), accepted as approved: the page
 * passes axe first. `label` names it in the violations report.
 */
export async function acceptTheOffer(page: Page, locale: TestLocale, label: string): Promise<void> {
  const accept = page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true });
  await expect(accept).toBeVisible();
  await expectNoA11yViolations(page, label);
  await accept.click();
}

/** Issue 12: ViewContractAndChooseSigningMethod, after a positive decision. */
export function contractStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('Your contract'),
    terms: page.getByRole('region', { name: kit.tx('Main terms of the contract'), exact: true }),
    download: kit.button('Download the contract (PDF)'),
    question: kit.group('How would you like to sign the contract?'),
    choose: (method: string) => kit.choose('How would you like to sign the contract?', method),
    continueButton: kit.button('Continue to signing'),
  };
}

/** ViewContractConditions (issue 12): signing with the chosen method, through the sandbox providers. */
export function signingStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('Sign your contract'),
    signedHeading: kit.heading('Your contract is signed'),
    smartId: page.getByRole('region', { name: kit.tx('Signing with Smart-ID'), exact: true }),
    start: kit.button('Sign with Smart-ID'),
    verificationCode: page.getByRole('status').filter({ hasText: kit.tx('Your verification code') }),
    errorModal: page.getByRole('dialog', { name: kit.tx('The contract is not signed'), exact: true }),
    tryAgain: kit.button('Try again'),
    otherMethod: kit.button('Choose another way to sign'),
    continueButton: kit.button('Continue'),
  };
}

export function contractSignedHeading(page: Page, locale: TestLocale): Locator {
  return page.getByRole('heading', { level: 1, name: t(locale, 'Thank you! Your contract is signed'), exact: true });
}

/**
 * Signs with Smart-ID on ViewContractConditions (the sandbox provider answers a signed contract
 * unless the test set another result) and goes on to the contract-signed page.
 */
export async function signWithSmartId(page: Page, locale: TestLocale): Promise<void> {
  const signing = signingStep(page, locale);
  await expect(signing.heading).toBeVisible({ timeout: 15_000 });
  await signing.start.click();
  await expect(signing.verificationCode).toContainText(/\d{4}/);
  await expect(signing.signedHeading).toBeVisible({ timeout: 30_000 });
  await signing.continueButton.click();
  await expect(contractSignedHeading(page, locale)).toBeVisible({ timeout: 15_000 });
}

/** A journey past the contract: Smart-ID chosen, signed through the sandbox provider, on to the contract-signed page. */
export async function chooseSmartIdOnContract(page: Page, locale: TestLocale): Promise<void> {
  const contract = contractStep(page, locale);
  await expect(contract.heading).toBeVisible({ timeout: 15_000 });
  await expect(contract.terms).toBeVisible();
  await contract.choose('Smart-ID');
  await contract.continueButton.click();
  await signWithSmartId(page, locale);
}

export function additionalDataSubmittedHeading(page: Page, locale: TestLocale): Locator {
  return page.getByRole('heading', { level: 1, name: t(locale, 'Thank you! Your answers have been sent'), exact: true });
}

/**
 * This browser's application seeded at ViewContractConditions (issue 12): Mari's small loan with a
 * positive decision, the way to sign chosen on the step before. With `phone`, her declared phone
 * (Mobile-ID signs on the applicant's own phone, decision 143). Returns its externalId; the caller
 * sets any provider's sandbox answers, then opens it. With `crossSell`, she accepted the credit card
 * offered alongside the loan and gave her payout account: with the server's cross-sell signing flag on,
 * two contracts are drawn up (decisions 160, 162).
 */
export async function seedAtContractSigning(
  page: Page,
  locale: TestLocale,
  signingMethod: string,
  phone?: { code: string; number: string },
  crossSell?: { bankAccountNumber: string },
): Promise<string> {
  await page.goto(`/?lang=${locale}`);
  const { externalId } = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'viewContractConditions',
    previousTasks: ['checkAnswers', 'viewContractAndChooseSigningMethod'],
    decision: 'POSITIVE',
    languageCode: LANGUAGE_CODES[locale],
    application: {
      applicationUpdates: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, ...(crossSell ? { creditCardOfferAccepted: true } : {}) },
      personUpdates: [
        {
          role: 'APPLICANT',
          personalCode: MARI.personalCode,
          declaredData: {
            firstName: MARI.firstName,
            surname: MARI.surname,
            email: MARI.email,
            ...(phone ? { phoneNumber: phone } : {}),
            ...(crossSell ? { bankAccountNumber: crossSell.bankAccountNumber } : {}),
          },
        },
      ],
      customData: { signingMethod },
    },
  });
  return externalId;
}
