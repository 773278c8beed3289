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

describe('resolveStepVariant for a person', () => {
  it('gives a Latvian co-borrower the Latvian co-borrower view first, then the co-borrower’s, then the Latvian one', () => {
    const latvianCoborrower = { ...facts, country: 'LV' as const, role: 'COBORROWER' };
    expect(resolveStepVariant(ALL, latvianCoborrower)).toBe('lv-coborrower');
    expect(resolveStepVariant(['default', 'lv', 'coborrower'], latvianCoborrower)).toBe('coborrower');
    expect(resolveStepVariant(['default', 'lv'], latvianCoborrower)).toBe('lv');
    expect(resolveStepVariant(['default', 'partner-short'], latvianCoborrower)).toBe('default');
  });

  it('never gives the Latvian co-borrower view outside Latvia or to the applicant', () => {
    expect(resolveStepVariant(['default', 'lv-coborrower'], { ...facts, role: 'COBORROWER' })).toBe('default');
    expect(resolveStepVariant(['default', 'lv-coborrower'], { ...facts, country: 'LV' })).toBe('default');
    expect(resolveStepVariant(['default', 'lv-coborrower', 'lv'], { ...facts, country: 'LV' })).toBe('lv');
  });

  it('gives the partner short flow its own view, before the Latvian one', () => {
    const partner = { ...facts, channel: 'PARTNER_SHORT' };
    expect(resolveStepVariant(ALL, partner)).toBe('partner-short');
    expect(resolveStepVariant(ALL, { ...partner, country: 'LV' })).toBe('partner-short');
    expect(resolveStepVariant(['default', 'lv'], { ...partner, country: 'LV' })).toBe('lv');
    expect(resolveStepVariant(ALL, { ...facts, channel: 'PARTNER' })).toBe('default');
  });
});
