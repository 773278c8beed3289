import type { StateValue } from 'xstate';

/** Persisted state that no longer fits its definition (a definition changed under live data). */
export class ProcessStateError extends Error {
  override readonly name = 'ProcessStateError';
}

/**
 * The current task: the deepest active state. A process may nest (a co-borrower or refinancing
 * sub-flow as a compound state), but never runs two tasks at once (no parallel states).
 */
export function leafOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  const [only] = entries;
  if (entries.length !== 1 || !only) throw new ProcessStateError(`A process rests in ${JSON.stringify(value)}, which is not one task.`);
  return leafOf(only[1] as StateValue);
}

