import type { AccountContractDetails } from '../../core/wire/account-contract.schema';

/** The current account contract a component test shows by default (Estonia's ways to sign). */
export const SAMPLE_ACCOUNT_CONTRACT: AccountContractDetails = {
  productName: 'CURRENT_ACCOUNT',
  fileServiceId: '5d2c4b7e-1f0a-4c3b-9e8d-2a6f7c1b0e94',
  drawnUpOn: '2026-11-26',
  signed: false,
  accountHolder: 'Mari Maasikas',
  currency: 'EUR',
  monthlyFee: 1.5,
  balanceInterestRate: 0,
  signingChoices: ['SMART_ID', 'MOBILE_SIGNATURE'],
  digitalSigningDisabledReason: null,
  esignInProgress: null,
};
