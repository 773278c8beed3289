import { expect, type Locator, type Page } from '@playwright/test';
import type { WalkedStep } from '../../server/process/process-paths';
import { readPricingDataFile } from '../../server/pricing/pricing-data-file';
import type { ContractContext } from '../../core/contract/step-contract';
import { countryOfDomain, type BusinessDomain, type CountryCode } from '../../core/domain/business-domains';
import { uploadSkipAllowed } from '../../core/domain/documents';
import { financesPrice, hasAmount, hasInstalments, productTypeOf, productsOf } from '../../core/domain/products';
import { STEP_CONTRACTS } from '../../src/steps/_generated/contracts.gen';
import { stepData, type FlowPath } from '../../tests/paths/flow-paths';
import { createApplicationStep, fillApplicantAs, fillCreateApplicationStepAs, type FirstPageLoan } from '../support/create-application';
import { t, type TestLocale } from '../support/i18n';
import { stepKit, type DateAnswer, type Role } from '../support/step-kit';
import { businessDataStep } from '../support/steps/business-data';
import { corporateFinancialStep } from '../support/steps/corporate-financial-data';
import { addressStep } from '../support/steps/submit-address';
import { TOGETHER_QUESTION, backgroundStep, type BackgroundAnswers } from '../support/steps/submit-background-data';
import { bankDetailsStep } from '../support/steps/submit-bank-details-and-identification-document-info';
import { employerStep } from '../support/steps/submit-employer-info';
import { financialStep } from '../support/steps/submit-financial-data';
import { leasingStep } from '../support/steps/submit-leasing-data';
import { personalInfoStep } from '../support/steps/submit-personal-info';
import { realEstateStep } from '../support/steps/submit-real-estate-info';
import { uploadLeasingDocumentsStep } from '../support/steps/upload-leasing-documents';
import { additionalDataSubmittedHeading } from '../support/steps/view-additional-data-submitted';
import { contractStep } from '../support/steps/view-contract-and-choose-signing-method';
import { FILLERS, isHirePurchase, type StepFiller } from './fillers';

/**
 * Issue 27 (docs/decisions/216): the answers of a generated path's applicant in the path's own
 * domain. e2e/paths/fillers.ts answers as an Estonian applicant (Mari); here a Latvian applicant
 * (Anna Bērziņa) and a Lithuanian one (Ona Jonaitė) answer the retail steps, and a company (its
 * representative) the corporate ones. The values come from each step's contract `example` for the
 * path's domain (`stepData(path, step)`: the same field rules as the form and the server, so a rule
 * change changes the data); only what an example cannot say is chosen here (an answer that would
 * ask more than the path's conditions do, an amount within the product's own bounds).
 *
 * A filler here moves on by itself (the replay's CONTINUES is fillers.ts's own list), so the two
 * files never disagree about who presses Continue.
 */

const has = (path: FlowPath, condition: string) => path.conditions.includes(condition);

/** The step kit's role of a walked step: the co-borrower's pages have their own wording. */
const roleOf = (step: WalkedStep): Role => (step.role === 'COBORROWER' ? 'coborrower' : 'applicant');

/**
 * Decision 224: the people of a Latvian or Lithuanian path besides the contracts' example applicant
 * (whose code every step's example repeats, the co-borrower's included): the co-applicant the
 * applicant names (`coApplicant`), who answers his part with a code of his own, and the code the
 * applicant changes to on her personal details (`personalCodeChanged`), the code of an earlier open
 * application the replay seeds. Latvian codes of the new format carry no birth date: it is asked.
 */
export const BALTIC_PEOPLE: Record<'LV' | 'LT', { coBorrower: { personalCode: string; dateOfBirth?: string; iban: string; documentNumber: string }; changedPersonalCode: string }> = {
  LV: { coBorrower: { personalCode: '321234-56789', dateOfBirth: '12.07.1988', iban: 'LV87HABA0551012345678', documentNumber: 'PA7654321' }, changedPersonalCode: '329876-54321' },
  LT: { coBorrower: { personalCode: '38703181745', iban: 'LT331010012345678902', documentNumber: 'AB7654321' }, changedPersonalCode: '48501011230' },
};

