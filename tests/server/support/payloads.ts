import type { TaskResponse } from '../../../core/wire/application.schema';
import type { StepSubmission } from '../../../core/wire/process.schema';
import * as v from 'valibot';
import type { BusinessDomain } from '../../../core/domain/business-domains';
import type { StepRole } from '../../../core/domain/persons';
import { isTaskKey, stepContractOf } from '../../../src/steps/_generated/task-keys';
import type { ApiClient } from './api-client';

/**
 * A valid Estonian applicant. 38001085718: weights 1..9,1 give 3+16+0+0+5+0+56+40+63+1 = 184,
 * 184 mod 11 = 8, the check digit.
 */
export const MARI = {
  personalCode: '38001085718',
  firstName: 'Mari',
  surname: 'Maasikas',
  email: 'mari.maasikas@example.com',
  phoneNumber: { code: '+372', number: '51234567' },
} as const;

export const CREATE_REQUEST = {
  application: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, languageCode: 'est' },
};

export function createApplicationStep(version: number, overrides: { email?: string; personalCode?: string; loanAmount?: number } = {}): StepSubmission {
  return {
    taskDefinitionKey: 'createApplicationStep',
    version,
    application: {
      applicationUpdates: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: overrides.loanAmount ?? 5000, loanPeriod: 36 } },
      personUpdates: [
        {
          role: 'APPLICANT',
          languageCode: 'est',
          personalCode: overrides.personalCode ?? MARI.personalCode,
          declaredData: {
            firstName: MARI.firstName,
            surname: MARI.surname,
            email: overrides.email ?? MARI.email,
            phoneNumber: MARI.phoneNumber,
          },
          consents: { dataProcessing: true, marketing: false },
        },
      ],
      addRelations: [],
      customData: {},
    },
    variables: {},
  };
}

export const stepPath = (externalId: string) => `/api/v1/application-process/${externalId}/step`;
export const continuePath = (externalId: string) => `/api/v1/application-process/${externalId}/continue?role=applicant`;

export async function createApplication(client: ApiClient): Promise<TaskResponse> {
  const reply = await client.post<{ data: TaskResponse }>('/api/v1/application-process', CREATE_REQUEST);
  if (reply.status !== 201) throw new Error(`create answered ${reply.status}: ${reply.text}`);
  return reply.body.data;
}

/** Where a walk through a process starts from, and what it answers differently from the examples. */
export interface WalkOptions {
  domain?: BusinessDomain;
  role?: StepRole;
  /** The application's loan (the contracts of later steps read it, as the server does). */
  productName?: string;
  loanAmount?: number;
  loanPeriod?: number;
  /** The application's channel (section 3), which some contracts read (the partner short flow, decision 097). */
  channel?: string;
  loanPurpose?: string;
  /** The person's citizenships, as the app reads them from its own person in the task response (decision 122). */
  citizenships?: readonly string[];
  /** Form values per task, over the contract's own example. */
  values?: Partial<Record<string, Record<string, unknown>>>;
  /** Stop when the process shows this task (default: when it ends or waits for someone else). */
  until?: string;
}

/**
 * The submission of a step answered with its contract's own example (the generic contract test's
 * valid answer), built the way the form builds it: typed values read in English, then the payload.
 */
export function exampleSubmission(taskKey: string, version: number, options: WalkOptions = {}): StepSubmission {
  if (!isTaskKey(taskKey)) throw new Error(`No step ${taskKey}`);
  const { contract } = stepContractOf(taskKey);
  const context = {
    domain: options.domain ?? 'retail-banking-ee',
    role: options.role ?? 'APPLICANT',
    locale: 'en' as const,
    ...(options.productName ? { productName: options.productName } : {}),
    ...(options.channel ? { channel: options.channel } : {}),
    prefill: {
      ...(options.productName ? { productName: options.productName } : {}),
      ...(options.loanAmount !== undefined ? { loanAmount: options.loanAmount } : {}),
      ...(options.loanPeriod !== undefined ? { loanPeriod: options.loanPeriod } : {}),
      ...(options.loanPurpose !== undefined ? { loanPurpose: options.loanPurpose } : {}),
      ...(options.citizenships !== undefined ? { citizenships: options.citizenships } : {}),
    },
  };
  const values = { ...(contract.example?.(context) ?? {}), ...options.values?.[taskKey] };
  const wire = v.parse(contract.formSchema(context) as v.GenericSchema, values);
  // Like the app, the form values go along as the step's draft (Back and check answers read them).
  return { taskDefinitionKey: taskKey, version, application: contract.toPayload(wire as never, context), variables: {}, draft: values };
}

