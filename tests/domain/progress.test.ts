import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LATVIA_HOUSING_PAGE_MAX, progressValue } from '../../core/domain/progress';
import { BUSINESS_DOMAINS } from '../../core/domain/business-domains';

describe('progress value (section 4)', () => {
  it.each([
    [0, 0],
    [1, 15],
    [2, 30],
    [3, 45],
    [4, 60],
    [5, 75],
    [6, 78],
    [7, 81],
    [10, 90],
    [12, 96],
    [13, 99],
    [14, 99],
    [100, 99],
  ])('%i steps -> %i', (steps, expected) => {
    expect(progressValue(steps)).toBe(expected);
  });

  it('treats negative and fractional step counts as whole steps taken', () => {
    expect(progressValue(-3)).toBe(0);
    expect(progressValue(2.9)).toBe(30);
  });

  it('never goes backwards as steps are added and never exceeds 99', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.constantFrom(...BUSINESS_DOMAINS), fc.constantFrom('SMALL_LOAN', 'HOUSING_LOAN'), (steps, domain, productName) => {
        const now = progressValue(steps, { domain, productName });
        const next = progressValue(steps + 1, { domain, productName });
        expect(next).toBeGreaterThanOrEqual(now);
        expect(next).toBeLessThanOrEqual(99);
      }),
    );
  });

  it('has a page maximum of 6 for the Latvian housing loan', () => {
    expect(LATVIA_HOUSING_PAGE_MAX).toBe(6);
    const latvianHousing = { domain: 'retail-banking-lv', productName: 'HOUSING_LOAN' } as const;
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((steps) => progressValue(steps, latvianHousing))).toEqual([0, 17, 33, 50, 66, 83, 99, 99, 99]);
  });

  it('applies the Latvian page maximum only to the Latvian housing loan', () => {
    expect(progressValue(6, { domain: 'retail-banking-lv', productName: 'SMALL_LOAN' })).toBe(78);
    expect(progressValue(6, { domain: 'retail-banking-ee', productName: 'HOUSING_LOAN' })).toBe(78);
    expect(progressValue(3, { domain: 'retail-banking-lt', productName: 'HOUSING_LOAN' })).toBe(45);
  });
});
