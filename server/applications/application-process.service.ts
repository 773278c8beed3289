import { digitalSigningAllowed } from '../signing/partner-digital-signing';
import { randomUUID } from 'node:crypto';
import { isExternalId } from '../../core/wire/ids.schema';
import * as v from 'valibot';
import { TaskResponseSchema, type TaskResponse } from '../../core/wire/application.schema';
import type { ChangeRequest, CreateApplicationRequest, DraftSaveRequest, ReturnRequest, StepSubmission } from '../../core/wire/process.schema';
import { countryOfApplication, type CountryCode } from '../../core/domain/business-domains';
import { birthDateFromPersonalCode } from '../../core/validation/personal-code';
import { parseIsoDate } from '../../core/validation/general/dates';
import { formatIsoDate } from '../../core/validation/format/dates';
import { APPLICATION_CHANNELS } from '../../core/domain/channels';
import { defaultProductOf, findProduct, type CatalogueEntry } from '../../core/domain/products';
import { isTaskKey, stepContractOf } from '../../src/steps/_generated/task-keys';
import type { ContractContext } from '../../core/contract/step-contract';
import { getAt, parsePath } from '../../core/contract/paths';
import { isCustomerAdministrator } from '../../core/domain/user-groups';
import { MESSAGES } from '../../core/validation/messages';
import type { Transaction } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { parseOrFail } from '../http/validation';
import { processDefinitionFor } from '../process/process-definitions';
import { isRegisteredReturnAddress, partnerById } from '../pricing/pricing-repository';
import { partnerScope, productTableFor } from '../pricing/pricing.service';
import type { ProductTable } from '../../core/domain/product-data';
import {
  ProcessReturnRefusedError,
  answeredTasks,
  awaitedCheckOf,
  pageAwaitsCheckOf,
  changeProcess,
  readProcess,
  returnProcess,
  startProcess,
  type ProcessPosition,
} from '../process/process-runner';
import type { StepRole } from '../../core/domain/persons';
import { consumeNextTask } from '../sandbox/sandbox-repository';
import { sandboxOutcomesOf, withSandboxOutcomes } from '../sandbox/sandbox-outcomes';
import { decideAndAdvance } from './decide-and-advance';
import { checksWaiting, settleChecks } from '../checks/back-office.service';
import { statementsAwaitAnalysis } from '../checks/statement-analysis';
import { returnsToRegisteredMerchant } from '../checks/return-to-merchant';
import { uploadSkipOf } from '../uploads/upload-step-hooks';
import { statementsResetOnUpdate } from '../psd2/bank-statement-step-hooks';
import { NO_STEP_FACTS } from '../steps/step-hook';
import { hooksOf } from '../steps/step-hooks';
import { readApplicationData } from './application-data';
import {
  claimKeyAndFindOwned,
  findAccessibleApplication,
  insertApplication,
  newestOpenApplication,
  saveApplicationData,
  saveReturnedStep,
  saveSubmittedStep,
  type Access,
  type ApplicationRow,
} from './application-repository';
import { applicantCodeOf, hasOtherActiveApplication } from './active-applications';
import { inviteCoBorrower } from './invitations';
import { assertStepSourceAllowed, type ServerChannel } from './channels';
import { issueLink, type IssuedLink } from './one-time-links';

/** Decision 188: how long the link a server-to-server channel answers works (the applicant opens it the same day). */
export const APPLICANT_LINK_TTL_MS = 24 * 60 * 60 * 1000;
import { offeredProduct, planNewApplication } from './new-application';
import { AppliedPayloadSchema, applyStep } from './apply-step';
import { carriedDraft } from './carried-answers';
import { findDraft, keepSubmittedDraft, listDrafts, writeDraft } from './draft-repository';
import { completeIdempotencyKey, findIdempotencyKey, requestHash } from './idempotency-repository';
import { insertPerson, listPersons, listRelations, type PersonRow } from './person-repository';
import { toTaskResponse } from './task-response';

/** External ids are random UUIDs (core/wire/ids.schema.ts): anything else cannot exist, so it is not even looked up. */
function assertExternalId(externalId: string): void {
  if (!isExternalId(externalId)) throw notFound();
}

/**
 * The caller's access to an application (issue 11): as its owner, the applicant; through an
 * accepted invitation, the co-borrower. `role`, when given, must be the caller's (a continue with
 * `?role=coborrower` by the applicant finds nothing).
 */
