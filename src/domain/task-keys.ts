/**
 * The task definition keys the product handles, in one table shared by the client (step registry)
 * and the reference API (process definitions). Section 4 names the keys; a key is added here in the
 * same change that adds its screen, so the registry's `Record<TaskKey, ...>` type fails the build
 * when a key has no screen.
 */
export const TASK_KEYS = {
  createApplicationStep: { kind: 'data', terminal: false },
  viewThankYouPage: { kind: 'thank-you', terminal: true },
} as const satisfies Record<string, { kind: 'data' | 'thank-you' | 'decision'; terminal: boolean }>;

export type TaskKey = keyof typeof TASK_KEYS;

export function isTaskKey(value: string): value is TaskKey {
  return Object.prototype.hasOwnProperty.call(TASK_KEYS, value);
}

export function isTerminalTask(key: string): boolean {
  return isTaskKey(key) && TASK_KEYS[key].terminal;
}