/** Signs the application's contract through the sandbox Smart-ID provider (a signed contract at the first poll). */
export async function signWithSandboxSmartId(client: ApiClient, externalId: string): Promise<void> {
  await client.post('/api/sandbox/signing/smart-id', { result: 'SIGNED_CONTRACT', runningPolls: 0 });
  const started = await client.post(`/api/v1/application/${externalId}/signing`, { method: 'SMART_ID' });
  if (started.status !== 200) throw new Error(`Smart-ID start answered ${started.status}: ${started.text}`);
  const polled = await client.post<{ data: { status: string } }>(`/api/v1/application/${externalId}/signing/status`);
  if (polled.body.data.status !== 'SIGNED_CONTRACT') throw new Error(`Smart-ID answered ${polled.text}`);
}

/**
 * Answers each task the process shows with its example until it shows `until`, ends, or shows the
 * waiting page (the other person's turn). Answers the last task shown and the tasks answered.
 */
export async function walk(client: ApiClient, from: TaskResponse, options: WalkOptions = {}): Promise<{ task: TaskResponse; answered: string[] }> {
  let task = from;
  const answered: string[] = [];
  const ends = new Set([
    'viewAdditionalDataSubmitted',
    'viewContractSigned',
    'viewThankYouPage',
    'viewWaitingPage',
    'readNegativeDecision',
    'readUndecidedDecision',
    'readUndecidedHousingLoanDecision',
    // Decision 175: the partner short flow's end and the duplicate found at the create step.
    'viewShortApplicationSubmitted',
    'viewDuplicateApplication',
  ]);
  for (let guard = 0; guard < 30; guard++) {
    if (task.taskDefinitionKey === options.until || ends.has(task.taskDefinitionKey)) return { task, answered };
    const { creditConditions } = task.application;
    const role = options.role ?? 'APPLICANT';
    const citizenships = task.application.relatedPersons.persons.find((person) => person.role === role)?.declaredData?.citizenships;
    const submission = exampleSubmission(task.taskDefinitionKey, task.version, {
      productName: creditConditions.productName ?? undefined,
      loanAmount: creditConditions.loanAmount ?? undefined,
      loanPeriod: creditConditions.loanPeriod ?? undefined,
      loanPurpose: creditConditions.loanPurpose ?? undefined,
      ...(citizenships ? { citizenships } : {}),
      ...options,
    });
    // Issue 12: the signing step goes on only once the contract is signed: signed with the sandbox Smart-ID first.
    if (task.taskDefinitionKey === 'viewContractConditions') await signWithSandboxSmartId(client, task.externalId);
    const reply = await client.post<{ data: TaskResponse }>(stepPath(task.externalId), submission);
    if (reply.status !== 200) throw new Error(`${task.taskDefinitionKey} answered ${reply.status}: ${reply.text}`);
    answered.push(task.taskDefinitionKey);
    task = reply.body.data;
  }
  throw new Error('The walk did not end');
}

/** Sends an application's create step and every later one (no co-applicant): approved, offer accepted, contract signed, it ends on the contract-signed page. */
export async function finish(client: ApiClient, created: TaskResponse): Promise<TaskResponse> {
  const sent = await client.post<{ data: TaskResponse }>(stepPath(created.externalId), createApplicationStep(created.version));
  if (sent.status !== 200) throw new Error(`create step answered ${sent.status}: ${sent.text}`);
  const { task } = await walk(client, sent.body.data, { values: { submitBackgroundData: { hasCoApplicant: 'no' } } });
  if (task.taskDefinitionKey !== 'viewContractSigned') throw new Error(`the walk ended on ${task.taskDefinitionKey}`);
  return task;
}
