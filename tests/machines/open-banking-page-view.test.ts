/**
 * What ProvideBasViaOpenBanking's page shows (openBankingView; decision 153) before the machine
 * runs, while the list loads, and the attempts the bank leaves (decision 252).
 */
import { describe, expect, it } from 'vitest';
import { openBankingView } from '../../src/steps/provideBasViaOpenBanking/open-banking.machine';
import { NONE_YET, listed, startLogic } from './open-banking.run';

const EMPTY_LOADING = {
  status: 'loading',
  enrolled: [],
  matching: [],
  query: '',
  lastConsent: null,
  consentReference: null,
  attemptsLeft: 5,
  attemptsExhausted: false,
  problem: null,
  error: null,
};

describe('the open banking page', () => {
  it('shows an empty list loading before the machine runs', () => {
    expect(openBankingView(undefined)).toEqual(EMPTY_LOADING);
  });

  it('shows an empty list and query while the banks load', () => {
    const run = startLogic();
    expect(run.view()).toEqual(EMPTY_LOADING);
  });

  it('counts the attempts left down from the bank’s own limit', async () => {
    const run = await listed({ ...NONE_YET, failedAttempts: 1, maxFailedAttempts: 3 });
    expect(run.view()).toMatchObject({ attemptsLeft: 2, attemptsExhausted: false });
    const fresh = await listed(NONE_YET);
    expect(fresh.view()).toMatchObject({ attemptsLeft: 5, attemptsExhausted: false });
  });
});
