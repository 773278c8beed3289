/**
 * The I/O the steps' own machines may use, provided here by name (conventions: only src/app gives
 * machines the HTTP client). A step's logic declares the actors it needs by these names; the step
 * loader provides every step machine with this catalogue, so a new step that uses existing I/O
 * touches nothing here.
 */
import { fromPromise, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import type { CalculatedFigures, CalculationRequest } from '../../machines/calculator/calculator.machine';
import type { CheckPersonalCodeInput } from '../features/personal-code/personal-code-check.machine';
import type { StepLogic } from '../../machines/application/application.actors';
import type { AnsweredStep, LoadAnswersInput } from '../steps/checkAnswers/answers.machine';
import { rejectingWithAppError } from '../api/app-error';
import { loadStepRegistry } from './step-registry';
import type { ActiveApplications } from '../../core/wire/active-applications.schema';
import type { ApplicationRef } from '../steps/chooseContinueOption/continue-option.machine';
import { currentTaskActor } from './current-task';
import type { Answers } from '../../core/wire/process.schema';
import type { StepEntry, StepSummary } from '../steps/_kit/step-registry-types';
import { checkPersonalCodeOnServer } from '../api/validate.api';
import type { UploadedDocument } from '../../core/wire/document.schema';
import type { UploadsInput } from '../features/document-uploads/uploads.machine';
import type { RemoteIdentificationState } from '../../core/wire/identity.schema';
import type { InstitutionList } from '../../core/wire/open-banking.schema';
import type { Locale } from '../../core/domain/languages';
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { ContractRef } from '../../machines/contract/contract-details.machine';
import type { DownloadDocumentInput } from '../../machines/document-download/document-download.machine';
import { saveFile } from './save-file';
import type { CompanyLookup } from '../../core/wire/business-register.schema';
import type { CompanyLookupInput } from '../steps/businessData/company-lookup.machine';

/**
 * The active-application calls of ChooseContinueOption (decision 121), loaded with the step that
 * uses them rather than on the first page (the initial JavaScript budget, decision 041). A chunk that
 * fails to load fails the call like a network error (the page offers to try again).
 */
function activeApplicationsApi() {
  return rejectingWithAppError(() => import('../api/active-applications.api'));
}

/** Issue 13: the identity calls of IdentifyCustomer, loaded with that step (decision 157). */
function identityApi() {
  return rejectingWithAppError(() => import('../api/identity.api'));
}

/** Issue 13: the bank statement step's PSD2 and consent calls, loaded with that step (decision 153). */
function openBankingApi() {
  return rejectingWithAppError(() => import('../api/open-banking.api'));
}

/** Issue 13: the upload steps' document calls, loaded with those steps (decision 150). */
function documentsApi() {
  return rejectingWithAppError(() => import('../api/documents.api'));
}

/** The browser leaves for another page: nothing follows here. */
const leavePage = fromPromise<void, { url: string }>(({ input }) => {
  window.location.assign(input.url);
  return new Promise<void>(() => undefined);
});
/** Issue 12: the contract's details and the documents of the contract and the offer, loaded with those steps. */
function contractApi() {
  return rejectingWithAppError(() => import('../api/contract.api'));
}

export const STEP_ACTORS = {
  /** Issue 24: businessData's look-up of the company in the business register (loaded with that step). */
  lookUpCompany: fromPromise<CompanyLookup, CompanyLookupInput>(({ input, signal }) =>
    rejectingWithAppError(async () => (await import('../api/business-register.api')).lookUpCompany(input.registrationCode, input.country, { signal })),
  ),
  /** Section 5: the personal code server check (cached per code by the client). */
  checkPersonalCode: fromPromise<{ valid: boolean }, CheckPersonalCodeInput>(({ input, signal }) =>
    rejectingWithAppError(() => checkPersonalCodeOnServer(input.code, { countryCode: input.country, signal })),
  ),
  /**
   * Section 7: the loan calculation; leaving the state that asked cancels the request. The call and
   * its schemas load with the first calculation (after the calculator's debounce), not with the
   * first page.
   */
  calculate: fromPromise<CalculatedFigures, CalculationRequest>(({ input, signal }) =>
    rejectingWithAppError(async () => (await import('./loan-calculation')).calculateFigures(input, signal)),
  ),
  /** Issue 11: which task this person has now (the waiting page looks whether the other person is done). */
  currentTask: currentTaskActor,
  /**
   * Issue 11: this person's answers, step by step, each with its summary module (how its answers
   * read). A summary chunk that fails to load fails the whole read, which the page offers to retry.
   */
  loadAnswers: fromPromise<AnsweredStep<StepSummary>[], LoadAnswersInput>(async ({ input, signal }) => {
    // Only the check-answers page reads answers: its call is a chunk of its own (decision 041).
    const { answersOf } = await import('../api/co-borrower.api');
    return answeredStepsOf((await rejectingWithAppError(() => answersOf(input.externalId, { role: input.role, signal }))).tasks);
  }),
  /** Decision 121: the applicant's other open application, and one they may join as co-borrower. */
  loadActiveApplications: fromPromise<ActiveApplications, ApplicationRef>(async ({ input, signal }) => {
    const api = await activeApplicationsApi();
    return rejectingWithAppError(() => api.loadActiveApplications(input.externalId, { signal }));
  }),
  /** Decision 121: the applicant gives up this (the new) application. */
  annulApplication: fromPromise<unknown, ApplicationRef>(async ({ input, signal }) => {
    const api = await activeApplicationsApi();
    return rejectingWithAppError(() => api.annulApplication(input.externalId, { signal }));
  }),
  /** Decision 121: the applicant's other open applications of the same person are annulled. */
  annulActiveApplications: fromPromise<unknown, ApplicationRef>(async ({ input, signal }) => {
    const api = await activeApplicationsApi();
    return rejectingWithAppError(() => api.annulActiveApplications(input.externalId, { signal }));
  }),
  /** Issue 13: the person's documents already uploaded (a reloaded page shows them). */
  listDocuments: fromPromise<UploadedDocument[], { externalId: string }>(async ({ input, signal }) => {
    const api = await documentsApi();
    return rejectingWithAppError(() => api.listDocuments(input.externalId, { signal }));
  }),
  /** Issue 13: one file, with its progress; leaving the step cancels it. */
  uploadDocument: fromPromise<UploadedDocument, UploadsInput & { onProgress: (fraction: number) => void }>(async ({ input, signal }) => {
    const api = await documentsApi();
    return rejectingWithAppError(() => api.uploadDocument(input.externalId, input.purpose, input.file, { onProgress: input.onProgress, signal }));
  }),
  /** Issue 13: one of the person's documents removed before the step is sent. */
  removeDocument: fromPromise<unknown, { externalId: string; documentId: string }>(async ({ input, signal }) => {
    const api = await documentsApi();
    return rejectingWithAppError(() => api.removeDocument(input.externalId, input.documentId, { signal }));
  }),
  /** Issue 13: the remote identification's status, whether it is asked for, whether the applicant is identified. */
  loadRemoteIdentification: fromPromise<RemoteIdentificationState, { externalId: string }>(async ({ input, signal }) => {
    const api = await identityApi();
    return rejectingWithAppError(() => api.remoteIdentificationState(input.externalId, { signal }));
  }),
  /** Issue 13: starts a remote identification; answers the provider's page. */
  startRemoteIdentification: fromPromise<{ redirectUrl: string }, { externalId: string; languageCode: string }>(async ({ input, signal }) => {
    const api = await identityApi();
    return rejectingWithAppError(() => api.startRemoteIdentification(input.externalId, input.languageCode, { signal }));
  }),
  /** Issue 13, section 7: the banks of the country, those enrolled and the last consent (30 s at most). */
  listInstitutions: fromPromise<InstitutionList, { externalId: string }>(async ({ input, signal }) => {
    const api = await openBankingApi();
    return rejectingWithAppError(() => api.listInstitutions(input.externalId, { signal }));
  }),
  /** Issue 13: a consent at the chosen bank; answers the bank's page (checked by the server's allowlist). */
  selectInstitution: fromPromise<{ redirectUrl: string }, { externalId: string; institutionId: string; userLanguage: Locale }>(async ({ input, signal }) => {
    const api = await openBankingApi();
    return rejectingWithAppError(() => api.selectInstitution(input, { signal }));
  }),
  /** Issue 13: the page of a consent still open at the bank. */
  consentUrl: fromPromise<{ consentUrl: string | null }, { externalId: string }>(async ({ input, signal }) => {
    const api = await openBankingApi();
    return rejectingWithAppError(() => api.consentUrl(input.externalId, { signal }));
  }),
  /** Issue 13: the reference of the person's approved consent. */
  consentReference: fromPromise<{ reference: string | null }, { externalId: string }>(async ({ input, signal }) => {
    const api = await openBankingApi();
    return rejectingWithAppError(() => api.consentReference(input.externalId, { signal }));
  }),
  /** Sends the browser to a provider's page the server handed out (it checked it against its allowlist). */
  redirectBrowser: leavePage,
  /** Issue 13: the browser goes to the bank's consent page. */
  openConsentPage: leavePage,
  /** Issue 12: the contract the applicant is to sign (section 7 contract details). */
  loadContractDetails: fromPromise<ContractDetails, ContractRef>(async ({ input, signal }) => {
    const api = await contractApi();
    return rejectingWithAppError(() => api.loadContractDetails(input.externalId, { signal }));
  }),
  /** Issue 12: a document as a blob through the one client, then saved by the browser. */
  downloadDocument: fromPromise<void, DownloadDocumentInput>(async ({ input, signal }) => {
    const api = await contractApi();
    const { document } = input;
    const file = await rejectingWithAppError(() =>
      document.kind === 'contract'
        ? api.downloadContract(input.externalId, document.fileServiceId, { signal })
        : api.downloadPreContractInformation(input.externalId, { signal }),
    );
    saveFile(file.blob, file.fileName);
  }),
  /**
   * Issue 12: the signing I/O of ViewContractConditions' signing machines (section 7's signing
   * calls), a catalogue of its own loaded with that step, not with the first page.
   */
  loadSigningActors: fromPromise(async () => (await import('./signing-actors')).SIGNING_ACTORS),
} satisfies Record<string, AnyActorLogic>;

/** The answered tasks with their summaries; a step without a summary asks nothing to show. */
export async function answeredStepsOf(tasks: Answers['tasks']): Promise<AnsweredStep<StepSummary>[]> {
  const { STEP_REGISTRY } = await loadStepRegistry();
  const steps = await Promise.all(
    tasks.map(async ({ taskDefinitionKey, data }) => {
      const entry: StepEntry | undefined = (STEP_REGISTRY as Readonly<Record<string, StepEntry>>)[taskDefinitionKey];
      if (!entry?.summary) return null;
      return { taskKey: taskDefinitionKey, data, summary: (await entry.summary()).default };
    }),
  );
  return steps.filter((step): step is AnsweredStep<StepSummary> => step !== null);
}

function isMachine(logic: AnyActorLogic): logic is AnyStateMachine {
  return typeof (logic as Partial<AnyStateMachine>).provide === 'function';
}

/** The step's machines with the catalogue provided (each takes the actors it names). */
export function provideStepLogic(logic: StepLogic, actors: Readonly<Record<string, AnyActorLogic>> = STEP_ACTORS): StepLogic {
  return Object.fromEntries(Object.entries(logic).map(([id, machine]) => [id, isMachine(machine) ? machine.provide({ actors }) : machine]));
}