async function accessOrNotFound(tx: Transaction, externalId: string, owner: Owner, lock?: 'update' | 'share', role?: StepRole): Promise<Access> {
  const access = await findAccessibleApplication(tx, externalId, owner, lock);
  if (!access || (role !== undefined && access.role !== role)) throw notFound();
  return access;
}

/** The task shown to someone whose turn it is not (the other person fills in their steps). */
export const WAITING_TASK = 'viewWaitingPage';

/**
 * What a role sees of the process: its own task on its turn, the end page with everyone, else the
 * waiting page. A task that waits for the bank's own work (decision 172) is nobody's turn: both
 * persons see it (each has sent their part; "the other has not finished" would not be true).
 */
function visibleTaskOf(position: ProcessPosition, role: StepRole): string {
  return position.done || position.turn === role || awaitedCheckOf(position.state) !== undefined ? position.taskKey : WAITING_TASK;
}

/** Only the person whose turn it is may write to the current task. */
function assertTurn(position: ProcessPosition, role: StepRole, taskKey: string): void {
  if (position.turn !== role) throw new ApiError('STEP_OUT_OF_ORDER', `The current step is not "${taskKey}" for you.`);
}

/** Test mode only: a task key forced by the sandbox for this one answer. */
function forcedTaskKey(deps: AppDeps, tx: Transaction, owner: Owner): Promise<string | undefined> {
  return deps.config.mode === 'test' ? consumeNextTask(tx, owner) : Promise.resolve(undefined);
}

export async function taskResponseOf(
  tx: Transaction,
  application: ApplicationRow,
  taskKeyOverride: string | undefined,
  role: StepRole = 'APPLICANT',
): Promise<TaskResponse> {
  // One query at a time: a transaction's client runs its statements in order.
  const persons = await listPersons(tx, application.id);
  const relations = await listRelations(tx, application.id);
  const position = readProcess(application.process_state);
  const taskKey = visibleTaskOf(position, role);
  // Decision 196: a step that asks again what the bank holds of the person starts with it.
  const draft = (await findDraft(tx, application.id, taskKey, role)) ?? carriedDraft(taskKey, persons, role);
  const previousTask = position.turn === role ? position.previousTask : null;
  // Decision 172: the task's page waits for the back office and moves on after it (not one run in the background).
  const awaitingCheck = position.done ? null : (pageAwaitsCheckOf(position.state) ?? null);
  return toTaskResponse({ application, persons, relations, draft, previousTask, taskKeyOverride, taskKey, viewer: { role }, awaitingCheck });
}

function productNotOffered(path = 'application.creditConditions.productName'): ApiError {
  return new ApiError('VALIDATION_FAILED', 'The product is not offered.', { fieldErrors: { [path]: [MESSAGES.choiceInvalid] } });
}

interface NewApplicationOptions {
  product: CatalogueEntry;
  request: CreateApplicationRequest;
  changeType?: 'UPSALE';
  /** An upsale without a product: the applicant chooses it first (section 4). */
  chooseProductFirst?: boolean;
  /** The caller's existing session, for test-mode registrations; null: none. */
  lookupOwner: Owner | null;
  /** Decision 188: a web caller's token groups. */
  caller?: Caller;
  /** Decision 188: a server-to-server channel proven by an API key. */
  server?: { channel: ServerChannel; brokerId?: string };
  /** In the creating transaction, once the application and its applicant exist. */
  afterInsert?: (tx: Transaction, application: ApplicationRow, applicant: PersonRow, now: Date) => Promise<void>;
}

