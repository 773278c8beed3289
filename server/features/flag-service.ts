/**
 * The check-flag service (section 6: "flags come from a check-flag service"; decision 191). Every
 * reader on the server asks it, and so do the routes of section 7 (`/api/v1/features/check-flag`,
 * `check-flags`, `check-all-flags`) and the runtime configuration the app reads its flags from.
 *
 * Its default and only implementation is the environment (`FEATURE_FLAGS`, read once in
 * server/config.ts, plus `captcha` from `CAPTCHA_ENABLED`). A remote flag service would be another
 * implementation of this interface (a provider adapter with its simulator, decision 166); none is
 * built, as none exists to speak to: decision 191.
 */
import type { SolisConfig } from '../config';
import type { BusinessDomain } from '../../core/domain/business-domains';
import { FEATURE_FLAGS, isFeatureFlag, type FeatureFlag } from './feature-flags';

/** What a flag may be decided for. The environment's flags are the same for everyone. */
export interface FlagContext {
  businessDomain?: BusinessDomain;
  productName?: string | null;
}

export interface FlagService {
  /** Whether the flag is on; an unknown name is off (a client may ask about a later release's flag). */
  isEnabled(name: string, context?: FlagContext): boolean;
  /** Every flag of section 6, on or off. */
  all(context?: FlagContext): Record<FeatureFlag, boolean>;
  /** The flags that are on: what the step contracts and the process facts read. */
  enabled(context?: FlagContext): ReadonlySet<FeatureFlag>;
}

/** The environment's flags: the names `FEATURE_FLAGS` lists, and `captcha` when `CAPTCHA_ENABLED`. */
export function environmentFlagService(config: Pick<SolisConfig, 'featureFlags' | 'captcha'>): FlagService {
  // `captcha` is the provider's switch alone (server/config.ts refuses it in FEATURE_FLAGS).
  const on = new Set<FeatureFlag>([...config.featureFlags].filter((flag) => flag !== 'captcha'));
  if (config.captcha.enabled) on.add('captcha');
  const frozen: ReadonlySet<FeatureFlag> = on;
  const all = Object.freeze(Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, on.has(flag)])) as Record<FeatureFlag, boolean>);
  return {
    isEnabled: (name) => isFeatureFlag(name) && frozen.has(name),
    all: () => ({ ...all }),
    enabled: () => frozen,
  };
}