/**
 * Decision 224: the personal codes of the earlier open applications a Latvian or Lithuanian path's
 * replay seeds (`otherApplication`: the applicant's own; `personalCodeChanged`: the code she changes
 * to), or undefined for a domain fillers.ts answers.
 */
export function earlierApplicationCodes(path: FlowPath): string[] | undefined {
  if (path.domain !== 'retail-banking-lv' && path.domain !== 'retail-banking-lt') return undefined;
  const country = path.domain === 'retail-banking-lv' ? 'LV' : 'LT';
  const first = path.steps.find((step) => step.taskKey === 'createApplicationStep');
  const applicantCode = first ? text(exampleOf(path, first), 'personalCode') : '';
  return [...(has(path, 'otherApplication') ? [applicantCode] : []), ...(has(path, 'personalCodeChanged') ? [BALTIC_PEOPLE[country].changedPersonalCode] : [])];
}

/**
 * The country a path's server serves: the domain's, and for corporate banking (which serves the
 * country of its configuration, COUNTRY_CODE) the first that offers the path's product (section 1:
 * no small business loan in Estonia).
 */
export function countryOfPath(path: Pick<FlowPath, 'domain' | 'productName'>): CountryCode {
  const countries: CountryCode[] = path.domain === 'corporate-banking' ? ['EE', 'LV', 'LT'] : [countryOfDomain(path.domain)];
  return countries.find((country) => productsOf(path.domain, country).some((item) => item.productName === path.productName)) ?? countries[0]!;
}

/** The step's contract example for this path (the path's domain, product, role and flags, and the country served). */
function exampleOf(path: FlowPath, step: WalkedStep): Record<string, unknown> {
  const data = stepData(path, step);
  const contract = (STEP_CONTRACTS as Record<string, { contract: { example?: unknown } } | undefined>)[step.taskKey]?.contract;
  const example = contract?.example as ((context: ContractContext) => Record<string, unknown>) | undefined;
  const values = data && example ? example({ ...data.context, country: countryOfPath(path) }) : undefined;
  if (!values) throw new Error(`the contract of ${step.taskKey} gives no example for ${path.domain}`);
  return values;
}

const text = (values: Record<string, unknown>, key: string) => String(values[key] ?? '');
const dateOf = (value: unknown): DateAnswer => value as DateAnswer;

async function moveOn(page: Page, locale: TestLocale): Promise<void> {
  const kit = stepKit(page, locale);
  await kit.continueButton.click();
  // A refusal is a failure worth reading, not a timeout at the next step's heading.
  const refused = await kit.errorSummary.waitFor({ state: 'visible', timeout: 1_500 }).then(
    () => true,
    () => false,
  );
  if (refused) throw new Error(`the step refused its answers: ${(await kit.errorSummary.innerText()).replace(/\s+/g, ' ')}`);
}

/**
 * The loan the path's first page asks for (decision 220: `stepData` draws it for the path's product,
 * within its bounds and at most 15 000 €, above it on an `additionalChecksAsked` path, decision 173).
 */
function retailLoan(productName: string, values: Record<string, unknown>): FirstPageLoan {
  const amount = text(values, 'loanAmount');
  if (productTypeOf(productName) === 'CREDIT_CARD') return { productName, creditLimit: amount };
  if (financesPrice(productName)) return { productName, price: text(values, 'price'), ownContribution: text(values, 'ownContribution'), period: text(values, 'loanPeriod') };
  if (!hasInstalments(productName)) throw new Error(`${productName}: no loan this filler knows how to ask on the first page`);
  return { productName, amount, period: text(values, 'loanPeriod') };
}

