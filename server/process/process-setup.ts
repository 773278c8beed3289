import { assign, setup } from 'xstate';
import type { BusinessDomain } from '../../src/domain/business-domains';
import type { TaskKey } from '../../src/domain/task-keys';

/**
 * What a process decides from: facts read from the application after a submission was applied.
 * Deliberately small and free of personal data, because the process context is persisted with it.
 */
export interface ApplicationFacts {
  productName: string;
  /** Roles of the related persons, one entry per person (section 3). */
  personRoles: readonly string[];
  /** Whether the applicant has given a personal code (kept server-side, never in the facts). */
  applicantHasPersonalCode: boolean;
}

export interface ProcessContext {
  businessDomain: BusinessDomain;
  productName: string;
}

export type ProcessInput = ProcessContext;

/** The only event a process receives: a step was submitted and applied to the application. */
export interface StepSubmittedEvent {
  type: 'step.submitted';
  taskDefinitionKey: TaskKey;
  facts: ApplicationFacts;
}

/**
 * The shared vocabulary of every process definition (section 4: the server decides which step
 * comes next). Each definition is `processSetup.createMachine(...)` whose state names are task keys,
 * so the state a process rests in *is* the current task.
 */
export const processSetup = setup({
  types: {
    context: {} as ProcessContext,
    events: {} as StepSubmittedEvent,
    input: {} as ProcessInput,
  },
  guards: {
    /** Defence in depth: the API already refuses an out-of-order step before the process sees it. */
    isSubmissionOf: ({ event }, params: { taskKey: TaskKey }) => event.taskDefinitionKey === params.taskKey,
    hasApplicant: ({ event }) => event.facts.personRoles.includes('APPLICANT') && event.facts.applicantHasPersonalCode,
  },
  actions: {
    recordProduct: assign({ productName: ({ event }) => event.facts.productName }),
  },
});
