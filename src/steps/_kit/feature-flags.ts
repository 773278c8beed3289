/**
 * Section 6's feature flags on the client (decision 191): the one module every screen, page and
 * contract context reads them through. Which are on is the server's check-flag service's answer,
 * delivered with the runtime configuration the app starts with (`features` of
 * GET /api/v1/runtime-config: the same answers as GET /api/v1/features/check-all-flags), so no
 * screen waits for a flag call of its own.
 */
import type { FeatureFlag } from '../../../core/domain/feature-flags';
import { useRuntimeConfig } from './runtime-config-context';

/** The flags as the runtime configuration answers them (missing: all off). */
export type FlagAnswers = Readonly<Record<string, boolean>> | null | undefined;

/** Whether the flag is on; a flag the server did not answer is off. */
export function isFlagOn(features: FlagAnswers, flag: FeatureFlag): boolean {
  return features?.[flag] === true;
}

/**
 * The flags that are on, as the step contracts read them (`ContractContext.flags`). The server
 * answers only its own names; a name this build does not know is asked by no contract.
 */
export function enabledFlags(features: FlagAnswers): ReadonlySet<string> {
  return new Set(Object.entries(features ?? {}).flatMap(([flag, on]) => (on === true ? [flag] : [])));
}

/** A screen's or page's view of one flag. */
export function useFeatureFlag(flag: FeatureFlag): boolean {
  return isFlagOn(useRuntimeConfig().features, flag);
}