/** Creates an application at the first task of its process, with its applicant. */
async function insertNewApplication(deps: AppDeps, ownerFor: () => Promise<Owner>, options: NewApplicationOptions): Promise<TaskResponse> {
  const domain = deps.config.businessDomain;
  // Everything that may refuse the request comes first: a refused one creates no session.
  const plan = await planNewApplication(deps.db, deps, {
    lookupOwner: options.lookupOwner,
    product: options.product,
    request: options.request,
    ...(options.changeType ? { changeType: options.changeType } : {}),
    ...(options.caller ? { caller: options.caller } : {}),
    ...(options.server ? { server: options.server } : {}),
  });
  const productName = plan.product.productName;
  const definition = processDefinitionFor(domain, productName, { chooseProductFirst: options.chooseProductFirst === true });
  if (!definition) throw productNotOffered();
  const position = startProcess(definition, { businessDomain: domain, productName });
  const owner = await ownerFor();
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const application = await insertApplication(tx, {
      externalId: randomUUID(),
      owner,
      businessDomain: domain,
      productName,
      data: plan.data,
      processState: position.state,
      taskKey: position.taskKey,
      now,
    });
    // The applicant exists from the start so the chosen language survives a reload (section 4:
    // on continue, the language is set from the application's person).
    const applicant = await insertPerson(
      tx,
      application.id,
      { role: 'APPLICANT', languageCode: options.request.application.languageCode ?? null, personalCode: null, declaredData: {}, consents: {} },
      now,
    );
    await options.afterInsert?.(tx, application, applicant, now);
    // Nothing else exists yet: no relations, no draft.
    const taskKeyOverride = await forcedTaskKey(deps, tx, owner);
    return toTaskResponse({ application, persons: [applicant], relations: [], draft: undefined, previousTask: position.previousTask, taskKeyOverride });
  });
}

/** What the server knows of the caller beyond their identity: an embedded user's groups (section 6). */
export interface Caller {
  userGroups: readonly string[];
}

/**
 * POST /api/v1/application-process: a new application at the first task of its process. `ownerFor`
 * is asked only once the request is accepted, so a refused one creates no session. `lookupOwner`
 * is the caller's session, if it has one (test-mode partners registered by it are seen).
 */
export async function createApplication(
  deps: AppDeps,
  request: CreateApplicationRequest,
  ownerFor: () => Promise<Owner>,
  lookupOwner: Owner | null = null,
  caller?: Caller,
): Promise<TaskResponse> {
  const product = offeredProduct(deps, request.application.creditConditions.productName);
  if (!product) throw productNotOffered();
  return insertNewApplication(deps, ownerFor, { product, request, lookupOwner, ...(caller ? { caller } : {}) });
}

/**
 * Decision 188: an application a server-to-server channel creates (broker API, partner API, partner
 * remote), its channel proven by the caller's API key. Nobody's session owns it until its applicant
 * opens the one-time link answered here; that browser's session then becomes its owner.
 */
export async function createServerChannelApplication(
  deps: AppDeps,
  request: CreateApplicationRequest,
  server: { channel: ServerChannel; owner: Owner; lookupOwner: Owner | null; brokerId?: string },
): Promise<{ task: TaskResponse; link: IssuedLink }> {
  const product = offeredProduct(deps, request.application.creditConditions.productName);
  if (!product) throw productNotOffered();
  let link: IssuedLink | undefined;
  const task = await insertNewApplication(deps, async () => server.owner, {
    product,
    request,
    lookupOwner: server.lookupOwner,
    server: { channel: server.channel, ...(server.brokerId ? { brokerId: server.brokerId } : {}) },
    afterInsert: async (tx, application, applicant, now) => {
      link = await issueLink(tx, { applicationId: application.id, personId: applicant.external_id, role: 'APPLICANT' }, { now, ttlMs: APPLICANT_LINK_TTL_MS });
    },
  });
  if (!link) throw new Error('the applicant link was not issued');
  return { task, link };
}

/**
 * POST /api/v1/application-process/upsale (section 7): an application made as an offer to an
 * existing customer (section 3: change type UPSALE). With a product it starts like any other; without
 * one, with the product choice (the choose-product step).
 */
export async function createUpsaleApplication(
  deps: AppDeps,
  request: CreateApplicationRequest,
  ownerFor: () => Promise<Owner>,
  lookupOwner: Owner | null = null,
  caller?: Caller,
): Promise<TaskResponse> {
  const asked = request.application.creditConditions.productName;
  const product = asked ? offeredProduct(deps, asked) : defaultProductOf(deps.config.businessDomain, deps.config.client.countryCode);
  if (!product) throw productNotOffered();
  return insertNewApplication(deps, ownerFor, { product, request, changeType: 'UPSALE', chooseProductFirst: !asked, lookupOwner, ...(caller ? { caller } : {}) });
}

/**
 * POST /api/current-account (section 7): a current-account application (Estonian and Latvian
 * retail); answers its externalId, with which the app continues it.
 */
