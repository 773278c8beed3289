/**
 * The steps' loaders, loaded apart from the first page (see loadStepRegistry). Its own module, so the
 * step loader and the steps' actors (the check-answers page's summaries) share one load.
 */
import type { StepRegistry } from '../steps/_kit/step-registry-types';

type RegistryModule = { STEP_REGISTRY: StepRegistry };

let registry: Promise<RegistryModule> | null = null;

/**
 * The steps' loaders (views, logic, summaries): a chunk of their own, so the first page does not
 * grow with every step (decision 041). Asked for as the app starts, so it is there by the time the
 * first step loads; a failed load is not kept, so the next step load tries again.
 */
export function loadStepRegistry(): Promise<RegistryModule> {
  registry ??= import('../steps/_generated/registry.gen').catch((error: unknown) => {
    registry = null;
    throw error;
  });
  return registry;
}
