import { describe, expect, it } from 'vitest';
import {
  AUTHENTICATION_METHODS_BY_COUNTRY,
  REMOTE_IDENTIFICATION_QUERY_ACTION,
  SSO_PATH,
  asksToCompleteRemoteIdentification,
  isAuthenticationMethod,
  isRemoteIdentificationCompleted,
  isRemoteIdentificationRequired,
  remoteIdentificationApplies,
} from '../../core/domain/identification';

/** Sections 2, 4, 6 and 7 (decisions 156, 157): authentication methods and remote identification. */
describe('authentication methods', () => {
  it('knows section 7’s four methods and nothing else', () => {
    for (const method of ['SMART_ID', 'MOBILE_ID', 'ID_CARD', 'BANK_LINK']) expect(isAuthenticationMethod(method)).toBe(true);
    expect(isAuthenticationMethod('smart_id')).toBe(false);
    expect(isAuthenticationMethod('')).toBe(false);
    expect(isAuthenticationMethod(undefined)).toBe(false);
    expect(isAuthenticationMethod(['SMART_ID'])).toBe(false);
  });

  it('offers Mobile-ID in Estonia and Lithuania, a bank link in Latvia (decision 156)', () => {
    expect(AUTHENTICATION_METHODS_BY_COUNTRY).toEqual({
      EE: ['SMART_ID', 'MOBILE_ID', 'ID_CARD'],
      LV: ['SMART_ID', 'ID_CARD', 'BANK_LINK'],
      LT: ['SMART_ID', 'MOBILE_ID', 'ID_CARD'],
    });
    expect(SSO_PATH).toBe('/auth/public-sso');
  });
});

describe('remote identification (section 4)', () => {
  it('is completed by COMPLETED_OK or an identified person', () => {
    expect(isRemoteIdentificationCompleted('COMPLETED_OK', false)).toBe(true);
    expect(isRemoteIdentificationCompleted('RUNNING', true)).toBe(true);
    for (const status of ['COMPLETED_FAILURE', 'NO_STATUS', 'RUNNING', 'TECHNICAL_ERROR'] as const) expect(isRemoteIdentificationCompleted(status, false)).toBe(false);
  });

  it('is required when enabled and not completed', () => {
    expect(isRemoteIdentificationRequired(true, 'NO_STATUS', false)).toBe(true);
    expect(isRemoteIdentificationRequired(true, 'COMPLETED_OK', false)).toBe(false);
    expect(isRemoteIdentificationRequired(true, 'NO_STATUS', true)).toBe(false);
    expect(isRemoteIdentificationRequired(false, 'NO_STATUS', false)).toBe(false);
  });

  it('applies to Latvia and to the Estonian current account only (section 6)', () => {
    expect(remoteIdentificationApplies('retail-banking-lv', 'SMALL_LOAN')).toBe(true);
    expect(remoteIdentificationApplies('retail-banking-lv', undefined)).toBe(true);
    expect(remoteIdentificationApplies('retail-banking-ee', 'CURRENT_ACCOUNT')).toBe(true);
    expect(remoteIdentificationApplies('retail-banking-ee', 'SMALL_LOAN')).toBe(false);
    expect(remoteIdentificationApplies('retail-banking-ee', null)).toBe(false);
    expect(remoteIdentificationApplies('retail-banking-lt', 'CURRENT_ACCOUNT')).toBe(false);
  });

  it('reads the provider’s return query (decision 157)', () => {
    expect(REMOTE_IDENTIFICATION_QUERY_ACTION).toEqual({ name: 'action', value: 'complete-remote-identification' });
    expect(asksToCompleteRemoteIdentification('?action=complete-remote-identification')).toBe(true);
    expect(asksToCompleteRemoteIdentification('?lang=et&action=complete-remote-identification')).toBe(true);
    expect(asksToCompleteRemoteIdentification('?action=other')).toBe(false);
    expect(asksToCompleteRemoteIdentification('?complete-remote-identification=action')).toBe(false);
    expect(asksToCompleteRemoteIdentification('')).toBe(false);
  });
});
