/**
 * What the application machine needs from the outside world, as types only. The app provides the
 * implementations (`src/app/application-actors.ts`) with `machine.provide({ actors })`; tests provide
 * fakes. No I/O lives in `machines/`.
 */
import type { TaskResponse, Draft } from '../../src/api/schemas/application.schema';
import type { StepSubmission } from '../../src/api/schemas/process.schema';
import type { FieldErrors } from '../../src/api/schemas/envelope.schema';
import type { AnyActorLogic } from 'xstate';
import type { BusinessDomain, CountryCode } from '../../src/domain/business-domains';
import type { Locale } from '../../src/domain/languages';
import type { AppError } from '../../src/domain/app-error';
import type { StepRole } from '../../src/domain/persons';

export type { TaskResponse, Draft, StepSubmission, FieldErrors, AppError };

/** What the applicant chose before an application exists (query string, calculator). */
export interface StartParameters {
  externalId?: string;
  productName?: string;
  loanAmount?: number;
  loanPeriod?: number;
  loanPurpose?: string;
  /** Partner and tracking parameters read from the query (section 3). */
  partner?: Record<string, string>;
  tracking?: Record<string, string>;
  /** Section 5: the campaign code of the query, trimmed and upper-cased (it prefills the field). */
  campaignCode?: string;
  /** Section 6: the embedded user is a customer administrator (their own section is asked). */
  customerAdministrator?: boolean;
}

export interface CreateApplicationInput {
  start: StartParameters;
  /** The interface language the applicant is using (mapped to eng/est/... by the provider). */
  languageCode: Locale;
}

/** A submission; the provided actor gives it one idempotency key that all its retries reuse. */
export interface SubmitStepInput {
  externalId: string;
  submission: StepSubmission;
}

/** Continue an existing application as this person (section 7's role query). */
export interface ContinueApplicationInput {
  externalId: string;
  role: StepRole;
}

/** A change link of the check-answers page (issue 11): from the summary back to an answered task. */
export interface ChangeTaskInput {
  externalId: string;
  taskDefinitionKey: string;
  /** The task being left (the summary), and the application version it was read at. */
  fromTaskDefinitionKey: string;
  version: number;
}

/** Back (issue 8): return from the current task to the previous one, where the process allows it. */
export interface ReturnToTaskInput {
  externalId: string;
  /** The task being left, and the application version it was read at. */
  taskDefinitionKey: string;
  version: number;
}

export interface SaveDraftInput {
  externalId: string;
  taskDefinitionKey: string;
  version: number;
  data: Record<string, unknown>;
}

/**
 * A step's own machines (its `logic.ts`), by the id they run under as children of the application
 * machine while the step is shown, with the app's actors already provided.
 */
export type StepLogic = Readonly<Record<string, AnyActorLogic>>;

/** What every step's logic is started with. */
export interface StepLogicInput {
  businessDomain: BusinessDomain;
  country: CountryCode;
  locale: Locale;
  /** The application, once it exists (steps that read more of it, e.g. the answers). */
  externalId: string | null;
  /** Whose step it is. */
  role: StepRole;
}

export interface LoadStepInput {
  taskKey: string;
  externalId: string | null;
  /** Whose step it is and through which channel: they choose the step's variant. */
  role: string;
  channel: string | null;
}

/** How loading a step view ended (section 4's fallback rules when it did not load). */
export type StepViewLoadResult =
  /** `variant`: which of the step's views is shown (src/domain/step-variants.ts). */
  | { outcome: 'loaded'; variant: string; terminal: boolean; logic: StepLogic | null }
  /** No screen for the key: a route of the same name exists and is tried instead. */
  | { outcome: 'route'; path: string }
  /** Estonian retail only: go to the fallback loan application URL. */
  | { outcome: 'fallback'; url: string };
