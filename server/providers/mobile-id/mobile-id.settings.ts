import type { X509Certificate } from 'node:crypto';
import type { Environment, SolisMode } from '../../config/env';
import { readProviderSource, requireWith, type ProviderSource, type ProviderVariable } from '../provider-source';
import { readRelyingParty, readTrustedCertificates } from '../sk-eid/sk-eid.settings';

/**
 * Mobile-ID's settings (issue 21; docs/providers/mobile-id.md): the MID REST API's base URL, the
 * bank's relying-party UUID and name as SK ID Solutions registered them, and the certificates that
 * issue Mobile-ID signing certificates. Unset outside production: the simulator.
 */
export const MOBILE_ID_VARIABLES: readonly ProviderVariable[] = [
  { name: 'MOBILE_ID_URL', meaning: 'Base URL of the Mobile-ID (MID) REST API; unset outside production, the simulator answers.', example: 'https://mid.sk.ee/mid-api', required: true },
  { name: 'MOBILE_ID_RP_UUID', meaning: 'The relying-party UUID SK ID Solutions gave the bank (lower case).', example: 'de305d54-75b4-431b-adb2-eb6b9e546014', required: true },
  { name: 'MOBILE_ID_RP_NAME', meaning: 'The relying-party name registered with SK ID Solutions, shown on the phone.', example: 'BANK123', required: true },
  {
    name: 'MOBILE_ID_TRUSTED_CERTS',
    meaning: 'Path of a PEM file of the certificates that issue Mobile-ID signing certificates; a signature whose certificate none of them issued is refused.',
    example: '/etc/solis/mobile-id-issuers.pem',
    required: true,
  },
];

export interface MobileIdSettings {
  source: ProviderSource;
  relyingPartyUuid: string;
  relyingPartyName: string;
  /** The real party's trusted issuers (read at start-up); null for the simulator, whose own CA is trusted. */
  trustedCertificates: readonly X509Certificate[] | null;
}


export function readMobileIdSettings(env: Environment, mode: SolisMode): MobileIdSettings {
  const source = readProviderSource(env, mode, 'MOBILE_ID_URL');
  const relyingParty = readRelyingParty(env, source, 'MOBILE_ID_RP_UUID', 'MOBILE_ID_RP_NAME');
  const path = requireWith(env, source, 'MOBILE_ID_TRUSTED_CERTS');
  return { source, ...relyingParty, trustedCertificates: source.kind === 'real' ? readTrustedCertificates('MOBILE_ID_TRUSTED_CERTS', path) : null };
}
