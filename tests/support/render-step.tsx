/**
 * The one way step component tests render a step (issue 8): the real application machine with
 * fake I/O, the real step loader (so the step's variant and its own machines are chosen and started
 * as in the app, with fake actors), and the step's real screen inside the app's providers.
 *
 *   const step = await renderStep('createApplicationStep');
 *   await step.user.type(screen.getByRole('textbox', { name: 'First name' }), 'Mari');
 *   await step.submit();
 *   expect(step.submitted[0]?.submission)...
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { expect } from 'vitest';
import { applicationMachine } from '../../machines/application/application.machine';
import type {
  ChangeTaskInput,
  ContinueApplicationInput,
  FindPreviousApplicationInput,
  CreateApplicationInput,
  LoadProductsInput,
  LoadProductsOutput,
  LoadStepInput,
  ReturnToTaskInput,
  StartParameters,
  StepViewLoadResult,
  SubmitStepInput,
  TaskResponse,
} from '../../machines/application/application.actors';
import type { CalculatedFigures, CalculationRequest } from '../../machines/calculator/calculator.machine';
import type { AnsweredStep, LoadAnswersInput } from '../../src/steps/checkAnswers/answers.machine';
import type { Answers } from '../../core/wire/process.schema';
import type { Application } from '../../core/wire/application.schema';
import { answeredStepsOf } from '../../src/app/step-actors';
import type { StepRole } from '../../core/domain/persons';
import type { CheckPersonalCodeInput } from '../../src/features/personal-code/personal-code-check.machine';
import { type CurrentTask, type CurrentTaskInput } from '../../machines/task-poll/task-poll.machine';
import type { ApplicationRef } from '../../src/steps/chooseContinueOption/continue-option.machine';
import type { InstitutionList } from '../../core/wire/open-banking.schema';
import type { UploadedDocument } from '../../core/wire/document.schema';
import type { UploadsInput } from '../../src/features/document-uploads/uploads.machine';
import type { ActiveApplications } from '../../core/wire/active-applications.schema';
import type { RemoteIdentificationState } from '../../core/wire/identity.schema';
import { draftMachine, type SaveDraftActorInput } from '../../machines/draft/draft.machine';
import type { RuntimeConfig } from '../../core/wire/config.schema';
import { loadStep, stepScreen } from '../../src/app/step-loader';
import type { BusinessDomain } from '../../core/domain/business-domains';
import { countryOfDomain } from '../../core/domain/business-domains';
import type { AppError } from '../../core/domain/app-error';
import type { Locale } from '../../core/domain/languages';
import { COUNTRY_LOCALES } from '../../core/domain/languages';
import { contactsOfCountry } from '../../core/domain/contacts';
import { activateLocale } from '../../src/i18n/i18n';
import { ApplicationActorContext } from '../../src/steps/_kit/application-actor';
import { RuntimeConfigContext } from '../../src/steps/_kit/runtime-config-context';
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { ContractRef } from '../../machines/contract/contract-details.machine';
import type { DownloadDocumentInput } from '../../machines/document-download/document-download.machine';
import type { EsignStatusResponse, SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import type { EsignCallInput } from '../../machines/signing/eparaksts.machine';
import type { AccountContractDetails } from '../../core/wire/account-contract.schema';
import { SAMPLE_ACCOUNT_CONTRACT } from './account-contract-sample';
import type { CompanyLookup } from '../../core/wire/business-register.schema';
import type { CompanyLookupInput } from '../../src/steps/businessData/company-lookup.machine';
import { expectNoAxeViolations } from './axe';
import { calculateLikeTheServer, productTableOf } from './product-data';

export { calculateLikeTheServer, productTableOf };

export interface StepIo {
  /** What the server says of a personal code (default: valid). */
  checkPersonalCode: (input: CheckPersonalCodeInput) => Promise<{ valid: boolean }>;
  /** The loan calculation (default: the reference API's arithmetic). */
  calculate: (input: CalculationRequest) => Promise<CalculatedFigures>;
  /** Section 4's product initialisation (default: the data file's products of the domain). */
  loadProducts: (input: LoadProductsInput) => Promise<LoadProductsOutput>;
  /** The answer to a submission (default: the generic thank-you page). */
  submit: (input: SubmitStepInput) => Promise<TaskResponse>;
  /** The answer to a return to the previous task (Back; default: refused, as a conflict). */
  returnToTask: (input: ReturnToTaskInput) => Promise<TaskResponse>;
  /** What this person answered so far, for the check-answers page (default: nothing). */
  answers: (input: LoadAnswersInput) => Promise<Answers>;
  /** The answer to a change link (default: the task asked for, at version 3). */
  change: (input: ChangeTaskInput) => Promise<TaskResponse>;
  /**
   * Which task this person has now, as a waiting page asks (default: the rendered task, still waiting
   * for what it waited for).
   */
  currentTask: (input: CurrentTaskInput) => Promise<CurrentTask>;
  /** The application loaded again, as after the waiting page moves on (default: the rendered task). */
  continueApplication: (input: ContinueApplicationInput) => Promise<TaskResponse>;
  /** ChooseContinueOption: the applicant's other open application (default: a car loan started on 5 March 2025). */
  activeApplications: (input: ApplicationRef) => Promise<ActiveApplications>;
  /** Annulling the current application (default: done). */
  annulApplication: (input: ApplicationRef) => Promise<unknown>;
  /** Annulling the applicant's other applications (default: one annulled). */
  annulActiveApplications: (input: ApplicationRef) => Promise<unknown>;
  /** The upload steps: the person's documents already uploaded (default: none). */
  listDocuments: (input: { externalId: string }) => Promise<UploadedDocument[]>;
  /** The upload steps: one file sent (default: stored at once under `doc-<name>`). */
  uploadDocument: (input: UploadsInput & { onProgress: (fraction: number) => void }) => Promise<UploadedDocument>;
  /** The upload steps: one document removed (default: done). */
  removeDocument: (input: { externalId: string; documentId: string }) => Promise<unknown>;
  /** IdentifyCustomer: the remote identification's state (default: not asked for). */
  loadRemoteIdentification: (input: { externalId: string }) => Promise<RemoteIdentificationState>;
  /** IdentifyCustomer: a remote identification started (default: the sandbox provider's page). */
  startRemoteIdentification: (input: { externalId: string; languageCode: string }) => Promise<{ redirectUrl: string }>;
  /** The bank statement step: the country's banks (default: Citadele and Swedbank, none enrolled). */
  listInstitutions: (input: { externalId: string }) => Promise<InstitutionList>;
  /** The bank statement step: a consent started (default: the sandbox bank's page). */
  selectInstitution: (input: { externalId: string; institutionId: string; userLanguage: Locale }) => Promise<{ redirectUrl: string }>;
  /** The bank statement step: an open consent's page (default: none). */
  consentUrl: (input: { externalId: string }) => Promise<{ consentUrl: string | null }>;
  /** The bank statement step: the approved consent's reference (default: none). */
  consentReference: (input: { externalId: string }) => Promise<{ reference: string | null }>;
  /** The contract step: the contract's details (default: SAMPLE_CONTRACT). */
  contractDetails: (input: ContractRef) => Promise<ContractDetails>;
  /** A document downloaded and handed to the browser (default: done). */
  downloadDocument: (input: DownloadDocumentInput) => Promise<void>;
  /** The signing step: Smart-ID started (default: RUNNING with the verification code 4821). */
  startSigning: (input: { externalId: string; method: 'SMART_ID' | 'MOBILE_SIGNATURE'; fileServiceId: string | null }) => Promise<StartSigningResponse>;
  /** The signing step: the running Smart-ID or payment signing's status (default: no signing started, 404). */
  signingStatus: (input: { externalId: string }) => Promise<SigningStatusResponse>;
  /** The signing step: the e-signature loop's status (default: NOT_STARTED). */
  esignStatus: (input: { externalId: string }) => Promise<EsignStatusResponse>;
  /** The signing step: e-signature authentication (default: the sandbox provider's page). */
  esignAuthenticate: (input: EsignCallInput) => Promise<{ redirectUrl: string }>;
  /** The signing step: e-signature signing (default: the sandbox provider's page). */
  esignSign: (input: EsignCallInput) => Promise<{ redirectUrl: string }>;
  /** The signing step: the payment-signing restriction check (default: enabled). */
  paymentSigningEnabled: (input: { externalId: string }) => Promise<{ enabled: boolean }>;
  /** The signing step: payment signing started at a bank (default: the sandbox bank payment page). */
  startPayment: (input: { externalId: string; selectedBankBic: string; paymentPurpose: string | null }) => Promise<StartSigningResponse>;
  /** signCurrentAccountContract: the account contract's details (default: SAMPLE_ACCOUNT_CONTRACT). */
  accountContractDetails: (input: { externalId: string }) => Promise<AccountContractDetails>;
  /** businessData: what the business register says of a code (default: not found). */
  lookUpCompany: (input: CompanyLookupInput) => Promise<CompanyLookup>;
}

