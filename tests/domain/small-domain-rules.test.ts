import { describe, expect, it } from 'vitest';
import { ACCOUNT_CONTRACT_TASK, CURRENT_ACCOUNT_PRODUCT, CURRENT_ACCOUNT_TERMS, accountSigningChoicesFor } from '../../core/domain/account-contract';
import { applicantOf, isBrokerApplication, stepPersonRole } from '../../core/domain/applicant';
import { applicationReference } from '../../core/domain/application-reference';
import { BACK_OFFICE_CHECKS, isBackOfficeCheck } from '../../core/domain/back-office-checks';
import { isListedOrigin } from '../../core/domain/origins';

/** Decision 187: the parents that may embed the app. */
describe('isListedOrigin', () => {
  const allowlist = ['https://partner.example', 'https://shop.example:8443'];

  it('accepts an exact listed origin only', () => {
    expect(isListedOrigin('https://partner.example', allowlist)).toBe(true);
    expect(isListedOrigin('https://shop.example:8443', allowlist)).toBe(true);
    expect(isListedOrigin('https://shop.example', allowlist)).toBe(false);
    expect(isListedOrigin('https://partner.example.evil.example', allowlist)).toBe(false);
    expect(isListedOrigin('http://partner.example', allowlist)).toBe(false);
  });

  it('never accepts no origin, the opaque `null` or `*`, even when listed', () => {
    const careless = ['', 'null', '*'];
    expect(isListedOrigin(undefined, careless)).toBe(false);
    expect(isListedOrigin(null, careless)).toBe(false);
    expect(isListedOrigin('', careless)).toBe(false);
    expect(isListedOrigin('null', careless)).toBe(false);
    expect(isListedOrigin('*', careless)).toBe(false);
  });
});

/** Decisions 144 and 145: the current account's contract. */
describe('the current account’s contract', () => {
  it('has the price list’s terms', () => {
    expect(ACCOUNT_CONTRACT_TASK).toBe('signCurrentAccountContract');
    expect(CURRENT_ACCOUNT_PRODUCT).toBe('CURRENT_ACCOUNT');
    expect(CURRENT_ACCOUNT_TERMS).toEqual({ currency: 'EUR', monthlyFee: 1.5, balanceInterestRate: 0, holderNoticeDays: 30 });
  });

  it('is signed digitally only: Smart-ID and Mobile-ID in Estonia', () => {
    expect(accountSigningChoicesFor('retail-banking-ee')).toEqual(['SMART_ID', 'MOBILE_SIGNATURE']);
  });

  it('in Latvia with Smart-ID, eParaksts behind its flag, never a payment or the post office', () => {
    expect(accountSigningChoicesFor('retail-banking-lv')).toEqual(['SMART_ID']);
    expect(accountSigningChoicesFor('retail-banking-lv', new Set(['eParakstsSigning', 'paymentSigning']))).toEqual(['SMART_ID', 'EPARAKSTS', 'EPARAKSTS_EID']);
  });

  it('only with the providers configured', () => {
    const providers = { smartId: false, mobileId: true, eparaksts: false, bankPayment: ['HABALV22'] };
    expect(accountSigningChoicesFor('retail-banking-ee', undefined, providers)).toEqual(['MOBILE_SIGNATURE']);
    expect(accountSigningChoicesFor('retail-banking-lv', new Set(['eParakstsSigning']), providers)).toEqual([]);
  });
});

/** Section 3: who is who in an application. */
describe('applicant', () => {
  it('finds the applicant among the persons, if there is one', () => {
    const coborrower = { role: 'COBORROWER', id: 'c' };
    const applicant = { role: 'APPLICANT', id: 'a' };
    expect(applicantOf({ relatedPersons: { persons: [coborrower, applicant] } })).toBe(applicant);
    expect(applicantOf({ relatedPersons: { persons: [coborrower] } })).toBeUndefined();
    expect(applicantOf(null)).toBeUndefined();
    expect(applicantOf(undefined)).toBeUndefined();
  });

  it('tells a broker’s application by its channel or its origin', () => {
    expect(isBrokerApplication({ source: { channel: 'BROKER_API' } })).toBe(true);
    expect(isBrokerApplication({ source: { channel: 'WEB', applicationOrigin: 'BROKER_API' } })).toBe(true);
    expect(isBrokerApplication({ source: { channel: 'WEB', applicationOrigin: 'WEB' } })).toBe(false);
    expect(isBrokerApplication({ source: null })).toBe(false);
    expect(isBrokerApplication({})).toBe(false);
    expect(isBrokerApplication(null)).toBe(false);
    expect(isBrokerApplication(undefined)).toBe(false);
  });

  it('sends a step’s answers under the co-borrower only for the co-borrower’s steps', () => {
    expect(stepPersonRole('coborrower')).toBe('COBORROWER');
    expect(stepPersonRole('applicant')).toBe('APPLICANT');
    expect(stepPersonRole(undefined)).toBe('APPLICANT');
  });
});

/** Issue 8: the reference an applicant quotes. */
describe('applicationReference', () => {
  it('is the external id’s first eight letters and digits, upper-case, in two groups', () => {
    expect(applicationReference('3f2a9c1b-0000-4000-8000-000000000000')).toBe('3F2A-9C1B');
    expect(applicationReference('3f2a-9c1b-77')).toBe('3F2A-9C1B');
    expect(applicationReference('ab_cd.ef!gh-ij')).toBe('ABCD-EFGH');
  });

  it('has no dash when four characters or fewer are left', () => {
    expect(applicationReference('abcde')).toBe('ABCD-E');
    expect(applicationReference('ab-cd')).toBe('ABCD');
    expect(applicationReference('a')).toBe('A');
    expect(applicationReference('')).toBe('');
  });
});

/** Decision 172: the bank’s own checks an application waits for. */
describe('isBackOfficeCheck', () => {
  it('knows the four checks and nothing else', () => {
    expect(BACK_OFFICE_CHECKS).toEqual(['STATEMENT_ANALYSIS', 'REFINANCING_CHECK', 'UNDERWRITER_REVIEW', 'REFINANCING_PAYOFF']);
    for (const check of BACK_OFFICE_CHECKS) expect(isBackOfficeCheck(check)).toBe(true);
    expect(isBackOfficeCheck('statement_analysis')).toBe(false);
    expect(isBackOfficeCheck('')).toBe(false);
    expect(isBackOfficeCheck(1)).toBe(false);
    expect(isBackOfficeCheck(['REFINANCING_CHECK'])).toBe(false);
  });
});