export async function createCurrentAccountApplication(
  deps: AppDeps,
  request: { campaignCode?: string | undefined; channel: string; tracking?: CreateTracking | undefined },
  ownerFor: () => Promise<Owner>,
  caller?: Caller,
): Promise<{ externalId: string }> {
  const product = findProduct(deps.config.businessDomain, 'CURRENT_ACCOUNT', deps.config.client.countryCode);
  if (!product) throw new ApiError('NOT_FOUND', 'Current accounts are not offered here.');
  // Decision 188: a channel that is not one the web app can prove is refused (planNewApplication); an unknown word is the web's own.
  const channel = APPLICATION_CHANNELS.find((known) => known === request.channel) ?? 'WEB';
  const task = await insertNewApplication(deps, ownerFor, {
    product,
    lookupOwner: null,
    ...(caller ? { caller } : {}),
    request: {
      application: {
        creditConditions: { productName: product.productName },
        ...(request.campaignCode ? { campaignCode: request.campaignCode } : {}),
        source: { channel, ...(request.tracking ? { tracking: request.tracking } : {}) },
      },
    },
  });
  return { externalId: task.externalId };
}

type CreateTracking = NonNullable<NonNullable<CreateApplicationRequest['application']['source']>['tracking']>;

export interface SubmitStepInput {
  externalId: string;
  submission: StepSubmission;
  idempotencyKey: string | undefined;
  caller?: Caller;
}

/**
 * POST .../{externalId}/step: validates the step's payload with the schema the form uses, writes
 * it, lets the process decide the next task and answers with it. With an idempotency key, a repeat
 * (a double click, a retry, a race across processes) answers the first reply and changes nothing.
 */
/**
 * A step's contract context on the server: the same facts the form was built from (decision 110),
 * taken from what the server knows, never from the client: the caller's user groups (a customer
 * administrator's section), the languages offered, the loan chosen so far, the channel, and from the stored
 * persons (decision 122) the citizenships of the person whose step it is (a US citizen's first tax
 * residency) and, on the applicant's steps, the applicant's full personal code (section 5's rules
 * comparing a co-owner with the applicant; the client never gets it, so only the server checks them).
 */
export function serverContractContext(
  deps: { config: Pick<AppDeps['config'], 'businessDomain' | 'client'>; flags: Pick<AppDeps['flags'], 'enabled'> },
  application: ApplicationRow,
  persons: readonly PersonRow[],
  role: StepRole,
  caller: Caller | undefined,
  products: ProductTable,
  today?: Date,
): ContractContext {
  const { config } = deps;
  const { creditConditions, source } = readApplicationData(application.data);
  const own = persons.find((person) => person.role === role);
  const citizenships = own?.declared_data['citizenships'];
  const applicantCode = role === 'APPLICANT' ? own?.personal_code : null;
  const country = countryOfApplication(config.businessDomain, application.data, config.client.countryCode);
  const birthDate = own ? personBirthDate(country, own) : undefined;
  return {
    // Decision 180: the date rules read the server's clock.
    ...(today ? { today } : {}),
    domain: config.businessDomain,
    country,
    role,
    flags: deps.flags.enabled(),
    productName: application.product_name,
    // The channel the application came through, as stored (decision 097: the partner short flow).
    channel: source.channel,
    products,
    prefill: {
      allowedLocales: config.client.allowedLocales,
      customerAdministrator: isCustomerAdministrator(caller?.userGroups ?? []),
      // Decision 181: the corporate country choice by the embedded user's groups, else the configured country.
      userGroups: [...(caller?.userGroups ?? [])],
      configuredCountry: config.client.countryCode,
      // The product the application is for: a step offering to switch products keeps it offered.
      ...(creditConditions.productName ? { productName: creditConditions.productName } : {}),
      ...(creditConditions.loanAmount !== null ? { loanAmount: creditConditions.loanAmount } : {}),
      ...(creditConditions.loanPeriod !== null ? { loanPeriod: creditConditions.loanPeriod } : {}),
      ...(creditConditions.loanPurpose !== null ? { loanPurpose: creditConditions.loanPurpose } : {}),
      ...(Array.isArray(citizenships) ? { citizenships: citizenships.filter((code): code is string => typeof code === 'string') } : {}),
      ...(applicantCode ? { applicantPersonalCode: applicantCode } : {}),
      // Decision 180: the birth date of the person whose step it is (employment starts after 14).
      ...(birthDate ? { birthDate } : {}),
      // Decision 183: whether the company has liabilities (the business-data step's `company.hasLiabilities`).
      ...companyFacts(application.data),
    },
  };
}