/** The answers on "About you" for a Baltic applicant: employed (the path's `employed`) or retired; a co-applicant as the path says. */
function background(path: FlowPath, example: Record<string, unknown>): BackgroundAnswers {
  const employed = has(path, 'employed');
  const start = dateOf(example['employmentStartDate']);
  return {
    maritalStatus: 'Married',
    education: 'Master’s degree',
    residence: 'An apartment I own',
    children: '2',
    adults: 'None',
    citizenship: text(example, 'citizenship'),
    employment: employed ? 'Employed by a private company' : 'Retired',
    ...(employed ? { employer: { name: text(example, 'employerName'), since: start, position: 'Specialist' } } : {}),
    ...(has(path, 'coApplicant')
      ? {
          coApplicant: {
            firstName: text(example, 'coApplicantFirstName'),
            surname: text(example, 'coApplicantSurname'),
            email: text(example, 'coApplicantEmail'),
            phone: (example['coApplicantPhone'] as { number: string }).number,
          },
        }
      : {}),
  };
}

/** The way to sign a path's `signing=` outcome chooses, by its label on the contract (Smart-ID otherwise, decision 136). */
const SIGNING_LABELS: Record<string, string> = {
  SMART_ID: 'Smart-ID',
  MOBILE_SIGNATURE: 'Mobile-ID',
  EPARAKSTS: 'eParaksts mobile',
  EPARAKSTS_EID: 'eParaksts with an ID card',
  PAYMENT: 'A payment from your bank account',
  PARTNER_STORE: 'At the store where you are buying',
  POST: 'At a post office',
};

const CONTRACT_TYPES: Record<string, 'Permanent' | 'Fixed-term'> = { PERMANENT: 'Permanent', FIXED_TERM: 'Fixed-term' };