/** The banks the bank statement step lists by default. */
export const SANDBOX_INSTITUTIONS: InstitutionList = {
  enrolled: [],
  available: [
    { id: 'CITADELE_LV', name: 'Citadele', bic: 'PARXLV22', countryCode: 'LV', logo: 'data:image/svg+xml;base64,', accounts: [] },
    { id: 'SWEDBANK_LV', name: 'Swedbank', bic: 'HABALV22', countryCode: 'LV', logo: 'data:image/svg+xml;base64,', accounts: [] },
  ],
  lastConsent: null,
  failedAttempts: 0,
  maxFailedAttempts: 5,
};

/** The contract ViewContractAndChooseSigningMethod shows by default: a small loan of 5,000 euros over 36 months. */
export const SAMPLE_CONTRACT: ContractDetails = {
  productName: 'SMALL_LOAN',
  fileServiceId: 'b1f0c6f4-6a53-4f0a-9d7e-0d6c1c7b2a10',
  expectedSigningDate: '2026-11-26',
  signed: false,
  figures: {
    productName: 'SMALL_LOAN',
    amount: 5000,
    period: 36,
    interestRate: 12.9,
    annualPercentageRate: 15.37,
    contractConclusionFee: 75,
    monthlyFee: 3.5,
    monthlyPayment: 171.23,
    totalRepaymentAmount: 6239.28,
    totalAmountTransferredToAccount: 4925,
    paymentDay: 20,
    firstPaymentDate: '2026-12-20',
    lastPaymentDate: '2029-11-20',
  },
  signingChoices: ['SMART_ID', 'MOBILE_SIGNATURE'],
  signingMethod: null,
  digitalSigningDisabledReason: null,
  sourceChannel: 'WEB',
  contractsInfo: [{ productName: 'SMALL_LOAN', amount: 5000, cardIssuingFee: null, fileServiceId: 'b1f0c6f4-6a53-4f0a-9d7e-0d6c1c7b2a10', signed: false }],
  payoutAccount: 'EE382200221020145685',
};

