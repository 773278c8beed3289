import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StepLogic, StepViewLoadResult } from '../../machines/application/application.actors';
import type { RuntimeConfig } from '../../core/wire/config.schema';
import { resolveStepVariant, type StepVariant, type VariantFacts } from '../../core/domain/step-variants';
import { isCorporate } from '../../core/domain/business-domains';
import { STEP_INDEX } from '../steps/_generated/step-index.gen';
import { opensCalculatorIn } from '../steps/_kit/step-meta';
import type { StepEntry, StepViewModule } from '../steps/_kit/step-registry-types';
import type { TaskKey } from '../steps/_generated/task-keys';
import type { AnyActorLogic } from 'xstate';
import { loadStepRegistry } from './step-registry';

/**
 * Routes that serve a task of the same name (section 4: "a route of the same name is tried"). Empty:
 * product selection, the one route named like a task, is a step of its own (chooseProduct).
 */
export const ROUTE_TASKS: Readonly<Record<string, string>> = {};

/** The spec's exact message for an unknown key (section 2). */
export function stepNotFoundMessage(key: string): string {
  return `Step with taskDefinitionKey "${key}" not found.`;
}

/**
 * Whether a task has a step (a folder). Read from the step index, not the contracts index: the app's
 * first page must not carry every step's rules, only what it needs to know of each step.
 */
export function hasStep(taskKey: string): taskKey is TaskKey {
  return Object.prototype.hasOwnProperty.call(STEP_INDEX, taskKey);
}

/**
 * The step's machines, if it has any, with the I/O provided. The app's I/O (step-actors.ts) loads
 * with the first step that has machines, beside them, not with the first page (decision 041).
 */
async function logicOf(entry: StepEntry, actors: Readonly<Record<string, AnyActorLogic>> | undefined): Promise<StepLogic | null> {
  if (!entry.logic) return null;
  const [logic, app] = await Promise.all([entry.logic(), import('./step-actors')]);
  return app.provideStepLogic(logic.default, actors ?? app.STEP_ACTORS);
}

async function entryOf(taskKey: TaskKey): Promise<StepEntry> {
  return (await loadStepRegistry()).STEP_REGISTRY[taskKey];
}

/** The variant of a step this applicant sees (core/domain/step-variants.ts), from its view files. */
export function variantOf(taskKey: TaskKey, facts: VariantFacts): StepVariant {
  return resolveStepVariant(STEP_INDEX[taskKey].variants, facts);
}

const loadedViews = new Map<string, Promise<StepViewModule>>();
/** The step views whose chunk has arrived, by `taskKey:variant`: rendered at once, without a Suspense reveal (issue 26). */
const readyViews = new Map<string, ComponentType>();
const screens = new Map<string, LazyExoticComponent<ComponentType>>();

/** Starts (once) loading a step's view chunk; a failed chunk is not cached, so it can load later. */
export function loadStepView(taskKey: TaskKey, variant: StepVariant): Promise<StepViewModule> {
  const id = `${taskKey}:${variant}`;
  let promise = loadedViews.get(id);
  if (!promise) {
    promise = entryOf(taskKey)
      .then(({ views }) => (views[variant] ?? views.default)())
      .then((module) => {
        readyViews.set(id, module.default);
        return module;
      })
      .catch((error: unknown) => {
        loadedViews.delete(id);
        throw error;
      });
    loadedViews.set(id, promise);
  }
  return promise;
}

/**
 * The step variant's screen if its chunk has already arrived, else undefined. The step page renders
 * it directly: a lazy component suspends on its first render even when its chunk is there, and
 * React then holds the screen back for its Suspense fallback throttle (300 ms, issue 26).
 */
export function loadedStepScreen(taskKey: TaskKey, variant: StepVariant): ComponentType | undefined {
  return readyViews.get(`${taskKey}:${variant}`);
}

/**
 * Issue 26: loads a step that may come next, its view in this applicant's variant and its own
 * machines (step-preload.ts decides which, when the browser is idle).
 */
export function preloadStep(taskKey: TaskKey, facts: VariantFacts): Promise<unknown> {
  return Promise.all([loadStepView(taskKey, variantOf(taskKey, facts)), entryOf(taskKey).then((entry) => entry.logic?.())]);
}

/** The lazy screen of a step variant, made once; its chunk is the one `loadStepView` loads (where it has not arrived yet). */
export function stepScreen(taskKey: TaskKey, variant: StepVariant): LazyExoticComponent<ComponentType> {
  const id = `${taskKey}:${variant}`;
  let screen = screens.get(id);
  if (!screen) {
    screen = lazy(() => loadStepView(taskKey, variant));
    screens.set(id, screen);
  }
  return screen;
}

export interface StepLoadInput {
  taskKey: string;
  externalId: string | null;
  /** Who sees the step, for its variant. */
  role: string;
  channel: string | null;
}

/**
 * Section 4: load the step's view (and its logic, with the app's actors); if there is no such step,
 * try a route of the same name; else, where the fallback is enabled (Estonian retail only), go to
 * the fallback loan application URL with the query plus redirected=true and externalId; else fail
 * with the step-not-found error.
 */
export async function loadStep(
  input: StepLoadInput,
  config: Pick<RuntimeConfig, 'businessDomain' | 'countryCode' | 'fallbackLoanApplicationUrl'>,
  currentSearch: string,
  routeTasks: Readonly<Record<string, string>> = ROUTE_TASKS,
  /** The I/O given to the step's machines (tests give fakes); by default the app's (step-actors.ts). */
  actors?: Readonly<Record<string, AnyActorLogic>>,
): Promise<StepViewLoadResult> {
  if (hasStep(input.taskKey)) {
    const { meta } = STEP_INDEX[input.taskKey];
    const variant = variantOf(input.taskKey, { country: config.countryCode, role: input.role, channel: input.channel, corporate: isCorporate(config.businessDomain) });
    try {
      const [, logic] = await Promise.all([loadStepView(input.taskKey, variant), entryOf(input.taskKey).then((entry) => logicOf(entry, actors))]);
      return {
        outcome: 'loaded',
        variant,
        terminal: meta.terminal,
        logic,
        calculator: { opensOnStart: opensCalculatorIn(meta, variant), amountEditable: meta.calculatorAmountEditable ?? true },
        resubmitsOnForward: meta.resubmitsOnForward ?? false,
      };
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
