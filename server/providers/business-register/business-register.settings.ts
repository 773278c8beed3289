import { readInteger, type Environment, type SolisMode } from '../../config/env';
import { readProviderSource, requireSecretWith, type ProviderSource, type ProviderVariable } from '../provider-source';

/**
 * The business register (issue 24; docs/decisions/181-business-data.md): a company's registration
 * code answered with its name, legal form, industry code and status, over the JSON API of
 * docs/providers/business-register.md at `BUSINESS_REGISTER_URL`. Unset outside production: the
 * simulator on loopback.
 */
export interface BusinessRegisterSettings {
  source: ProviderSource;
  apiKey: string;
  timeoutMs: number;
}

export const BUSINESS_REGISTER_VARIABLES: ProviderVariable[] = [
  {
    name: 'BUSINESS_REGISTER_URL',
    meaning: "Base URL of the business register's company API (companies are read at /v1/companies/{country}/{code}); unset outside production: the simulator (in production: corporate applications cannot be sent).",
    example: 'https://register.bank.example/api',
    required: true,
  },
  { name: 'BUSINESS_REGISTER_API_KEY', meaning: 'The API key the register issued to the bank, sent as X-API-Key; a secret.', example: '(a secret)', required: true },
  { name: 'BUSINESS_REGISTER_TIMEOUT_MS', meaning: 'How long one look-up may take before the register counts as unavailable (default 5000).', example: '5000', required: false },
];

export const DEFAULT_BUSINESS_REGISTER_TIMEOUT_MS = 5000;

export function readBusinessRegisterSettings(env: Environment, mode: SolisMode): BusinessRegisterSettings {
  const source = readProviderSource(env, mode, 'BUSINESS_REGISTER_URL');
  return {
    source,
    apiKey: requireSecretWith(env, source, 'BUSINESS_REGISTER_API_KEY', mode),
    timeoutMs: readInteger(env, 'BUSINESS_REGISTER_TIMEOUT_MS', DEFAULT_BUSINESS_REGISTER_TIMEOUT_MS, { min: 100, max: 60_000 }),
  };
}
