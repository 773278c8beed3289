import { expect, type Locator, type Page } from '@playwright/test';
import { stepData, type FlowPath } from '../../tests/paths/flow-paths';
import type { WalkedStep } from '../../server/process/process-paths';
import { MARI, createApplicationStep, fillApplicantAs, fillCreateApplicationStepAs } from '../support/create-application';
import type { TestLocale } from '../support/i18n';
import { t } from '../support/i18n';
import { sandbox } from '../support/sandbox';
import { stepKit } from '../support/step-kit';
import { checkAnswersPage } from '../support/steps/check-answers';
import { addressStep } from '../support/steps/submit-address';
import { backgroundStep } from '../support/steps/submit-background-data';
import { bankDetailsStep } from '../support/steps/submit-bank-details-and-identification-document-info';
import { employerStep } from '../support/steps/submit-employer-info';
import { financialStep } from '../support/steps/submit-financial-data';
import { personalInfoStep } from '../support/steps/submit-personal-info';
import { JAAN, MARI_ANSWERS } from '../support/steps/estonian-data-steps';
import { contractStep } from '../support/steps/view-contract-and-choose-signing-method';
import { signWithSmartId, signingStep } from '../support/steps/view-contract-conditions';
import { contractSignedHeading } from '../support/steps/view-contract-signed';
import { answerTheCardWithLoan, cardWithLoanStep } from '../support/steps/view-credit-card-offer';
import { coBorrowerInitialStep } from '../support/steps/submit-initial-data-co-borrower';
import { realEstateStep } from '../support/steps/submit-real-estate-info';
import { additionalDataSubmittedHeading } from '../support/steps/view-additional-data-submitted';
import type { RetailPerson } from '../support/seed-application';
import { acceptsCoApplicant } from '../../core/domain/persons';
import { ATTEMPTS_LEFT_DETAIL } from '../../core/domain/documents';
import type { Role } from '../support/step-kit';

/**
 * Issue 27 (docs/decisions/204): how a generated path's step is recognised and answered in the
 * browser, per task key: `heading` is what says the step is shown, `answer` fills it as the path's
 * conditions say and moves on. A task without a filler fails its path with that name (never a skip):
 * the list of tasks still without one is in the decision.
 */
export interface StepFiller {
  heading(page: Page, locale: TestLocale, path?: FlowPath, step?: WalkedStep): Locator;
  answer(page: Page, locale: TestLocale, path: FlowPath, step: WalkedStep): Promise<void>;
}

const has = (path: FlowPath, condition: string) => path.conditions.includes(condition);

/** The step kit's role of a walked step: the co-borrower's pages have their own wording. */
const roleOf = (step?: WalkedStep): Role => (step?.role === 'COBORROWER' ? 'coborrower' : 'applicant');

/** Decision 215: the co-applicant an Estonian path's applicant names (condition `coApplicant`): Jaan. */
export const CO_BORROWER: RetailPerson = JAAN;

/**
 * Decision 215: the personal code the applicant changes to on her personal details (condition
 * `personalCodeChanged`): the code of an earlier open application of the same session, seeded by the replay.
 */
export const CHANGED_PERSONAL_CODE = '49005210000';

const isCard = (productName: string) => productName.startsWith('CREDIT_CARD');
export const isHirePurchase = (productName: string) => productName.endsWith('_HIRE_PURCHASE');

/** The income a register cannot confirm (condition `incomeEvidence`, decision 152): business income. */
function incomesOf(path: FlowPath): { source: string; amount: string }[] {
  return [{ source: has(path, 'incomeEvidence') ? 'BUSINESS' : 'PENSION', amount: '1850' }];
}

const pdf = (text: string) => ({ name: `${text}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`) });

function headingOf(page: Page, locale: TestLocale, english: string): Locator {
  return page.getByRole('heading', { level: 1, name: t(locale, english), exact: true });
}