/** The retail steps answered by an applicant of a Latvian or Lithuanian path (the step's contract example for that domain). */
function balticRetailFillers(country: 'LV' | 'LT'): Partial<Record<string, StepFiller>> {
  return {
    createApplicationStep: {
      // A card's and the current account's first pages have headings of their own (fillers.ts knows them).
      heading: (page, locale, path, step) => FILLERS['createApplicationStep']!.heading(page, locale, path, step),
      answer: async (page, locale, path, step) => {
        const example = exampleOf(path, step);
        const phone = example['phoneNumber'] as { number: string };
        const form = createApplicationStep(page, locale);
        const applicant = { firstName: text(example, 'firstName'), surname: text(example, 'surname'), personalCode: text(example, 'personalCode'), email: text(example, 'email'), phone: phone.number };
        if (isHirePurchase(path.productName)) {
          // A partner's link (the replay's sandbox shop) set the product and the goods' price: the period is the applicant's.
          const loan = retailLoan(path.productName, stepData(path, step)?.values ?? example);
          if ('period' in loan) await form.loanPeriod.fill(loan.period);
          await fillApplicantAs(form, applicant);
        } else if (hasAmount(path.productName)) {
          await fillCreateApplicationStepAs(form, applicant, retailLoan(path.productName, stepData(path, step)?.values ?? example));
        } else {
          // A current account (opened at /current-account, its own first page): no product, amount or period (section 2).
          await fillApplicantAs(form, applicant);
        }
        await moveOn(page, locale);
      },
    },
    submitPersonalInfo: {
      heading: (page, locale, _path, step) => personalInfoStep(page, locale, step ? roleOf(step) : 'applicant').heading,
      answer: async (page, locale, path, step) => {
        const example = exampleOf(path, step);
        const people = BALTIC_PEOPLE[country];
        // The co-borrower answers with his own code; the applicant with the example's, or the earlier
        // application's on a `personalCodeChanged` path (the replay seeded it).
        const person =
          step.role === 'COBORROWER'
            ? people.coBorrower
            : has(path, 'personalCodeChanged')
              ? { personalCode: people.changedPersonalCode, dateOfBirth: text(example, 'dateOfBirth') }
              : { personalCode: text(example, 'personalCode'), dateOfBirth: text(example, 'dateOfBirth') };
        const personal = personalInfoStep(page, locale, roleOf(step));
        // Latvia's new-format code carries no birth date: the date of birth is asked (section 5).
        await personal.fill({ personalCode: person.personalCode, ...(person.dateOfBirth ? { dateOfBirth: person.dateOfBirth } : {}) });
        // `campaignAsksDocuments`: the code of the product data's campaign that asks for documents (decision 220: the path's data).
        if (step.role !== 'COBORROWER' && has(path, 'campaignAsksDocuments')) await personal.campaignCode.fill(text(stepData(path, step)?.values ?? {}, 'campaignCode'));
        await moveOn(page, locale);
      },
    },
    submitBackgroundData: {
      heading: (page, locale, _path, step) => backgroundStep(page, locale, step ? roleOf(step) : 'applicant').heading,
      answer: async (page, locale, path, step) => {
        const answers = background(path, exampleOf(path, step));
        // A product one person takes alone (a card) does not ask about a co-applicant; a co-borrower is never asked.
        const asksCoApplicant = step.role !== 'COBORROWER' && (await stepKit(page, locale).group(TOGETHER_QUESTION).count()) > 0;
        await backgroundStep(page, locale, roleOf(step)).fill({ ...answers, ...(step.role === 'COBORROWER' ? { coApplicant: undefined } : {}), asksCoApplicant });
        await moveOn(page, locale);
      },
    },
    submitEmployerInfo: {
      heading: (page, locale) => employerStep(page, locale).heading,
      answer: async (page, locale, path, step) => {
        const example = exampleOf(path, step);
        const contract = CONTRACT_TYPES[text(example, 'contractType')] ?? 'Permanent';
        await employerStep(page, locale).fill({
          registrationCode: text(example, 'registrationCode'),
          position: text(example, 'position'),
          contract,
          ...(contract === 'Fixed-term' ? { contractEnds: dateOf(example['contractEndDate']) } : {}),
          phone: (example['phoneNumber'] as { number: string }).number,
        });
        await moveOn(page, locale);
      },
    },
    submitAddress: {
      heading: (page, locale) => addressStep(page, locale, country).heading,
      answer: async (page, locale, path, step) => {
        const example = exampleOf(path, step);
        await addressStep(page, locale, country).fill({
          street: text(example, 'street'),
          apartment: text(example, 'apartment'),
          city: text(example, 'city'),
          county: text(example, 'county'),
          postalCode: text(example, 'postalCode'),
        });
        await moveOn(page, locale);
      },
    },
    submitFinancialData: {
      heading: (page, locale, _path, step) => financialStep(page, locale, step ? roleOf(step) : 'applicant').heading,
      answer: async (page, locale, path, step) => {
        const example = exampleOf(path, step);
        const [first] = example['incomes'] as { source: string; monthlyAmount: string }[];
        // Business income where the path needs evidence of it (`incomeEvidence`: no register confirms it,
        // decision 152), else the salary of someone employed or a pension (a retired applicant); no
        // obligations, so the engine's answer is the sandbox's decision alone.
        const source = has(path, 'incomeEvidence') ? 'BUSINESS' : has(path, 'employed') ? first!.source : 'PENSION';
        await financialStep(page, locale, roleOf(step)).fill({ incomes: [{ source, amount: first!.monthlyAmount }], obligations: [] });
        await moveOn(page, locale);
      },
    },
    submitRealEstateInfo: {
      heading: (page, locale) => realEstateStep(page, locale).heading,
      answer: async (page, locale, path, step) => {
        const example = exampleOf(path, step);
        const kit = stepKit(page, locale);
        await realEstateStep(page, locale).fill({
          name: text(example, 'assetName'),
          type: text(example, 'assetType') as 'PREMISES' | 'LAND',
          kind: text(example, 'assetKind'),
          condition: text(example, 'assetCondition'),
          constructionYear: text(example, 'constructionYear'),
          financing: text(example, 'ownContributionFinancing') as 'WITH_DOWNPAYMENT' | 'FINANCED_BY_THE_BANK',
          ...(text(example, 'ownContributionFinancing') === 'WITH_DOWNPAYMENT' ? { downPayment: { amount: text(example, 'downPayment'), source: text(example, 'downPaymentSource') } } : {}),
          schedule: text(example, 'paymentScheduleType'),
        });
        if (text(example, 'downPaymentSource') === 'OTHER') await kit.textbox('Describe where the down payment comes from').fill(text(example, 'downPaymentOrigin'));
        await moveOn(page, locale);
      },
    },
    viewContractAndChooseSigningMethod: {
      heading: (page, locale) => contractStep(page, locale).heading,
      answer: async (page, locale, path) => {
        const choice = path.conditions.find((condition) => condition.startsWith('signing='))?.slice('signing='.length) ?? 'SMART_ID';
        const contract = contractStep(page, locale);
        await expect(contract.terms).toBeVisible();
        // The process lets the path sign this way; a page that does not offer it is a defect of the
        // definitions (decision 216), said at once rather than after the test's timeout.
        const option = contract.question.getByRole('radio', { name: t(locale, SIGNING_LABELS[choice] ?? choice), exact: true });
        if ((await option.count()) === 0) {
          const offered = await contract.question.getByRole('radio').evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
          throw new Error(`defect of the definitions: the path signs ${choice}, the contract page offers only ${offered.join(', ')}`);
        }
        await option.check();
        await contract.continueButton.click();
      },
    },
    uploadBankAccountStatementDocuments: {
      heading: (page, locale, path, step) => FILLERS['uploadBankAccountStatementDocuments']!.heading(page, locale, path, step),
      // The upload page offers the skip only where core/domain/documents.ts's uploadSkipAllowed lets the
      // application go on without statements (not in Latvia, never for a loan on real estate): a path
      // that skips there is a defect of the definitions (decision 224), said at once, not after the timeout.
      answer: async (page, locale, path, step) => {
        if (has(path, 'uploadSkipped') && !uploadSkipAllowed(path.domain, 'BANK_STATEMENT', path.productName)) {
          throw new Error(`defect of the definitions: the path skips the statements, which ${path.domain} does not allow for ${path.productName} (uploadSkipAllowed)`);
        }
        await FILLERS['uploadBankAccountStatementDocuments']!.answer(page, locale, path, step);
      },
    },
    submitBankDetailsAndIdentificationDocumentInfo: {
      heading: (page, locale, _path, step) => bankDetailsStep(page, locale, step ? roleOf(step) : 'applicant').heading,
      answer: async (page, locale, path, step) => {
        const example = exampleOf(path, step);
        const bank = bankDetailsStep(page, locale, roleOf(step));
        // The payment day is asked where the domain lets the applicant choose it (never the co-borrower).
        const asksPaymentDay = step.role !== 'COBORROWER' && (await bank.paymentDay.count()) > 0;
        const coBorrower = step.role === 'COBORROWER' ? BALTIC_PEOPLE[country].coBorrower : undefined;
        await bank.fill({
          iban: coBorrower?.iban ?? text(example, 'bankAccountNumber'),
          documentType: text(example, 'documentType') as 'ID_CARD' | 'PASSPORT',
          documentNumber: coBorrower?.documentNumber ?? text(example, 'documentNumber'),
          issued: dateOf(example['issueDate']),
          expires: dateOf(example['expiryDate']),
          ...(asksPaymentDay ? { paymentDay: text(example, 'monthlyPaymentDay') } : {}),
        });
        await moveOn(page, locale);
      },
    },
  };
}

