import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TaskKey } from '../domain/task-keys';

/** What every step screen module exports. */
export interface StepModule {
  default: ComponentType;
}

/**
 * Task definition key to its screen, each a lazy chunk (section 4: "the step view loads"). Typed as
 * a Record over every TaskKey, so a key without a screen fails the build; an unknown key arriving at
 * run time is the loader's "not found" error.
 */
const STEP_IMPORTS: Record<TaskKey, () => Promise<StepModule>> = {
  createApplicationStep: () => import('./createApplicationStep/create-application-step.view'),
  viewThankYouPage: () => import('./viewThankYouPage/view-thank-you-page.view'),
};

const loaded = new Map<TaskKey, Promise<StepModule>>();

/** Starts (once) loading a step's chunk; the same promise backs the lazy component. */
export function loadStepModule(key: TaskKey): Promise<StepModule> {
  let promise = loaded.get(key);
  if (!promise) {
    promise = STEP_IMPORTS[key]().catch((error: unknown) => {
      // A failed chunk may succeed later (after reconnecting): do not cache the failure.
      loaded.delete(key);
      throw error;
    });
    loaded.set(key, promise);
  }
  return promise;
}

/** The lazy screen of every task key, made once at start-up (each chunk loads on first use). */
export const STEP_SCREENS = Object.fromEntries(
  (Object.keys(STEP_IMPORTS) as TaskKey[]).map((key) => [key, lazy(() => loadStepModule(key))]),
) as Record<TaskKey, LazyExoticComponent<ComponentType>>;