/** An offer page (the loan's, or a card's own): accepted, or declined and confirmed on `offerDeclined` paths. */
async function acceptOrDeclineTheOffer(page: Page, locale: TestLocale, path: FlowPath): Promise<void> {
  if (!has(path, 'offerDeclined')) {
    await page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true }).click();
    return;
  }
  await page.getByRole('button', { name: t(locale, 'Decline the offer'), exact: true }).click();
  await page
    .getByRole('dialog', { name: t(locale, 'Decline the offer?') })
    .getByRole('button', { name: t(locale, 'Yes, decline the offer'), exact: true })
    .click();
}

/** A page a path ends on: its heading is all it shows to check (the closing pages' own specs check the rest). */
function finalPage(english: string): StepFiller {
  return { heading: (page, locale) => headingOf(page, locale, english), answer: async () => {} };
}

export const FILLERS: Partial<Record<string, StepFiller>> = {
  createApplicationStep: {
    heading: (page, locale, path) =>
      path?.process === 'currentAccount'
        ? headingOf(page, locale, 'Open a current account')
        : // Decision 233: the card's heading once the card is the page's product: an upsale's product
          // choice set it; a first page opened at `/` is the loan's until its loan type is set to the card.
          path && isCard(path.productName) && path.process === 'retailUpsale'
          ? headingOf(page, locale, 'Apply for a credit card')
          : createApplicationStep(page, locale).heading,
    // The applicant and the loan from the step contract's example (the same rules as the form), for
    // the path's product; the later fillers answer as an Estonian applicant, so another country is a
    // path the replay cannot walk yet, said so rather than walked wrong.
    answer: async (page, locale, path, step) => {
      if (path.domain !== 'retail-banking-ee') throw new Error(`no answers yet for an applicant in ${path.domain} (e2e/paths/fillers.ts answers as an Estonian applicant)`);
      const example = stepData(path, step)?.values ?? {};
      const text = (key: string) => String(example[key] ?? '');
      const phone = example['phoneNumber'] as { number: string } | undefined;
      const applicant = { firstName: text('firstName'), surname: text('surname'), personalCode: text('personalCode'), email: text('email'), phone: phone?.number ?? '' };
      // The current account's first page asks no loan (the replay opened /current-account).
      if (path.process === 'currentAccount') return fillApplicantAs(createApplicationStep(page, locale), applicant);
      const first = createApplicationStep(page, locale);
      // The path's own loan (decision 220: its product within its bounds, above 15 000 € where the
      // path has the bank's additional checks, decision 173), as `stepData` draws it from the example.
      const amount = text('loanAmount');
      const period = text('loanPeriod');
      // A partner's link (a hire purchase) set the product and the price of the goods: the period is the applicant's.
      if (isHirePurchase(path.productName)) {
        await first.loanPeriod.fill(period);
        return fillApplicantAs(first, applicant);
      }
      if (isCard(path.productName)) return fillCreateApplicationStepAs(first, applicant, { productName: path.productName, creditLimit: amount });
      // A housing loan is asked as a price less the own contribution (section 5).
      if (path.productName === 'HOUSING_LOAN') {
        return fillCreateApplicationStepAs(first, applicant, { productName: path.productName, price: text('price'), ownContribution: text('ownContribution'), period });
      }
      await fillCreateApplicationStepAs(first, applicant, { productName: path.productName, amount, period });
    },
  },
  submitPersonalInfo: {
    heading: (page, locale, _path, step) => personalInfoStep(page, locale, roleOf(step)).heading,
    answer: async (page, locale, path, step) => {
      if (step.role === 'COBORROWER') return personalInfoStep(page, locale, 'coborrower').fill({ personalCode: CO_BORROWER.personalCode });
      // `personalCodeChanged`: the code of the earlier application the replay seeded (the process asks how to go on).
      const personal = personalInfoStep(page, locale);
      await personal.fill({ personalCode: has(path, 'personalCodeChanged') ? CHANGED_PERSONAL_CODE : MARI.personalCode });
      // `campaignAsksDocuments` (decision 159): the code of the product data's campaign that asks for the seller's offer (decision 220: the path's data).
      if (has(path, 'campaignAsksDocuments')) await personal.campaignCode.fill(String(stepData(path, step)?.values?.['campaignCode'] ?? ''));
    },
  },
  submitBackgroundData: {
    heading: (page, locale, _path, step) => backgroundStep(page, locale, roleOf(step)).heading,
    answer: async (page, locale, path, step) => {
      const employment = has(path, 'employed') ? MARI_ANSWERS.employedBackground : { ...MARI_ANSWERS.employedBackground, employment: 'Retired', employer: undefined };
      // A product one person takes alone (a card, a hire purchase: core/domain/persons.ts) asks for no co-applicant;
      // its `coApplicant` paths name one the process never asks about.
      const asksCoApplicant = acceptsCoApplicant(path.productName);
      const background = { ...employment, asksCoApplicant };
      if (step.role === 'COBORROWER') return backgroundStep(page, locale, 'coborrower').fill(background);
      const { firstName, surname, email, phone } = CO_BORROWER;
      return backgroundStep(page, locale).fill(has(path, 'coApplicant') && asksCoApplicant ? { ...background, coApplicant: { firstName, surname, email, phone } } : background);
    },
  },
  submitEmployerInfo: {
    heading: (page, locale) => employerStep(page, locale).heading,
    answer: async (page, locale) => employerStep(page, locale).fill(MARI_ANSWERS.employer),
  },
  submitAddress: {
    heading: (page, locale) => addressStep(page, locale).heading,
    answer: async (page, locale) => addressStep(page, locale).fill(MARI_ANSWERS.address),
  },
  submitFinancialData: {
    heading: (page, locale, _path, step) => financialStep(page, locale, roleOf(step)).heading,
    answer: async (page, locale, path, step) => financialStep(page, locale, roleOf(step)).fill({ incomes: incomesOf(path), obligations: [] }),
  },
  submitBankDetailsAndIdentificationDocumentInfo: {
    heading: (page, locale, _path, step) => bankDetailsStep(page, locale, roleOf(step)).heading,
    answer: async (page, locale, _path, step) => {
      if (step.role !== 'COBORROWER') return bankDetailsStep(page, locale).fill(MARI_ANSWERS.bank);
      // The payment day is the applicant's alone.
      const { paymentDay: _paymentDay, ...bank } = MARI_ANSWERS.bank;
      return bankDetailsStep(page, locale, 'coborrower').fill({ ...bank, iban: CO_BORROWER.iban, documentNumber: CO_BORROWER.documentNumber });
    },
  },
  checkAnswers: {
    heading: (page, locale, _path, step) => checkAnswersPage(page, locale, roleOf(step)).heading,
    answer: async (page, locale, _path, step) => checkAnswersPage(page, locale, roleOf(step)).send.click(),
  },
  submitInitialDataCoBorrower: {
    heading: (page, locale) => coBorrowerInitialStep(page, locale).heading,
    // What the applicant said about him is there already: he confirms with the consent.
    answer: async (page, locale) => coBorrowerInitialStep(page, locale).consent.check(),
  },
  chooseProduct: {
    heading: (page, locale) => headingOf(page, locale, 'Choose a loan or a credit card'),
    // A card of the path's kind (a credit card or a loan): the first page that follows sets the path's
    // product itself (its loan type). No card offers a hire purchase (a partner's product).
    answer: async (page, locale, path) => {
      await page.getByRole('radio', { name: new RegExp(`^${t(locale, isCard(path.productName) ? 'Credit card' : 'Small loan')}`) }).check();
      await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
    },
  },
  chooseContinueOption: {
    heading: (page, locale) => headingOf(page, locale, 'You already have an application in progress'),
    // The earlier application (seeded by the replay) is cancelled; the path goes on with this one.
    answer: async (page, locale) => {
      await page
        .getByRole('group', { name: t(locale, 'What would you like to do?') })
        .getByRole('radio', { name: t(locale, 'Cancel my earlier application and continue with this new one') })
        .check();
      await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
    },
  },
  provideBasViaOpenBanking: {
    heading: (page, locale) => headingOf(page, locale, 'Share your bank statements'),
    // Through the PSD2 aggregator's simulator (decision 170), or by hand where the path uploads them.
    answer: async (page, locale, path) => {
      if (has(path, 'manualUpload')) {
        await page.getByRole('button', { name: t(locale, 'Upload statements yourself instead'), exact: true }).click();
        return;
      }
      await page.getByRole('list', { name: t(locale, 'Banks'), exact: true }).getByRole('button').first().click();
      await expect(page).toHaveURL(/\/psd2\/sca\/[0-9a-f-]{36}$/);
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(page.getByText(t(locale, 'Your bank has shared your statements.'), { exact: true })).toBeVisible();
      await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
    },
  },
  uploadBankAccountStatementDocuments: {
    heading: (page, locale) => headingOf(page, locale, 'Upload your bank statements'),
    answer: async (page, locale, path) => {
      const input = page.getByLabel(t(locale, 'Bank statements'), { exact: true });
      if (has(path, 'uploadRetriesExceeded')) {
        // Files the server refuses (an executable named as a PDF) until the bank's limit ends the upload (decision 133).
        const executable = (n: number) => ({ name: `setup-${n}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, n]) });
        const uploading = headingOf(page, locale, 'Upload your bank statements');
        const refusedFiles = page.getByRole('alert').filter({ has: page.getByRole('list') });
        for (let n = 1; n <= 10; n++) {
          // Each file waits for the server's answer to it (decision 238): adding a file empties the page's list of
          // refused files at once, before the server has answered, so a changed list is not yet the refusal; and at
          // the limit the page shows the refusal first, then the limit's page, so the refusal alone does not say
          // whether another file can be given. The server's answer does: the attempts it leaves.
          const answer = page.waitForResponse((response) => response.request().method() === 'POST' && /\/application-process\/[^/]+\/document$/.test(new URL(response.url()).pathname));
          await input.setInputFiles(executable(n));
          const refusal = (await (await answer).json()) as { error?: { details?: Record<string, unknown> } };
          const left = refusal.error?.details?.[ATTEMPTS_LEFT_DETAIL];
          expect(typeof left, `the server refuses setup-${n}.pdf and says how many attempts are left`).toBe('number');
          if (left === 0) {
            await expect(uploading).toBeHidden();
            return;
          }
          // The page shows this file's refusal before the next file is given.
          await expect(refusedFiles).toContainText(`setup-${n}.pdf`);
        }
        throw new Error('the server never ended the upload: 10 refused files and attempts still left');
      }
      if (has(path, 'uploadSkipped')) {
        // Decision 134: confirmed in its dialog. Offered only where the bank allows it (core/domain/documents.ts's
        // uploadSkipAllowed: Estonia and Lithuania, no loan secured by real estate): elsewhere the path fails at once, saying so.
        const skip = page.getByRole('button', { name: t(locale, 'Continue without statements'), exact: true });
        await expect(skip, `defect of the definitions: the path skips the statements, the upload page offers no skip for ${path.productName} in ${path.domain}`).toBeVisible({ timeout: 10_000 });
        await skip.click();
        await page
          .getByRole('dialog', { name: t(locale, 'Send your application without bank statements?') })
          .getByRole('button', { name: t(locale, 'Send without statements'), exact: true })
          .click();
        return;
      }
      await input.setInputFiles(pdf('statement'));
      await expect(page.getByText(t(locale, 'Uploaded'), { exact: true })).toBeVisible();
      await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
    },
  },
  uploadCampaignDocuments: {
    heading: (page, locale) => headingOf(page, locale, 'Upload the seller’s offer for the campaign'),
    answer: async (page, locale) => {
      await page.getByLabel(t(locale, 'Seller’s offer'), { exact: true }).setInputFiles(pdf('dealer-offer'));
      await expect(page.getByText(t(locale, 'Uploaded'), { exact: true })).toBeVisible();
      await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
    },
  },
  viewCampaignDocumentsUploaded: finalPage('Thank you! We have received the seller’s offer'),
  viewAdditionalDataSubmitted: {
    heading: (page, locale) => additionalDataSubmittedHeading(page, locale),
    // The back office's check takes 3 s on the path's server (replay.paths.ts); the page looks again
    // every 20 s on its own, so it is loaded again once the answer is due.
    answer: async (page) => {
      await page.waitForTimeout(4_000);
      await page.reload();
    },
  },
  submitRealEstateInfo: {
    heading: (page, locale) => realEstateStep(page, locale).heading,
    answer: async (page, locale) =>
      realEstateStep(page, locale).fill({
        name: 'Korter Tartus',
        type: 'PREMISES',
        kind: 'FLAT',
        condition: 'RENOVATED',
        constructionYear: '1998',
        financing: 'WITH_DOWNPAYMENT',
        downPayment: { amount: '15000', source: 'SAVINGS' },
        schedule: 'ANNUITY',
      }),
  },
  identifyCustomer: {
    heading: (page, locale) => headingOf(page, locale, 'Confirm your identity'),
    // At the login service's simulator (an OpenID Connect provider, English like the bank's own page) with Smart-ID.
    answer: async (page, locale) => {
      await page.getByRole('button', { name: 'Smart-ID', exact: true }).click();
      await page.getByRole('dialog').getByRole('link', { name: t(locale, 'Continue to log in') }).click();
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page.getByText(t(locale, 'You have logged in.'))).toBeVisible();
      await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
    },
  },
  signCurrentAccountContract: {
    heading: (page, locale) => headingOf(page, locale, 'Sign your current account contract'),
    // Smart-ID, scripted by the replay to sign after one poll (the simulator's answer, decision 167).
    answer: async (page, locale) => {
      await page.getByRole('region', { name: t(locale, 'How would you like to sign the contract?') }).getByRole('button', { name: 'Smart-ID' }).click();
      await page.getByRole('button', { name: t(locale, 'Sign with Smart-ID') }).click();
      // Signed, the page sends the step by itself (decision 211's one contract-signed page): the signed
      // page follows; Continue is offered only where that send failed.
      const signed = headingOf(page, locale, 'Your current account contract is signed');
      const offered = page.getByText(t(locale, 'Thank you. Your current account contract is signed. Continue to finish.'));
      await expect(signed.or(offered)).toBeVisible({ timeout: 30_000 });
      if (await offered.isVisible()) await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
    },
  },
  reviewApproved: {
    heading: (page, locale) => page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true }),
    answer: (page, locale, path) => acceptOrDeclineTheOffer(page, locale, path),
  },
  viewContractAndChooseSigningMethod: {
    heading: (page, locale) => contractStep(page, locale).heading,
    // Smart-ID, or the way to sign the path names (`signing=POST`, `signing=PARTNER_STORE`): a way the
    // page does not offer (core/domain/contracts.ts's signingChoicesFor) fails the path saying so.
    answer: async (page, locale, path) => {
      const contract = contractStep(page, locale);
      await expect(contract.terms).toBeVisible();
      const signing = path.conditions.find((condition) => condition.startsWith('signing='))?.slice('signing='.length);
      const method = signing === 'POST' ? 'At a post office' : signing === 'PARTNER_STORE' ? 'At the store where you are buying' : 'Smart-ID';
      await expect(contract.question.getByRole('radio', { name: t(locale, method), exact: true }), `the contract offers no way to sign "${method}" on this path`).toBeVisible({ timeout: 10_000 });
      await contract.choose(method);
      await contract.continueButton.click();
    },
  },
  viewContractConditions: {
    heading: (page, locale) => signingStep(page, locale).heading,
    // Signs on the Smart-ID simulator's phone page; the app goes on to the contract-signed page by itself (decision 211). `signingRefused`
    // (decision 175): the simulator is scripted to answer with another person's certificate
    // (NAMES_DONT_MATCH), which the bank refuses for good: the process leaves for the negative page.
    answer: async (page, locale, path) => {
      if (!has(path, 'signingRefused')) return signWithSmartId(page, locale);
      await sandbox.setSmartId(page, { result: 'NAMES_DONT_MATCH', runningPolls: 0 });
      await signingStep(page, locale).start.click();
    },
  },
  viewCreditCardOffer: {
    // Decision 233: on a card's own application the page is the card's offer ("Your credit card is
    // approved", or its final variant after the bank's checks), answered as the loan's offer is;
    // on a loan's, the card offered with the loan (decision 174), declined: only the card is.
    heading: (page, locale, path) =>
      path && isCard(path.productName) ? headingOf(page, locale, 'Your credit card is approved').or(headingOf(page, locale, 'Your final credit card offer')) : cardWithLoanStep(page, locale).heading,
    answer: async (page, locale, path) => {
      if (!isCard(path.productName)) return answerTheCardWithLoan(page, locale, 'decline', 'viewCreditCardOffer on a generated path');
      return acceptOrDeclineTheOffer(page, locale, path);
    },
  },
  viewThankYouPage: {
    heading: (page, locale, path) => headingOf(page, locale, path && has(path, 'offerDeclined') ? 'You have declined the offer' : 'Thank you! We have received your application'),
    answer: async () => {},
  },
  readNegativeDecision: {
    heading: (page, locale, path) => headingOf(page, locale, path && has(path, 'decision=NEGATIVE_REFINANCING') ? 'We cannot refinance your loans' : 'We cannot approve your application'),
    answer: async () => {},
  },
  readUndecidedDecision: finalPage('A loan specialist will decide on your application'),
  readUndecidedHousingLoanDecision: finalPage('A housing loan specialist will decide on your application'),
  viewBankStatementsBeingProcessed: {
    // The walk rests here once (decision 238: the analysis's answer is walked with the statements analysed).
    heading: (page, locale) => headingOf(page, locale, 'Thank you! We are checking your bank statements'),
    // The analysis takes 3 s on the path's server (replay.paths.ts). The page moves on by itself when
    // it is answered; a person who sees it still there after a while loads it again.
    answer: async (page, locale) => {
      const processing = headingOf(page, locale, 'Thank you! We are checking your bank statements');
      for (let attempt = 0; attempt < 10; attempt++) {
        try {
          await expect(processing).toBeHidden({ timeout: 5_000 });
          return;
        } catch {
          await page.reload();
        }
      }
      throw new Error('viewBankStatementsBeingProcessed: the statements were still being checked after 10 reloads');
    },
  },
  viewProcessingTakesTime: finalPage('Checking your bank statements is taking longer than usual'),
  viewDocumentUploadLimitThankYouPage: finalPage('We could not receive your bank statements'),
  viewUploadSkipped: finalPage('Thank you! Your application has been sent without bank statements'),
  viewReturnToMerchant: {
    heading: (page, locale) => headingOf(page, locale, 'Thank you! We have received your bank statements'),
    // Back at the shop; the applicant opens the application again once the analysis (3 s) is done.
    answer: async (page, _locale, _path, step) => {
      if (step.final) return;
      await page.waitForTimeout(4_000);
      await page.reload();
    },
  },
  viewDuplicateApplication: finalPage('You already have an application with us'),
  viewNegativeThankYouPage: finalPage('Thank you for your application'),
  viewShortApplicationSubmitted: finalPage('Thank you! Your application has been sent'),
  showContractSigningNegativePage: finalPage('We cannot sign the contract with you'),
  decisionPartnerStoreChosenForContractSigning: finalPage('Sign your contract in the store'),
  weWillBeWaitingForYouInPostOffice: finalPage('We will be waiting for you at the post office'),
  viewCurrentAccountContractSigned: finalPage('Your current account contract is signed'),
  viewContractSigned: {
    heading: (page, locale) => contractSignedHeading(page, locale),
    answer: async () => {},
  },
};

/** The step kit's continue, for fillers that fill a form and leave the way on to the replay. */
export const CONTINUES = new Set(['createApplicationStep', 'submitInitialDataCoBorrower', 'submitRealEstateInfo', 'submitPersonalInfo', 'submitBackgroundData', 'submitEmployerInfo', 'submitAddress', 'submitFinancialData', 'submitBankDetailsAndIdentificationDocumentInfo']);

export async function continueStep(page: Page, locale: TestLocale): Promise<void> {
  const kit = stepKit(page, locale);
  await kit.continueButton.click();
}