/** The other application ChooseContinueOption shows by default. */
export const EARLIER_APPLICATION: ActiveApplications = {
  activeApplication: {
    externalId: '3f2a9c1b-0000-4000-8000-000000000001',
    reference: '3F2A-9C1B',
    productName: 'CAR_LOAN',
    loanAmount: 12000,
    createdAt: '2025-03-05T10:00:00.000Z',
  },
  canBeRelatedPerson: false,
  relatedApplication: null,
};

export interface RenderStepOptions {
  domain?: BusinessDomain;
  locale?: Locale;
  /** The application the step belongs to; without it the step is a new application's first step. */
  task?: Partial<TaskResponse>;
  start?: StartParameters;
  role?: StepRole;
  io?: Partial<StepIo>;
  /** Embedded in a parent page (section 2: the calculator is hidden). */
  embedded?: boolean;
  /** Runtime configuration beyond the domain's defaults (languages offered, feature flags). */
  config?: Partial<RuntimeConfig>;
}

export function runtimeConfigFor(domain: BusinessDomain, overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  const country = countryOfDomain(domain);
  return {
    businessDomain: domain,
    countryCode: country,
    allowedLocales: [...COUNTRY_LOCALES[country], 'en'],
    defaultLocale: COUNTRY_LOCALES[country][0] ?? 'en',
    captcha: { enabled: false, siteKey: null },
    fallbackLoanApplicationUrl: null,
    selfServiceUrl: null,
    mode: 'test',
    session: { warningSeconds: 120 },
    firstTaskDefinitionKey: 'createApplicationStep',
    contacts: contactsOfCountry(country, [...COUNTRY_LOCALES[country], 'en']),
    ...overrides,
  };
}