const LEASE_TYPES: Record<string, string> = {
  FINANCIAL_LEASE: 'Financial lease: the asset becomes the company’s at the end',
  OPERATING_LEASE: 'Operating lease: the asset is returned at the end',
};
const VAT_PAYMENTS: Record<string, string> = { WITH_DOWN_PAYMENT: 'All at once, with the down payment', IN_INSTALMENTS: 'Spread over the monthly payments' };

/** A corporate product's amount and period: the example's where the product's bounds allow, else the product's base. */
function corporateLoan(productName: string, example: Record<string, unknown>): { amount: string; period: string } {
  const product = readPricingDataFile().products.find((entry) => entry.domain === 'corporate-banking' && entry.data.productName === productName)?.data as
    | { minAmount: number; baseAmount: number; maxAmount: number; minPeriod: number; basePeriod: number; maxPeriod: number }
    | undefined;
  if (!product) throw new Error(`no product data for ${productName} in corporate-banking`);
  const amount = Number(example['loanAmount']);
  const period = Number(example['loanPeriod']);
  return {
    amount: String(amount >= product.minAmount && amount <= product.maxAmount ? amount : product.baseAmount),
    period: String(period >= product.minPeriod && period <= product.maxPeriod ? period : product.basePeriod),
  };
}

function financialHeading(page: Page, locale: TestLocale): Locator {
  const step = corporateFinancialStep(page, locale);
  return step.heading(false).or(step.heading(true));
}

