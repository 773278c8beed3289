import type { X509Certificate } from 'node:crypto';
import type { Environment, SolisMode } from '../../config/env';
import { readProviderSource, requireWith, type ProviderSource, type ProviderVariable } from '../provider-source';
import { readTrustedCertificates, readRelyingParty } from '../sk-eid/sk-eid.settings';

/**
 * Smart-ID's settings (issue 21; docs/providers/smart-id.md): the relying-party API v2's base URL,
 * the bank's relying-party UUID and name as SK ID Solutions registered them, and the certificates
 * that issue Smart-ID signing certificates. Unset outside production: the simulator.
 */
export const SMART_ID_VARIABLES: readonly ProviderVariable[] = [
  {
    name: 'SMART_ID_URL',
    meaning: 'Base URL of the Smart-ID relying-party REST API v2; unset outside production, the simulator answers.',
    example: 'https://rp-api.smart-id.com/v2',
    required: true,
  },
  { name: 'SMART_ID_RP_UUID', meaning: 'The relying-party UUID SK ID Solutions gave the bank.', example: 'de305d54-75b4-431b-adb2-eb6b9e546014', required: true },
  { name: 'SMART_ID_RP_NAME', meaning: 'The relying-party name registered with SK ID Solutions (at most 32 bytes), shown in the Smart-ID app.', example: 'BANK123', required: true },
  {
    name: 'SMART_ID_TRUSTED_CERTS',
    meaning: "Path of a PEM file of the certificates that issue Smart-ID signing certificates; a signature whose certificate none of them issued is refused.",
    example: '/etc/solis/smart-id-issuers.pem',
    required: true,
  },
];

export interface SmartIdSettings {
  source: ProviderSource;
  relyingPartyUuid: string;
  relyingPartyName: string;
  /** The real party's trusted issuers (read at start-up); null for the simulator, whose own CA is trusted. */
  trustedCertificates: readonly X509Certificate[] | null;
}


export function readSmartIdSettings(env: Environment, mode: SolisMode): SmartIdSettings {
  const source = readProviderSource(env, mode, 'SMART_ID_URL');
  const relyingParty = readRelyingParty(env, source, 'SMART_ID_RP_UUID', 'SMART_ID_RP_NAME');
  const path = requireWith(env, source, 'SMART_ID_TRUSTED_CERTS');
  return { source, ...relyingParty, trustedCertificates: source.kind === 'real' ? readTrustedCertificates('SMART_ID_TRUSTED_CERTS', path) : null };
}
