import type { StepViewLoadResult } from '../../machines/application/application.actors';
import type { RuntimeConfig } from '../api/schemas/config.schema';
import { isTaskKey } from '../domain/task-keys';
import { loadStepModule } from '../steps/registry';

/**
 * Routes that serve a task of the same name (section 4: "a route of the same name is tried"). Empty
 * until such a route exists (the product-selection route arrives with the products issue).
 */
export const ROUTE_TASKS: Readonly<Record<string, string>> = {};

/** The spec's exact message for an unknown key (section 2). */
export function stepNotFoundMessage(key: string): string {
  return `Step with taskDefinitionKey "${key}" not found.`;
}

/**
 * Section 4: load the step's view; if it cannot load, try a route of the same name; else, where the
 * fallback is enabled (Estonian retail only), go to the fallback loan application URL with the query
 * plus redirected=true and externalId; else fail with the step-not-found error.
 */
export async function loadStepView(
  input: { taskKey: string; externalId: string | null },
  config: RuntimeConfig,
  currentSearch: string,
  routeTasks: Readonly<Record<string, string>> = ROUTE_TASKS,
): Promise<StepViewLoadResult> {
  if (isTaskKey(input.taskKey)) {
    try {
      await loadStepModule(input.taskKey);
      return { outcome: 'loaded' };
    } catch (cause) {
      throw { kind: 'chunk', message: cause instanceof Error ? cause.message : String(cause) };
    }
  }
  const route = routeTasks[input.taskKey];
  if (route) return { outcome: 'route', path: route };
  if (config.businessDomain === 'retail-banking-ee' && config.fallbackLoanApplicationUrl) {
    const url = new URL(config.fallbackLoanApplicationUrl);
    new URLSearchParams(currentSearch).forEach((value, name) => url.searchParams.set(name, value));
    url.searchParams.set('redirected', 'true');
    if (input.externalId) url.searchParams.set('externalId', input.externalId);
    return { outcome: 'fallback', url: url.toString() };
  }
  throw { kind: 'step-not-found', taskKey: input.taskKey, message: stepNotFoundMessage(input.taskKey) };
}