/** What the corporate steps' rules read of the stored company (decision 183). */
function companyFacts(data: unknown): { hasLiabilities?: boolean } {
  const company = typeof data === 'object' && data !== null ? (data as { company?: unknown }).company : undefined;
  const hasLiabilities = typeof company === 'object' && company !== null ? (company as { hasLiabilities?: unknown }).hasLiabilities : undefined;
  return typeof hasLiabilities === 'boolean' ? { hasLiabilities } : {};
}

/** The person's birth date (yyyy-MM-dd): from the personal code where it carries one, else the declared one. */
function personBirthDate(country: CountryCode, person: PersonRow): string | undefined {
  const fromCode = person.personal_code ? birthDateFromPersonalCode(country, person.personal_code) : undefined;
  if (fromCode) return formatIsoDate(fromCode);
  const declared = person.declared_data['dateOfBirth'];
  return typeof declared === 'string' && parseIsoDate(declared) ? declared : undefined;
}

export async function submitStep(deps: AppDeps, owner: Owner, input: SubmitStepInput): Promise<TaskResponse> {
  assertExternalId(input.externalId);
  const { aroundSubmission, checkOutside } = hooksOf(input.submission.taskDefinitionKey);
  // Decision 186: an outside party is asked before the transaction, so its wait holds no database.
  await checkOutside?.({ deps, owner, externalId: input.externalId, taskKey: input.submission.taskDefinitionKey, submitted: input.submission.application });
  if (aroundSubmission) return aroundSubmission(deps, owner, input.externalId, () => submitTheStep(deps, owner, input));
  return submitTheStep(deps, owner, input);
}

