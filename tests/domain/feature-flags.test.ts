/** Section 6's feature flags, the names the server answers and the client reads (core/domain/feature-flags.ts, decision 191). */
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, isFeatureFlag } from '../../core/domain/feature-flags';

describe('isFeatureFlag', () => {
  it('knows every flag of section 6', () => {
    for (const flag of FEATURE_FLAGS) expect(isFeatureFlag(flag), flag).toBe(true);
  });

  it('knows no other name', () => {
    expect(isFeatureFlag('')).toBe(false);
    expect(isFeatureFlag('Captcha')).toBe(false);
    expect(isFeatureFlag('darkMode')).toBe(false);
  });
});
