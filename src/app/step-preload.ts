/**
 * Issue 26 (decision 192): once a step shows, the chunks of the steps that can follow it load while
 * the browser is idle, so the next step renders the moment the server names it. This module and the
 * table it reads (`_generated/next-steps.gen.ts`, generated from the process definitions) are a chunk
 * of their own, loaded when a step shows: never the first page's weight. It imports nothing else
 * (the loader comes in as `load`), so no module is shared with the first page and split off it.
 */
import type { TaskKey } from '../steps/_generated/task-keys';
import { NEXT_STEPS } from '../steps/_generated/next-steps.gen';

/** The steps that can follow `taskKey` in any process (none for an unknown key). */
export function nextStepsOf(taskKey: string): readonly TaskKey[] {
  return Object.prototype.hasOwnProperty.call(NEXT_STEPS, taskKey) ? (NEXT_STEPS[taskKey as TaskKey] ?? []) : [];
}

/**
 * Starts loading, with `load`, every step that can follow `taskKey`. A failure is left to the step's
 * own load, which asks again.
 */
export function preloadNextSteps(taskKey: string, load: (next: TaskKey) => Promise<unknown>): Promise<unknown> {
  return Promise.allSettled(nextStepsOf(taskKey).map((next) => load(next)));
}

/**
 * `preloadNextSteps` when the browser is next idle (at most 2 s later) after the step has been
 * painted; returns the cancel. After the paint (decision 198): a preload started in the step's own
 * first frame competes with what that frame still loads, and Lighthouse counts every request begun
 * before the largest paint as the page's.
 */
export function preloadWhenIdle(taskKey: string, load: (next: TaskKey) => Promise<unknown>): () => void {
  const preload = () => void preloadNextSteps(taskKey, load);
  let cancel: () => void = () => undefined;
  const whenIdle = () => {
    if (typeof requestIdleCallback !== 'function') {
      const id = setTimeout(preload, 200);
      cancel = () => clearTimeout(id);
      return;
    }
    const id = requestIdleCallback(preload, { timeout: 2000 });
    cancel = () => cancelIdleCallback(id);
  };
  if (typeof requestAnimationFrame !== 'function') {
    whenIdle();
    return () => cancel();
  }
  // The frame callback runs before the paint; the task it queues runs after it.
  const frame = requestAnimationFrame(() => {
    const afterPaint = setTimeout(whenIdle, 0);
    cancel = () => clearTimeout(afterPaint);
  });
  cancel = () => cancelAnimationFrame(frame);
  return () => cancel();
}
