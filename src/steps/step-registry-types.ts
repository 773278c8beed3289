import type { ComponentType } from 'react';
import type { StepLogic } from '../../machines/application/application.actors';
import type { StepVariant } from '../domain/step-variants';
import type { StepMeta } from './step-meta';
import type { TaskKey } from './task-keys';

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

export interface StepEntry {
  readonly meta: StepMeta;
  readonly views: { readonly default: ViewLoader } & Partial<Record<StepVariant, ViewLoader>>;
  readonly logic?: () => Promise<StepLogicModule>;
}

/** The generated registry (registry.gen.ts) has an entry for every task key, and no other. */
export type StepRegistry = Record<TaskKey, StepEntry>;