/** A task response for `taskKey` of application `app-1`, as the API returns it. */
export function taskFor(taskKey: string, domain: BusinessDomain, overrides: Partial<TaskResponse> = {}): TaskResponse {
  return {
    externalId: 'app-1',
    taskDefinitionKey: taskKey,
    version: 1,
    stepCount: 1,
    draft: null,
    previousTaskDefinitionKey: null,
    ...overrides,
    application: {
      externalId: 'app-1',
      businessDomain: domain,
      currency: 'EUR',
      creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 },
      source: null,
      relatedPersons: { persons: [{ id: 'p-1', role: 'APPLICANT', languageCode: 'eng' }], relations: [] },
      ...overrides.application,
    },
  };
}

/** An external id whose application reference (core/domain/application-reference.ts) reads 3F2A-9C1B. */
export const REFERENCED_EXTERNAL_ID = '3f2a9c1b-0000-4000-8000-000000000000';

/**
 * The task of a sent application as the pages after it get it: external id REFERENCED_EXTERNAL_ID,
 * Estonian retail banking in euros, nobody in it unless `application` says so, and its loan (and
 * whatever else the test is about) from `application`.
 */
export function referencedTask(application: Pick<Application, 'creditConditions'> & Partial<Application>): Partial<TaskResponse> {
  return {
    externalId: REFERENCED_EXTERNAL_ID,
    application: {
      externalId: REFERENCED_EXTERNAL_ID,
      businessDomain: 'retail-banking-ee',
      currency: 'EUR',
      source: null,
      relatedPersons: { persons: [], relations: [] },
      ...application,
    },
  };
}

