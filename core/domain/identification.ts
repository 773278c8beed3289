/**
 * Identification (spec sections 2, 4, 6; issue 13; decisions 156 and 157): the applicant's
 * authentication methods per country, the remote identification statuses and the rules of section 4
 * on them. Shared by the client (the IdentifyCustomer step and its machine) and the reference API.
 */
import type { BusinessDomain, CountryCode } from './business-domains';

/** Section 7's `/auth/public-sso` `method` values (decision 156). */
export const AUTHENTICATION_METHODS = ['SMART_ID', 'MOBILE_ID', 'ID_CARD', 'BANK_LINK'] as const;
export type AuthenticationMethod = (typeof AUTHENTICATION_METHODS)[number];

export function isAuthenticationMethod(value: unknown): value is AuthenticationMethod {
  return (AUTHENTICATION_METHODS as readonly unknown[]).includes(value);
}

/**
 * Decision 156: the methods each country's residents can use with the bank's login service, most
 * used first. Mobile-ID exists in Estonia and Lithuania only; Latvians log in with their internet
 * bank (bank link) instead.
 */
export const AUTHENTICATION_METHODS_BY_COUNTRY: Record<CountryCode, readonly AuthenticationMethod[]> = {
  EE: ['SMART_ID', 'MOBILE_ID', 'ID_CARD'],
  LV: ['SMART_ID', 'ID_CARD', 'BANK_LINK'],
  LT: ['SMART_ID', 'MOBILE_ID', 'ID_CARD'],
};

/** Section 3's remote identification statuses. */
export const REMOTE_IDENTIFICATION_STATUSES = ['COMPLETED_FAILURE', 'COMPLETED_OK', 'NO_STATUS', 'RUNNING', 'TECHNICAL_ERROR'] as const;
export type RemoteIdentificationStatus = (typeof REMOTE_IDENTIFICATION_STATUSES)[number];

/** Section 4: completed when the status is COMPLETED_OK or the person is identified. */
export function isRemoteIdentificationCompleted(status: RemoteIdentificationStatus, identified: boolean): boolean {
  return status === 'COMPLETED_OK' || identified;
}

/** Section 4: required when enabled and not completed. */
export function isRemoteIdentificationRequired(enabled: boolean, status: RemoteIdentificationStatus, identified: boolean): boolean {
  return enabled && !isRemoteIdentificationCompleted(status, identified);
}

/**
 * Section 6: the remote identification flag is for the Estonian current account and for Latvia
 * (its identification model); elsewhere the flag changes nothing.
 */
export function remoteIdentificationApplies(domain: BusinessDomain, productName: string | null | undefined): boolean {
  return domain === 'retail-banking-lv' || (domain === 'retail-banking-ee' && productName === 'CURRENT_ACCOUNT');
}

/**
 * The query parameter with which the remote identification provider sends the applicant back,
 * asking the app to complete the identification (section 4, "the query action"; decision 157).
 */
export const REMOTE_IDENTIFICATION_QUERY_ACTION = { name: 'action', value: 'complete-remote-identification' } as const;

/** True when a page's query asks to complete the remote identification. */
export function asksToCompleteRemoteIdentification(search: string): boolean {
  return new URLSearchParams(search).get(REMOTE_IDENTIFICATION_QUERY_ACTION.name) === REMOTE_IDENTIFICATION_QUERY_ACTION.value;
}

/** Section 7's login service (the bank's; the reference API serves a sandbox one in test mode). */
export const SSO_PATH = '/auth/public-sso';