/** The corporate steps (server/process/corporate.process.ts), answered for a company by its representative. */
const CORPORATE_FILLERS: Partial<Record<string, StepFiller>> = {
  businessData: {
    heading: (page, locale) => businessDataStep(page, locale).heading,
    answer: async (page, locale, path, step) => {
      const example = exampleOf(path, step);
      const phone = example['phoneNumber'] as { code: string; number: string };
      const loan = corporateLoan(path.productName, example);
      const form = businessDataStep(page, locale);
      // The country is asked only of a representative of several countries' companies.
      const languageCode = text(example, 'languageCode');
      const asksLanguage = (await page.getByLabel(t(locale, 'Language we contact the representative in'), { exact: true }).count()) > 0;
      await form.fill({
        productName: path.productName,
        amount: loan.amount,
        period: loan.period,
        purpose: text(example, 'loanPurposeText'),
        company: {
          registrationCode: text(example, 'registrationCode'),
          industryCode: text(example, 'industryCode'),
          turnover: text(example, 'expectedTurnover'),
          profit: text(example, 'expectedProfit'),
          hasLiabilities: text(example, 'hasLiabilities') === 'yes',
        },
        representative: {
          firstName: text(example, 'firstName'),
          surname: text(example, 'surname'),
          personalCode: text(example, 'personalCode'),
          email: text(example, 'email'),
          phoneCode: phone.code,
          phone: phone.number,
          ...(asksLanguage && languageCode ? { languageCode } : {}),
        },
      });
      await moveOn(page, locale);
    },
  },
  submitLeasingData: {
    heading: (page, locale) => leasingStep(page, locale).heading,
    answer: async (page, locale, path, step) => {
      const example = exampleOf(path, step);
      const kit = stepKit(page, locale);
      await kit.textbox('Price of the asset, in euros').fill(text(example, 'price'));
      if (example['priceIncludesVat'] === true) await kit.checkbox('The price includes VAT').check();
      // "Year of first registration" for a car, "Year of production" otherwise (section 5).
      await kit.textbox('Year of first registration').or(kit.textbox('Year of production')).fill(text(example, 'assetYear'));
      const leaseTypes = kit.group('Type of lease').getByRole('radio');
      if ((await leaseTypes.count()) > 1) await kit.choose('Type of lease', LEASE_TYPES[text(example, 'leaseType')]!);
      else await leaseTypes.first().check();
      await kit.textbox('Leasing period in months').fill(text(example, 'period'));
      await kit.choose('How do you give the down payment and residual value?', 'As a percentage of the price');
      await kit.textbox('Down payment, % of the price').fill(text(example, 'downPayment'));
      await kit.textbox('Residual value, % of the price').fill(text(example, 'residual'));
      await kit.choose('How is the VAT paid?', VAT_PAYMENTS[text(example, 'vatPaymentMethod')]!);
      await moveOn(page, locale);
    },
  },
  submitFinancialData: {
    heading: financialHeading,
    answer: async (page, locale, path, step) => {
      const example = exampleOf(path, step);
      const collaterals = (example['collaterals'] as Record<string, string>[]).map((row) => ({
        type: row['type']!,
        ...(row['marketValue'] ? { marketValue: row['marketValue'] } : {}),
        ...(row['streetAddress'] ? { address: { street: row['streetAddress'], city: row['administrativeAreaLevel1'] ?? '' } } : {}),
      }));
      // Liabilities are asked only when businessData said the company has some (the example says no).
      await corporateFinancialStep(page, locale).fill({ collaterals });
      await moveOn(page, locale);
    },
  },
  uploadLeasingDocuments: {
    heading: (page, locale) => uploadLeasingDocumentsStep(page, locale).heading,
    answer: async (page, locale) => {
      await uploadLeasingDocumentsStep(page, locale).upload('sellers-offer.pdf');
      await moveOn(page, locale);
    },
  },
};