async function submitTheStep(deps: AppDeps, owner: Owner, input: SubmitStepInput): Promise<TaskResponse> {
  const { externalId, submission, idempotencyKey } = input;
  const now = deps.clock();
  const hash = requestHash({ externalId, submission });
  return deps.db.transaction(async (tx) => {
    // Decision 207: the claim and the owned application's read are one statement.
    const claimed = idempotencyKey === undefined ? undefined : await claimKeyAndFindOwned(tx, externalId, owner, { key: idempotencyKey, requestHash: hash, now });
    if (idempotencyKey !== undefined && !claimed?.claimed) return replay(tx, owner, idempotencyKey, hash);
    const { application, role } = claimed?.application ? { application: claimed.application, role: 'APPLICANT' as const } : await accessOrNotFound(tx, externalId, owner, 'update');
    if (submission.version !== application.version) {
      throw new ApiError('VERSION_CONFLICT', 'The application changed since it was read; load it again.');
    }
    const taskKey = submission.taskDefinitionKey;
    const position = readProcess(application.process_state);
    if (taskKey !== application.task_key || !isTaskKey(taskKey) || position.done) {
      throw new ApiError('STEP_OUT_OF_ORDER', `The current step is not "${taskKey}".`);
    }
    assertTurn(position, role, taskKey);
    const hooks = hooksOf(taskKey);
    // Decision 134: going on without the statements, only where the bank allows a manual review.
    const uploadSkipped = uploadSkipOf(deps.config.businessDomain, taskKey, application.product_name, submission.variables);
    const personsBefore = await listPersons(tx, application.id);
    // The step's own refusals (a document missing, a contract unsigned...), whatever the client checked.
    await hooks.beforeSubmit?.({ deps, tx, owner, application, role, persons: personsBefore, uploadSkipped });
    const domain = deps.config.businessDomain;
    // The step's own contract: the same field table the form reads (src/steps/<taskKey>/contract.ts),
    // for the person whose step it is, checked against the product data the bank holds (with a
    // partner's terms for its goods).
    const stored = readApplicationData(application.data);
    const products = await productTableFor(tx, partnerScope(deps, owner), { regCode: stored.source.partner?.regCode, goodsName: stored.goodsName });
    const context = serverContractContext(deps, application, personsBefore, role, input.caller, products, now);
    // Decision 189: the partner's `canSignDigitally` decides whether a digital way to sign is accepted.
    if (!(await digitalSigningAllowed(deps, tx, owner, stored))) context.digitalSigning = false;
    const { contract } = stepContractOf(taskKey);
    // Decision 188: the staff fields of the source only with a customer administrator's token, refused otherwise.
    assertStepSourceAllowed(submission.application.applicationUpdates, input.caller);
    const accepted = parseOrFail(contract.payloadSchema(context), submission.application, 'The step has invalid fields.');
    const payload = v.parse(AppliedPayloadSchema, accepted);
    // A follow-up answered before and no longer asked (a PEP comment after "No") is not kept.
    const unanswered = Object.values(contract.fields(context))
      .filter((field) => 'when' in field && field.when !== undefined)
      .map((field) => field.path)
      .filter((path) => getAt(accepted, parsePath(path)) === undefined);
    // Decision 121: whether this step gives or changes the applicant's personal code.
    const codeBefore = role === 'APPLICANT' ? applicantCodeOf(personsBefore) : null;
    const applied = await applyStep(
      tx,
      { applicationId: application.id, businessDomain: domain, data: application.data, submitterRole: role, unanswered, featureFlags: deps.flags.enabled(), products },
      payload,
      now,
    );
    if (applied.invite) await inviteCoBorrower(deps, tx, application, applied.invite.person, applied.invite.email, now);
    // Decision 121: only the owner's own applications count (the applicant's steps are the owner's).
    const ownerFacts =
      role === 'APPLICANT'
        ? {
            ...applied.facts,
            hasOtherActiveApplication: await hasOtherActiveApplication(tx, owner, application.id, applied.persons),
            personalCodeChanged: applicantCodeOf(applied.persons) !== codeBefore,
          }
        : applied.facts;
    // Decision 152: section 4's Latvian reset of the statements on an update of any step that gives none.
    const updated = hooks.givesBankStatements ? applied.data : await statementsResetOnUpdate(tx, application, role, applied.data, now);
    // What the step adds to the data, and the facts only it gives (an offer's answer, the way to sign...).
    const effect = hooks.afterApply
      ? await hooks.afterApply({ deps, tx, owner, application, role, variables: submission.variables, submittedCustomData: payload.customData, data: updated, products, now })
      : { data: updated };
    const data = effect.data;
    const stepFacts = { ...ownerFacts, ...NO_STEP_FACTS, ...effect.facts, uploadSkipped, campaignAsksDocuments: false };
    const { next, data: decided } = await decideAndAdvance(deps, tx, {
      application,
      stored: position.state,
      eventOf: (facts) => ({ type: 'step.submitted', taskDefinitionKey: taskKey, facts }),
      // Decision 215: in test mode, the bank's outcomes the sandbox set for this session.
      facts: withSandboxOutcomes(
        { ...stepFacts, decision: null, statementsAwaitAnalysis: statementsAwaitAnalysis(data), returnsToMerchant: await returnsToRegisteredMerchant(deps, tx, owner, data) },
        await sandboxOutcomesOf(deps, tx, application.id, taskKey),
        taskKey,
      ),
      data,
      productName: applied.productName,
      persons: applied.persons,
      products,
      // Decision 134: an application sent on without statements is reviewed by a person, not the engine.
      mayDecide: !uploadSkipped,
    });
    const saved = await saveSubmittedStep(tx, application.id, {
      data: decided,
      productName: applied.productName,
      processState: next.state,
      taskKey: next.taskKey,
      processDone: next.done,
      now,
      ...(next.resumedStepCount !== undefined ? { stepCount: next.resumedStepCount } : {}),
    });
    // What was answered stays as the submitted task's draft, for Back to it (issue 8).
    if (submission.draft) await keepSubmittedDraft(tx, application.id, taskKey, submission.draft, now, role);
    // What the task reached needs drawn up first (a contract to sign, decisions 135 and 144).
    const { onReached } = hooksOf(saved.task_key);
    const reached = onReached ? await onReached({ deps, tx, owner, application: saved }) : saved;
    // Decision 172: a task that waits for the back office starts its check (answered at once when it takes no time).
    const current = await settleChecks(deps, tx, reached);
    const response = await taskResponseOf(tx, current, await forcedTaskKey(deps, tx, owner), role);
    if (idempotencyKey !== undefined) await completeIdempotencyKey(tx, owner, idempotencyKey, { status: 200, body: response });
    return response;
  });
}

async function replay(tx: Transaction, owner: Owner, key: string, hash: string): Promise<TaskResponse> {
  const record = await findIdempotencyKey(tx, owner, key);
  if (!record || record.request_hash !== hash) {
    throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for another request.');
  }
  // A claim is completed in the transaction that made it, so a visible one is always completed.
  return v.parse(TaskResponseSchema, record.response);
}

