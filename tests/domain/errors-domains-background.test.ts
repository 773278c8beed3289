import { describe, expect, it } from 'vitest';
import { asAppError, isAppError } from '../../core/domain/app-error';
import { hasWorkStartDate, worksForEmployer, EMPLOYMENT_TYPES } from '../../core/domain/background';
import { BUSINESS_DOMAINS, companyCountryOf, countryOfApplication, countryOfDomain, isBusinessDomain, isCorporate, isCountryCode } from '../../core/domain/business-domains';

/**
 * The kernel rules every machine leans on but no suite asserted directly (decision 237: the whole
 * mutation run's first batch left their mutants alive, covered only in passing).
 */
describe('isAppError: what the machines accept as a typed failure', () => {
  it('accepts every kind with a message, and the two kinds with their extra field', () => {
    for (const kind of ['network', 'timeout', 'conflict', 'unauthorized', 'not-found', 'server', 'chunk', 'config']) expect(isAppError({ kind, message: 'm' })).toBe(true);
    expect(isAppError({ kind: 'validation', message: 'm', fieldErrors: {} })).toBe(true);
    expect(isAppError({ kind: 'step-not-found', message: 'm', taskKey: 'personalData' })).toBe(true);
  });

  it('refuses what is not an object, an unknown kind or a message that is not text', () => {
    for (const value of [null, undefined, 'network', 42, true]) expect(isAppError(value)).toBe(false);
    expect(isAppError({ kind: 'teapot', message: 'm' })).toBe(false);
    expect(isAppError({ kind: 'network' })).toBe(false);
    expect(isAppError({ kind: 'network', message: 7 })).toBe(false);
    expect(isAppError({ kind: 42, message: 'm' })).toBe(false);
    expect(isAppError({ message: 'm' })).toBe(false);
  });

  it('refuses a validation failure without its field errors and a missing step without its task', () => {
    expect(isAppError({ kind: 'validation', message: 'm' })).toBe(false);
    expect(isAppError({ kind: 'validation', message: 'm', fieldErrors: 'amount' })).toBe(false);
    expect(isAppError({ kind: 'step-not-found', message: 'm' })).toBe(false);
    expect(isAppError({ kind: 'step-not-found', message: 'm', taskKey: 3 })).toBe(false);
    // Other kinds need neither.
    expect(isAppError({ kind: 'conflict', message: 'm', code: 'VERSION_CONFLICT' })).toBe(true);
  });
});

describe('asAppError: what a machine’s onError gets', () => {
  it('keeps an AppError as it is', () => {
    const error = { kind: 'conflict' as const, message: 'stale', code: 'VERSION_CONFLICT' };
    expect(asAppError(error)).toBe(error);
  });

  it('turns anything else into a server error that keeps its message', () => {
    expect(asAppError(new TypeError('x is undefined'))).toEqual({ kind: 'server', message: 'x is undefined' });
    expect(asAppError('plain text')).toEqual({ kind: 'server', message: 'plain text' });
    expect(asAppError(undefined)).toEqual({ kind: 'server', message: 'undefined' });
    expect(asAppError({ kind: 'validation', message: 'no fields' })).toEqual({ kind: 'server', message: '[object Object]' });
  });
});

describe('the background step’s follow-up questions (decision 111)', () => {
  it('asks the employer and position of an employee only', () => {
    expect(EMPLOYMENT_TYPES.filter(worksForEmployer)).toEqual(['PRIVATE_SECTOR', 'PUBLIC_SECTOR']);
  });

  it('asks when the work started of an employee and of someone working on their own account only', () => {
    expect(EMPLOYMENT_TYPES.filter(hasWorkStartDate)).toEqual(['PRIVATE_SECTOR', 'PUBLIC_SECTOR', 'ENTREPRENEUR', 'INDIVIDUAL_ACTIVITY']);
  });

  it('asks neither for an answer that is not one of the values', () => {
    for (const value of [undefined, null, '', 'private_sector', 1, ['PRIVATE_SECTOR']]) {
      expect(worksForEmployer(value)).toBe(false);
      expect(hasWorkStartDate(value)).toBe(false);
    }
  });
});

describe('the business domains (section 1)', () => {
  it('knows the four domains and nothing else', () => {
    for (const domain of BUSINESS_DOMAINS) expect(isBusinessDomain(domain)).toBe(true);
    for (const value of ['', 'retail-banking', 'retail-banking-fi', 'CORPORATE-BANKING']) expect(isBusinessDomain(value)).toBe(false);
    expect(BUSINESS_DOMAINS.filter(isCorporate)).toEqual(['corporate-banking']);
  });

  it('gives each retail domain its country, corporate banking the configured one (Estonia unless told)', () => {
    expect(countryOfDomain('retail-banking-ee', 'LV')).toBe('EE');
    expect(countryOfDomain('retail-banking-lv', 'EE')).toBe('LV');
    expect(countryOfDomain('retail-banking-lt', 'EE')).toBe('LT');
    expect(countryOfDomain('corporate-banking')).toBe('EE');
    expect(countryOfDomain('corporate-banking', 'LT')).toBe('LT');
  });

  it('knows the three countries only', () => {
    expect(['EE', 'LV', 'LT'].every(isCountryCode)).toBe(true);
    for (const value of ['FI', 'ee', '', null, undefined, 1]) expect(isCountryCode(value)).toBe(false);
  });

  it('reads a corporate application’s company country when it is one of the three', () => {
    expect(companyCountryOf({ company: { countryCode: 'LV' } })).toBe('LV');
    for (const data of [undefined, null, 'LV', {}, { company: null }, { company: 'LV' }, { company: { countryCode: 'FI' } }, { company: {} }]) expect(companyCountryOf(data)).toBeUndefined();
  });

  it('takes an application’s country from its company for corporate banking only, else from the domain', () => {
    const data = { company: { countryCode: 'LT' } };
    expect(countryOfApplication('corporate-banking', data, 'LV')).toBe('LT');
    expect(countryOfApplication('corporate-banking', {}, 'LV')).toBe('LV');
    expect(countryOfApplication('corporate-banking', {})).toBe('EE');
    expect(countryOfApplication('retail-banking-ee', data, 'LV')).toBe('EE');
  });
});
