/** Section 6/7: feature flags from the check-flag service. */
import type * as v from 'valibot';
import { apiRequest } from './client';
import { FeatureFlagSchema, FeatureFlagsSchema } from '../../core/wire/process.schema';
import type { CallOptions } from './application.api';

export type FeatureFlags = v.InferOutput<typeof FeatureFlagsSchema>['flags'];

/** POST /api/v1/features/check-flag: whether one feature is on. */
export async function checkFlag(feature: string, options: CallOptions = {}): Promise<boolean> {
  const { enabled } = await apiRequest('features/check-flag', {
    method: 'POST',
    body: { feature },
    schema: FeatureFlagSchema,
    signal: options.signal,
  });
  return enabled;
}

/** POST /api/v1/features/check-flags: several features in one call. */
export async function checkFlags(features: readonly string[], options: CallOptions = {}): Promise<FeatureFlags> {
  const { flags } = await apiRequest('features/check-flags', {
    method: 'POST',
    body: { features: [...features] },
    schema: FeatureFlagsSchema,
    signal: options.signal,
  });
  return flags;
}

/** GET /api/v1/features/check-all-flags */
export async function checkAllFlags(options: CallOptions = {}): Promise<FeatureFlags> {
  const { flags } = await apiRequest('features/check-all-flags', { schema: FeatureFlagsSchema, signal: options.signal });
  return flags;
}