/** PUT .../{externalId}/step: the current task's draft, versioned apart from the application. */
export async function saveDraft(deps: AppDeps, owner: Owner, externalId: string, request: DraftSaveRequest): Promise<{ version: number }> {
  assertExternalId(externalId);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    // A share lock: a submission (which clears the draft) cannot slip in between check and write.
    const { application, role } = await accessOrNotFound(tx, externalId, owner, 'share');
    if (request.taskDefinitionKey !== application.task_key) {
      throw new ApiError('STEP_OUT_OF_ORDER', `The current step is not "${request.taskDefinitionKey}".`);
    }
    assertTurn(readProcess(application.process_state), role, request.taskDefinitionKey);
    const version = await writeDraft(tx, application.id, { taskKey: application.task_key, expectedVersion: request.version, data: request.data, role }, now);
    if (version === undefined) throw new ApiError('VERSION_CONFLICT', 'The draft was saved elsewhere since it was read.');
    return { version };
  });
}

/**
 * POST .../{externalId}/back: the browser's Back in the middle of the flow (issue 8). The process
 * goes back to the previous task where its definition marks that task returnable; the reply is
 * that task with what was answered on it. Refused with 409 STEP_OUT_OF_ORDER otherwise, and for a
 * stale version or a task that is not the current one (so a repeated Back cannot go back twice).
 */
export function returnToPreviousTask(deps: AppDeps, owner: Owner, externalId: string, request: ReturnRequest): Promise<TaskResponse> {
  return moveToAnEarlierTask(deps, owner, externalId, {
    version: request.version,
    fromTask: request.taskDefinitionKey,
    move: (position) => returnProcess(position.state),
    refusal: 'The previous step can no longer be changed.',
  });
}

/**
 * POST .../{externalId}/change (issue 11): from the check-answers page, back to an answered task
 * of the same person; once it is submitted the process comes back to the check-answers page
 * (unless the new answers lead to new questions, which are asked first).
 */
export function changeAnsweredTask(deps: AppDeps, owner: Owner, externalId: string, request: ChangeRequest): Promise<TaskResponse> {
  return moveToAnEarlierTask(deps, owner, externalId, {
    version: request.version,
    fromTask: request.fromTaskDefinitionKey,
    move: (position, stepCount) => changeProcess(position.state, request.taskDefinitionKey, stepCount),
    refusal: 'That answer can no longer be changed.',
  });
}

interface EarlierTaskMove {
  /** The application's version the caller read. */
  version: number;
  /** The task the caller is on: it must be the current one (a repeated request does not move twice). */
  fromTask: string;
  /** Where the process goes; throws ProcessReturnRefusedError where it may not. */
  move: (position: ProcessPosition, stepCount: number) => { position: ProcessPosition; stepCount: number };
  /** Why a refused move is refused (409 STEP_OUT_OF_ORDER). */
  refusal: string;
}

/** Back and Change: the same checks, the process moved to an earlier task, and that task answered. */
async function moveToAnEarlierTask(deps: AppDeps, owner: Owner, externalId: string, request: EarlierTaskMove): Promise<TaskResponse> {
  assertExternalId(externalId);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const { application, role } = await accessOrNotFound(tx, externalId, owner, 'update');
    if (request.version !== application.version) {
      throw new ApiError('VERSION_CONFLICT', 'The application changed since it was read; load it again.');
    }
    if (request.fromTask !== application.task_key) {
      throw new ApiError('STEP_OUT_OF_ORDER', `The current step is not "${request.fromTask}".`);
    }
    const position = readProcess(application.process_state);
    assertTurn(position, role, request.fromTask);
    let moved;
    try {
      moved = request.move(position, application.step_count);
    } catch (error) {
      if (error instanceof ProcessReturnRefusedError) throw new ApiError('STEP_OUT_OF_ORDER', request.refusal);
      throw error;
    }
    const saved = await saveReturnedStep(tx, application.id, {
      processState: moved.position.state,
      taskKey: moved.position.taskKey,
      stepCount: moved.stepCount,
      now,
    });
    return taskResponseOf(tx, saved, undefined, role);
  });
}

/**
 * GET .../{externalId}/answers?role=... (issue 11): what the caller answered on each task so far,
 * in the order answered, as the forms held it (each task's draft), for their check-answers page.
 */
