import { readString, type Environment, type SolisMode } from '../../config/env';
import { readProviderSource, requireSecretWith, requireWith, type ProviderSource, type ProviderVariable } from '../provider-source';

/**
 * eParaksts (the Latvian e-signature: authenticate, then sign) as an OpenID Connect provider
 * (docs/decisions/168, docs/providers/eparaksts.md). `EPARAKSTS_URL` is the issuer; its metadata
 * names the endpoints. Unset, outside production, the simulator on loopback stands in.
 */
/** The simulator's path on the simulators' host (and its name in fault controls). */
export const EPARAKSTS_SIMULATOR = 'eparaksts';

export interface EparakstsSettings {
  source: ProviderSource;
  clientId: string;
  clientSecret: string;
}

/** The client the simulator knows when no credentials are given (loopback only, never production). */
export const SIMULATED_EPARAKSTS_CLIENT = { clientId: 'solis-demonstration', clientSecret: 'demonstration-only-eparaksts-secret' } as const;

export const EPARAKSTS_VARIABLES: ProviderVariable[] = [
  {
    name: 'EPARAKSTS_URL',
    meaning: 'The eParaksts OpenID Connect issuer; its metadata is read from {issuer}/.well-known/openid-configuration. Unset: the simulator (not in production).',
    example: 'https://eidas.eparaksts.lv/trustedx-authserver/oauth/lvrtc-eipsign-as',
    required: true,
  },
  { name: 'EPARAKSTS_CLIENT_ID', meaning: 'The client id eParaksts registered for this server.', example: 'solis-bank-lv', required: true },
  { name: 'EPARAKSTS_CLIENT_SECRET', meaning: 'Its client secret, sent with HTTP Basic to the token endpoint (client_secret_basic).', example: '(a secret)', required: true },
];

export function readEparakstsSettings(env: Environment, mode: SolisMode): EparakstsSettings {
  const source = readProviderSource(env, mode, 'EPARAKSTS_URL');
  const clientId = requireWith(env, source, 'EPARAKSTS_CLIENT_ID');
  const clientSecret = requireSecretWith(env, source, 'EPARAKSTS_CLIENT_SECRET', mode);
  if (source.kind !== 'real') {
    return { source, clientId: readString(env, 'EPARAKSTS_CLIENT_ID') ?? SIMULATED_EPARAKSTS_CLIENT.clientId, clientSecret: clientSecret || SIMULATED_EPARAKSTS_CLIENT.clientSecret };
  }
  return { source, clientId, clientSecret };
}