export async function renderStep(taskKey: TaskKey, options: RenderStepOptions = {}) {
  const domain = options.domain ?? 'retail-banking-ee';
  const locale = options.locale ?? 'en';
  const config = runtimeConfigFor(domain, { firstTaskDefinitionKey: taskKey, ...options.config });
  const submitted: SubmitStepInput[] = [];
  const checked: CheckPersonalCodeInput[] = [];
  const drafts: SaveDraftActorInput[] = [];
  const existing = options.task ? taskFor(taskKey, domain, options.task) : null;
  const io: StepIo = {
    checkPersonalCode: async () => ({ valid: true }),
    calculate: async (request) => calculateLikeTheServer(request),
    loadProducts: async () => ({ products: productTableOf(domain), partnerProduct: null }),
    submit: async () => taskFor('viewThankYouPage', domain, { version: 2, stepCount: 2 }),
    returnToTask: async () => {
      throw { kind: 'conflict', message: 'not in component tests' } satisfies AppError;
    },
    answers: async () => ({ tasks: [] }),
    change: async (input) => taskFor(input.taskDefinitionKey, domain, { version: 3 }),
    currentTask: async () => ({ taskDefinitionKey: taskKey, awaitingCheck: existing?.awaitingCheck ?? null }),
    continueApplication: async () => existing ?? taskFor(taskKey, domain),
    activeApplications: async () => EARLIER_APPLICATION,
    annulApplication: async (input) => ({ externalId: input.externalId }),
    annulActiveApplications: async () => ({ annulled: 1 }),
    listDocuments: async () => [],
    uploadDocument: async (input) => ({ documentId: `doc-${input.file.name}`, fileName: input.file.name, size: input.file.size, purpose: input.purpose }),
    removeDocument: async () => ({ removed: true }),
    loadRemoteIdentification: async () => ({ status: 'NO_STATUS', enabled: false, identified: false, available: true }),
    startRemoteIdentification: async () => ({ redirectUrl: 'http://localhost/sandbox/remote-identification?reference=r' }),
    listInstitutions: async () => SANDBOX_INSTITUTIONS,
    selectInstitution: async (input) => ({ redirectUrl: `http://127.0.0.1:41234/psd2/sca/${input.institutionId}` }),
    consentUrl: async () => ({ consentUrl: null }),
    consentReference: async () => ({ reference: null }),
    contractDetails: async () => SAMPLE_CONTRACT,
    accountContractDetails: async () => SAMPLE_ACCOUNT_CONTRACT,
    lookUpCompany: async () => ({ found: false }),
    downloadDocument: async () => undefined,
    startSigning: async () => ({ method: 'SMART_ID', status: 'RUNNING', verificationCode: '4821', redirectUrl: null }),
    signingStatus: async () => {
      throw { kind: 'not-found', message: 'No signing' } satisfies AppError;
    },
    esignStatus: async () => ({ status: 'NOT_STARTED', errorCode: null, signedFileServiceIds: [] }),
    esignAuthenticate: async () => ({ redirectUrl: 'http://localhost/sandbox/providers/eparaksts?transaction=t-auth' }),
    esignSign: async () => ({ redirectUrl: 'http://localhost/sandbox/providers/eparaksts?transaction=t-sign' }),
    paymentSigningEnabled: async () => ({ enabled: true }),
    startPayment: async () => ({ method: 'PAYMENT', status: 'RUNNING', verificationCode: null, redirectUrl: 'http://localhost/sandbox/providers/bank-payment?transaction=t-pay' }),
    ...options.io,
  };
  /** The annulments asked for, in order: of the current application, or of the applicant's others. */
  const annulled: { kind: 'current' | 'others'; externalId: string }[] = [];
  const changed: ChangeTaskInput[] = [];
  /** Where the browser was sent (a provider's page); the page stays as it was. */
  const redirected: string[] = [];
  const leavePage = fromPromise<void, { url: string }>(({ input }) => {
    redirected.push(input.url);
    return new Promise<void>(() => undefined);
  });
  const downloads: DownloadDocumentInput[] = [];
  const stepActors: Record<string, AnyActorLogic> = {
    checkPersonalCode: fromPromise<{ valid: boolean }, CheckPersonalCodeInput>(({ input }) => {
      checked.push(input);
      return io.checkPersonalCode(input);
    }),
    calculate: fromPromise<CalculatedFigures, CalculationRequest>(({ input }) => io.calculate(input)),
    lookUpCompany: fromPromise<CompanyLookup, CompanyLookupInput>(({ input }) => io.lookUpCompany(input)),
    loadAnswers: fromPromise<AnsweredStep[], LoadAnswersInput>(async ({ input }) => answeredStepsOf((await io.answers(input)).tasks)),
    currentTask: fromPromise<CurrentTask, CurrentTaskInput>(({ input }) => io.currentTask(input)),
    loadActiveApplications: fromPromise<ActiveApplications, ApplicationRef>(({ input }) => io.activeApplications(input)),
    annulApplication: fromPromise<unknown, ApplicationRef>(({ input }) => {
      annulled.push({ kind: 'current', externalId: input.externalId });
      return io.annulApplication(input);
    }),
    annulActiveApplications: fromPromise<unknown, ApplicationRef>(({ input }) => {
      annulled.push({ kind: 'others', externalId: input.externalId });
      return io.annulActiveApplications(input);
    }),
    listDocuments: fromPromise<UploadedDocument[], { externalId: string }>(({ input }) => io.listDocuments(input)),
    uploadDocument: fromPromise<UploadedDocument, UploadsInput & { onProgress: (fraction: number) => void }>(({ input }) => io.uploadDocument(input)),
    removeDocument: fromPromise<unknown, { externalId: string; documentId: string }>(({ input }) => io.removeDocument(input)),
    loadRemoteIdentification: fromPromise<RemoteIdentificationState, { externalId: string }>(({ input }) => io.loadRemoteIdentification(input)),
    startRemoteIdentification: fromPromise<{ redirectUrl: string }, { externalId: string; languageCode: string }>(({ input }) => io.startRemoteIdentification(input)),
    listInstitutions: fromPromise<InstitutionList, { externalId: string }>(({ input }) => io.listInstitutions(input)),
    selectInstitution: fromPromise<{ redirectUrl: string }, { externalId: string; institutionId: string; userLanguage: Locale }>(({ input }) => io.selectInstitution(input)),
    consentUrl: fromPromise<{ consentUrl: string | null }, { externalId: string }>(({ input }) => io.consentUrl(input)),
    consentReference: fromPromise<{ reference: string | null }, { externalId: string }>(({ input }) => io.consentReference(input)),
    // The browser would leave for a provider's or the bank's page: the test records where to.
    redirectBrowser: leavePage,
    openConsentPage: leavePage,
    loadContractDetails: fromPromise<ContractDetails, ContractRef>(({ input }) => io.contractDetails(input)),
    downloadDocument: fromPromise<void, DownloadDocumentInput>(({ input }) => {
      downloads.push(input);
      return io.downloadDocument(input);
    }),
    // ViewContractConditions' signing I/O, as the app loads it (src/app/signing-actors.ts), faked.
    loadSigningActors: fromPromise<Record<string, AnyActorLogic>>(async () => ({
      startSigning: fromPromise<StartSigningResponse, { externalId: string; method: 'SMART_ID' | 'MOBILE_SIGNATURE'; fileServiceId: string | null }>(({ input }) => io.startSigning(input)),
      pollStatus: fromPromise<SigningStatusResponse, { externalId: string }>(({ input }) => io.signingStatus(input)),
      loadStatus: fromPromise<EsignStatusResponse, { externalId: string }>(({ input }) => io.esignStatus(input)),
      authenticate: fromPromise<{ redirectUrl: string }, EsignCallInput>(({ input }) => io.esignAuthenticate(input)),
      sign: fromPromise<{ redirectUrl: string }, EsignCallInput>(({ input }) => io.esignSign(input)),
      redirect: leavePage,
      checkEnabled: fromPromise<{ enabled: boolean }, { externalId: string }>(({ input }) => io.paymentSigningEnabled(input)),
      startPayment: fromPromise<StartSigningResponse, { externalId: string; selectedBankBic: string; paymentPurpose: string | null }>(({ input }) => io.startPayment(input)),
      loadAccountContractDetails: fromPromise<AccountContractDetails, { externalId: string }>(({ input }) => io.accountContractDetails(input)),
    })),
  };
  const machine = applicationMachine.provide({
    actors: {
      findPreviousApplication: fromPromise<string | null, FindPreviousApplicationInput>(async () => null),
      createApplication: fromPromise<TaskResponse, CreateApplicationInput>(async () => taskFor(taskKey, domain)),
      continueApplication: fromPromise<TaskResponse, ContinueApplicationInput>(({ input }) => io.continueApplication(input)),
      loadProducts: fromPromise<LoadProductsOutput, LoadProductsInput>(({ input }) => io.loadProducts(input)),
      loadStepView: fromPromise<StepViewLoadResult, LoadStepInput>(({ input }) => loadStep(input, config, '', {}, stepActors)),
      submitStep: fromPromise<TaskResponse, SubmitStepInput>(async ({ input }) => {
        submitted.push(input);
        return io.submit(input);
      }),
      returnToTask: fromPromise<TaskResponse, ReturnToTaskInput>(async ({ input }) => io.returnToTask(input)),
      changeTask: fromPromise<TaskResponse, ChangeTaskInput>(async ({ input }) => {
        changed.push(input);
        return io.change(input);
      }),
      draftSync: draftMachine.provide({
        actors: {
          saveDraft: fromPromise<{ version: number }, SaveDraftActorInput>(async ({ input }) => {
            drafts.push(input);
            return { version: input.version + 1 };
          }),
        },
      }),
    },
  });
  await activateLocale(locale);
  const actor = createActor(machine, {
    input: {
      businessDomain: domain,
      start: { ...(existing ? { externalId: existing.externalId } : {}), ...options.start },
      locale,
      firstTask: taskKey,
      ...(options.role ? { role: options.role } : {}),
      ...(options.embedded ? { embedded: true } : {}),
    },
  });
  actor.start();
  await waitFor(() => expect(actor.getSnapshot().matches('step'), `the step did not load: ${JSON.stringify(actor.getSnapshot().value)}`).toBe(true), { timeout: 10_000 });
  const Screen = stepScreen(taskKey, actor.getSnapshot().context.stepVariant as never);
  const view = render(
    <I18nProvider i18n={i18n}>
      <RuntimeConfigContext.Provider value={config}>
        <ApplicationActorContext.Provider value={actor}>
          <Suspense fallback={null}>
            <main>
              <Screen />
            </main>
          </Suspense>
        </ApplicationActorContext.Provider>
      </RuntimeConfigContext.Provider>
    </I18nProvider>,
  );
  await waitFor(() => expect(view.container.querySelector('h1')).not.toBeNull());
  // The screen's chunk resolved outside act: its effects (the heading taking focus) may still be
  // pending when the heading shows. Flush them, so a test reads the screen as it settled.
  await act(async () => {});
  return { actor, view, user: userEvent.setup(), submitted, checked, drafts, changed, annulled, redirected, downloads, config };
}

/** The step rendered in `locale`: its heading reads `heading`, and axe finds nothing in that language. */
export async function expectStepSpeaks(taskKey: TaskKey, locale: Locale, heading: string, options: Omit<RenderStepOptions, 'locale'> = {}): Promise<void> {
  const { view } = await renderStep(taskKey, { ...options, locale });
  expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
  await expectNoAxeViolations(view.container);
}