export async function answersOf(deps: AppDeps, owner: Owner, externalId: string, role: StepRole): Promise<{ tasks: { taskDefinitionKey: string; data: Record<string, unknown> }[] }> {
  assertExternalId(externalId);
  return deps.db.transaction(async (tx) => {
    const { application } = await accessOrNotFound(tx, externalId, owner, undefined, role);
    const tasks = answeredTasks(readProcess(application.process_state).state, role);
    const drafts = await listDrafts(tx, application.id, role);
    return {
      tasks: tasks.flatMap((task) => {
        const draft = drafts.find((candidate) => candidate.task_key === task);
        // A page that asks nothing (the check-answers page itself) has no answers to list.
        return draft && Object.keys(draft.data).length > 0 ? [{ taskDefinitionKey: task, data: draft.data }] : [];
      }),
    };
  });
}

/**
 * POST .../{externalId}/continue?role=...: the current task with what is saved of it, as the role
 * sees it (section 7: the query names the role; the applicant by default). Section 4: the partner
 * redirect URL of the applicant's link is stored when none is stored yet, if it is one of the
 * partner's registered return addresses; any other is ignored (the continue itself goes on).
 */
export async function continueApplication(
  deps: AppDeps,
  owner: Owner,
  externalId: string,
  role: StepRole = 'APPLICANT',
  request: { webShopRedirectUri?: string | undefined } = {},
): Promise<TaskResponse> {
  assertExternalId(externalId);
  return deps.db.transaction(async (tx) => {
    const redirect = role === 'APPLICANT' ? request.webShopRedirectUri : undefined;
    let { application } = await accessOrNotFound(tx, externalId, owner, redirect ? 'update' : undefined, role);
    if (redirect) {
      const data = readApplicationData(application.data);
      const partnerId = data.source.partner?.id;
      const partner = partnerId && !data.processData?.webShopRedirectUri ? await partnerById(tx, partnerScope(deps, owner), partnerId) : undefined;
      if (partner && isRegisteredReturnAddress(redirect, partner.returnAddresses)) {
        const updated = {
          ...data,
          processData: { ...data.processData, webShopRedirectUri: redirect },
          source: { ...data.source, partner: { ...data.source.partner, id: partner.id, regCode: partner.regCode, redirectUrl: redirect } },
        };
        application = await saveApplicationData(tx, application.id, updated, deps.clock());
      }
    }
    // Decision 172: a look at an application that waits for the back office answers what is due.
    if (await checksWaiting(deps, tx, application)) {
      application = await settleChecks(deps, tx, (await accessOrNotFound(tx, externalId, owner, 'update', role)).application);
    }
    return taskResponseOf(tx, application, await forcedTaskKey(deps, tx, owner), role);
  });
}

/** What the server may say in `/?externalId=`'s HTML about the step it continues (decision 227). */
export interface ContinuedStep {
  taskKey: string;
  /** The applicant's language (the app follows it once the application is read), if known. */
  languageCode: string | null;
  channel: string | null;
}

/**
 * Decision 227: the step the app will show when `owner` continues `externalId` as its applicant, read
 * without changing anything (the continue call itself may settle checks or store a redirect). None
 * where the app's own continue could answer otherwise: not the owner's, a co-borrower's access, or a
 * task whose back-office check is due (the continue call moves it on first).
 */
export async function continuedStepOf(deps: AppDeps, owner: Owner, externalId: string): Promise<ContinuedStep | undefined> {
  if (!isExternalId(externalId)) return undefined;
  return deps.db.transaction(async (tx) => {
    const access = await findAccessibleApplication(tx, externalId, owner);
    if (!access || access.role !== 'APPLICANT') return undefined;
    if (await checksWaiting(deps, tx, access.application)) return undefined;
    const task = await taskResponseOf(tx, access.application, undefined, 'APPLICANT');
    const applicant = task.application.relatedPersons.persons.find((person) => person.role === 'APPLICANT');
    return { taskKey: task.taskDefinitionKey, languageCode: applicant?.languageCode ?? null, channel: task.application.source?.channel ?? null };
  });
}

/**
 * GET /api/v1/application/previous-external-id: the owner's newest unfinished application; with a
 * product (the link named one), the newest unfinished one of that product (decision 239).
 */
export async function previousExternalId(deps: AppDeps, owner: Owner, productName?: string): Promise<string | null> {
  return (await newestOpenApplication(deps.db, owner, productName)) ?? null;
}
