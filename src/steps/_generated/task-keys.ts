/**
 * The task definition keys the product handles: the step folders (section 4 names the keys). Derived
 * from the generated contracts index, so a key exists exactly when its folder does. Pure: the
 * reference API's process definitions and payload checks use it.
 */
import { STEP_CONTRACTS } from './contracts.gen';
import type { StepContractEntry } from './step-contract-entry';

export type TaskKey = Extract<keyof typeof STEP_CONTRACTS, string>;

export const TASK_KEYS = Object.keys(STEP_CONTRACTS) as TaskKey[];

export function isTaskKey(value: string): value is TaskKey {
  return Object.prototype.hasOwnProperty.call(STEP_CONTRACTS, value);
}

export function stepContractOf(key: TaskKey): StepContractEntry {
  return STEP_CONTRACTS[key];
}
