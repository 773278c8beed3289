import { ConfigError, readInteger, readList, type Environment, type SolisMode } from '../../config/env';
import { readProviderSource, requireSecretWith, requireWith, type ProviderSource, type ProviderVariable } from '../provider-source';

/**
 * Open banking's aggregator (issue 21; docs/decisions/170-open-banking-berlin-group.md): a Berlin
 * Group NextGenPSD2 account-information API at `PSD2_URL`, which the bank reaches with the client
 * credentials the aggregator issued. Unset outside production: the simulator on loopback.
 */
export interface Psd2Settings {
  source: ProviderSource;
  clientId: string;
  apiKey: string;
  /** The name the banks' consent pages show the person (the bank's own brand). */
  tppName: string;
  /** Origins of the banks' SCA pages the browser may be sent to, besides the aggregator's own. */
  scaOrigins: string[];
  /** How long one call to the aggregator may take. */
  timeoutMs: number;
}

export const PSD2_VARIABLES: ProviderVariable[] = [
  {
    name: 'PSD2_URL',
    meaning: "The aggregator's Berlin Group NextGenPSD2 base URL (the part before /v1/consents); unset outside production: the simulator.",
    example: 'https://xs2a.aggregator.example/berlingroup',
    required: true,
  },
  { name: 'PSD2_CLIENT_ID', meaning: 'The client id the aggregator issued to the bank (sent as X-Client-ID).', example: 'solis-bank-prod', required: true },
  { name: 'PSD2_API_KEY', meaning: 'The API key the aggregator issued with the client id (sent as X-API-Key); a secret.', example: 'k7J…(secret)', required: true },
  { name: 'PSD2_TPP_NAME', meaning: "The name the person's bank shows on its consent page (sent as TPP-Name).", example: 'Solis Bank', required: true },
  {
    name: 'PSD2_SCA_ORIGINS',
    meaning: "Comma-separated https origins of the banks' consent (SCA) pages the browser may be sent to, when they are not on PSD2_URL's origin.",
    example: 'https://auth.citadele.lv,https://ib.swedbank.lv',
    required: false,
  },
  { name: 'PSD2_TIMEOUT_MS', meaning: 'How long one call to the aggregator may take before it counts as unavailable (default 10000).', example: '10000', required: false },
];

export const DEFAULT_PSD2_TIMEOUT_MS = 10_000;

/** Reads and checks the aggregator's settings at start-up (a mistake names its variable). */
export function readPsd2Settings(env: Environment, mode: SolisMode): Psd2Settings {
  const source = readProviderSource(env, mode, 'PSD2_URL');
  const scaOrigins = readList(env, 'PSD2_SCA_ORIGINS').map((raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ConfigError('PSD2_SCA_ORIGINS', `holds "${raw}", which is not an origin such as https://auth.bank.example.`);
    }
    if (url.origin === 'null' || url.pathname !== '/' || url.search || url.hash || url.username) {
      throw new ConfigError('PSD2_SCA_ORIGINS', `holds "${raw}", which is not an origin such as https://auth.bank.example.`);
    }
    if (mode === 'production' && url.protocol !== 'https:') throw new ConfigError('PSD2_SCA_ORIGINS', `holds "${raw}": production sends the browser to https pages only.`);
    return url.origin;
  });
  return {
    source,
    clientId: requireWith(env, source, 'PSD2_CLIENT_ID'),
    apiKey: requireSecretWith(env, source, 'PSD2_API_KEY', mode),
    tppName: requireWith(env, source, 'PSD2_TPP_NAME') || 'Solis demonstration',
    scaOrigins,
    timeoutMs: readInteger(env, 'PSD2_TIMEOUT_MS', DEFAULT_PSD2_TIMEOUT_MS, { min: 100, max: 60_000 }),
  };
}
