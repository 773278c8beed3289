import { readInteger, type Environment, type SolisMode } from '../../config/env';
import { readProviderSource, requireSecretWith, type ProviderSource, type ProviderVariable } from '../provider-source';

/**
 * The population register (issue 24 item 3; docs/decisions/186-population-register.md,
 * docs/providers/population-register.md): the personal-code server check of section 5 asks it
 * whether a person with the code exists and is alive, and SubmitPersonalInfo's registry check
 * compares the declared name with the register's. Unset outside production: its simulator. Unset
 * in production: nothing to ask, so the check fails closed (section 8: a failed server check is
 * treated as invalid).
 */
export interface PopulationRegisterSettings {
  source: ProviderSource;
  /** Sent as `Authorization: Bearer ...` (the bank's access token at the register's gateway). */
  apiKey: string;
  /** A person waits for the answer: a register slower than this is treated as unavailable. */
  timeoutMs: number;
}

export const DEFAULT_POPULATION_REGISTER_TIMEOUT_MS = 5000;
/** The simulator's token: public, it names the simulated integration. */
export const SIMULATOR_POPULATION_REGISTER_API_KEY = 'solis-population-register-simulator';

export const POPULATION_REGISTER_VARIABLES: ProviderVariable[] = [
  {
    name: 'POPULATION_REGISTER_URL',
    meaning:
      "Base URL of the population register's person query service (the bank's X-Road security server adapter or the register's REST gateway; persons are asked at `/v1/person-queries`). Unset: the simulator; in production the personal-code server check then fails closed.",
    example: 'https://xroad-adapter.bank.example/population-register',
    required: true,
  },
  {
    name: 'POPULATION_REGISTER_API_KEY',
    meaning: 'The bank\'s access token at the register\'s service, sent as `Authorization: Bearer`.',
    example: '(from the register or the bank\'s X-Road adapter)',
    required: true,
  },
  {
    name: 'POPULATION_REGISTER_TIMEOUT_MS',
    meaning: `How long a person query may take before the applicant is told to try again (default ${DEFAULT_POPULATION_REGISTER_TIMEOUT_MS}).`,
    example: '5000',
    required: false,
  },
];

export function readPopulationRegisterSettings(env: Environment, mode: SolisMode): PopulationRegisterSettings {
  const source = readProviderSource(env, mode, 'POPULATION_REGISTER_URL');
  const apiKey = requireSecretWith(env, source, 'POPULATION_REGISTER_API_KEY', mode);
  const timeoutMs = readInteger(env, 'POPULATION_REGISTER_TIMEOUT_MS', DEFAULT_POPULATION_REGISTER_TIMEOUT_MS, { min: 100, max: 60_000 });
  return { source, apiKey: source.kind === 'real' ? apiKey : SIMULATOR_POPULATION_REGISTER_API_KEY, timeoutMs };
}
