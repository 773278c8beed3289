/** Which view of a step an applicant sees (core/domain/step-variants.ts), decided in one place. */
import { describe, expect, it } from 'vitest';
import { resolveStepVariant, type StepVariant } from '../../core/domain/step-variants';

const ALL: StepVariant[] = ['default', 'lv', 'coborrower', 'lv-coborrower', 'partner-short', 'corporate'];
const facts = { country: 'EE' as const, role: 'APPLICANT', channel: null };

describe('resolveStepVariant', () => {
  it('gives a company the corporate view wherever the step has one, in any country and whoever fills it in', () => {
    for (const country of ['EE', 'LV', 'LT'] as const) {
      expect(resolveStepVariant(ALL, { ...facts, country, corporate: true })).toBe('corporate');
      expect(resolveStepVariant(ALL, { ...facts, country, role: 'COBORROWER', corporate: true })).toBe('corporate');
    }
  });

  it('gives a company the step’s other views where it has no corporate one, and a person never the corporate view', () => {
    expect(resolveStepVariant(['default', 'coborrower'], { ...facts, corporate: true })).toBe('default');
    expect(resolveStepVariant(['default', 'lv'], { ...facts, country: 'LV', corporate: true })).toBe('lv');
    expect(resolveStepVariant(ALL, facts)).toBe('default');
    expect(resolveStepVariant(ALL, { ...facts, corporate: false, role: 'COBORROWER' })).toBe('coborrower');
  });
});