/** Each domain's own answers; Estonian retail is fillers.ts's. */
export const DOMAIN_FILLERS: Partial<Record<BusinessDomain, Partial<Record<string, StepFiller>>>> = {
  'retail-banking-lv': balticRetailFillers('LV'),
  'retail-banking-lt': balticRetailFillers('LT'),
  'corporate-banking': CORPORATE_FILLERS,
};

/**
 * Steps of every domain that fillers.ts does not answer (yet): used only while it has none, so a
 * filler added there takes over without a conflict.
 */
const FALLBACK_FILLERS: Partial<Record<string, StepFiller>> = {
  provideBasViaOpenBanking: {
    heading: (page, locale) => page.getByRole('heading', { level: 1, name: t(locale, 'Share your bank statements'), exact: true }),
    // The first bank listed, the consent approved on the PSD2 simulator's SCA page (decision 170), and on.
    answer: async (page, locale) => {
      await page.getByRole('list', { name: t(locale, 'Banks'), exact: true }).getByRole('button').first().click();
      await expect(page).toHaveURL(/\/psd2\/sca\/[0-9a-f-]{36}$/);
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(page.getByText(t(locale, 'Your bank has shared your statements.'), { exact: true })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
    },
  },
  // "Your answers have been sent": a wait, not a question; the bank's answer moves the page on by
  // itself. Where the reference server answers at once (the lenders' refinancing check) the page may
  // be gone before it is looked for: the offer or the contract that follows it counts as passed.
  viewAdditionalDataSubmitted: {
    heading: (page, locale) =>
      additionalDataSubmittedHeading(page, locale)
        .or(page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true }))
        .or(contractStep(page, locale).heading),
    answer: async () => {},
  },
};

/**
 * The server a path is replayed against: its domain, and for corporate banking the country that
 * offers its product (`countryOfPath`) with green leasing's flag on (section 5: offered only with it).
 */
export function serverEnvOf(path: Pick<FlowPath, 'domain' | 'productName'>): Record<string, string> {
  if (path.domain !== 'corporate-banking') return { BUSINESS_DOMAIN: path.domain };
  return { BUSINESS_DOMAIN: path.domain, COUNTRY_CODE: countryOfPath(path), FEATURE_FLAGS: 'greenLeasing' };
}

/**
 * The filler of this file for a step of a path, if any: the domain's own, else a fallback for a step
 * fillers.ts does not answer. It moves on by itself.
 */
export function domainFiller(domain: BusinessDomain, taskKey: string): StepFiller | undefined {
  return DOMAIN_FILLERS[domain]?.[taskKey] ?? (FILLERS[taskKey] ? undefined : FALLBACK_FILLERS[taskKey]);
}
