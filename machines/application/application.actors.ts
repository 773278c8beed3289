/**
 * What the application machine needs from the outside world, as types only. The app provides the
 * implementations (`src/app/application-actors.ts`) with `machine.provide({ actors })`; tests provide
 * fakes. No I/O lives in `machines/`.
 */
import type { TaskResponse, Draft } from '../../src/api/schemas/application.schema';
import type { StepSubmission } from '../../src/api/schemas/process.schema';
import type { FieldErrors } from '../../src/api/schemas/envelope.schema';
import type { Locale } from '../../src/domain/languages';

export type { TaskResponse, Draft, StepSubmission, FieldErrors };

/** Errors carried in context: a typed union, never `any`. */
export type AppError =
  | { kind: 'network'; message: string }
  | { kind: 'timeout'; message: string }
  | { kind: 'validation'; message: string; fieldErrors: FieldErrors }
  | { kind: 'conflict'; message: string }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'not-found'; message: string }
  | { kind: 'server'; message: string; status?: number; code?: string }
  | { kind: 'step-not-found'; message: string; taskKey: string }
  | { kind: 'chunk'; message: string }
  | { kind: 'config'; message: string };

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
}

export interface CreateApplicationInput {
  start: StartParameters;
  /** The interface language the applicant is using (mapped to eng/est/... by the provider). */
  languageCode: Locale;
}

export interface SubmitStepInput {
  externalId: string;
  submission: StepSubmission;
  idempotencyKey: string;
}

export interface SaveDraftInput {
  externalId: string;
  taskDefinitionKey: string;
  version: number;
  data: Record<string, unknown>;
}

/** How loading a step view ended when it did not load (section 4's fallback rules). */
export type StepViewLoadResult =
  | { outcome: 'loaded' }
  /** No screen for the key: a route of the same name exists and is tried instead. */
  | { outcome: 'route'; path: string }
  /** Estonian retail only: go to the fallback loan application URL. */
  | { outcome: 'fallback'; url: string };
