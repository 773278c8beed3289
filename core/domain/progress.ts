import type { BusinessDomain } from './business-domains';

/**
 * Section 4: progress is 15 per step for the first five steps, then 3 per later step, capped at 99.
 * Latvia's housing loan has a page maximum of 6, so its bar advances in sixths of the way to 99.
 */
export function progressValue(stepCount: number, options: { domain?: BusinessDomain; productName?: string } = {}): number {
  const steps = Math.max(0, Math.floor(stepCount));
  if (options.domain === 'retail-banking-lv' && options.productName === 'HOUSING_LOAN') {
    return Math.min(99, Math.round((Math.min(steps, LATVIA_HOUSING_PAGE_MAX) / LATVIA_HOUSING_PAGE_MAX) * 99));
  }
  const first = Math.min(steps, 5) * 15;
  const later = Math.max(0, steps - 5) * 3;
  return Math.min(99, first + later);
}

export const LATVIA_HOUSING_PAGE_MAX = 6;
