import type { ComponentType } from 'react';
import type { I18n } from '@lingui/core';
import type { StepLogic } from '../../../machines/application/application.actors';
import type { StepVariant } from '../../../core/domain/step-variants';
import type { StepMeta } from './step-meta';
import type { TaskKey } from '../_generated/task-keys';

/** What a step's `view.tsx` (and each `view.<variant>.tsx`) exports. */
export interface StepViewModule {
  default: ComponentType;
}

/**
 * A step's own machines (its `logic.ts` default export), by the id they run under. The application
 * machine runs them while the step is shown, with the app's actors provided (src/app/step-actors.ts).
 */
export type { StepLogic };

export interface StepLogicModule {
  default: StepLogic;
}

type ViewLoader = () => Promise<StepViewModule>;

/** One answer as the check-answers page lists it (GOV.UK summary list): the question and the answer, translated. */
export interface SummaryRow {
  /** The form field the answer belongs to, for the change link's focus. */
  field: string;
  question: string;
  answer: string;
}

/** A step's `summary.tsx`: its heading on the summary, and its answers (the form values as typed) as rows. */
export interface StepSummary {
  /** The section's heading; `values` for a step asked differently by domain (the corporate financial data). */
  title: (i18n: I18n, values?: Readonly<Record<string, unknown>>) => string;
  rows: (values: Readonly<Record<string, unknown>>, i18n: I18n) => SummaryRow[];
}

export interface StepSummaryModule {
  default: StepSummary;
}

export interface StepEntry {
  readonly meta: StepMeta;
  readonly views: { readonly default: ViewLoader } & Partial<Record<StepVariant, ViewLoader>>;
  readonly logic?: () => Promise<StepLogicModule>;
  readonly summary?: () => Promise<StepSummaryModule>;
}

/** The generated registry (registry.gen.ts) has an entry for every task key, and no other. */
export type StepRegistry = Record<TaskKey, StepEntry>;

/** What the first page knows of a step (step-index.gen.ts): its meta and which view variants it has. */
export interface StepIndexEntry {
  readonly meta: StepMeta;
  readonly variants: readonly ['default', ...StepVariant[]];
}

/** The generated index has an entry for every task key, and no other. */
export type StepIndex = Record<TaskKey, StepIndexEntry>;
