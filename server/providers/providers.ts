import { ConfigError, readString, type Environment, type SolisMode } from '../config/env';
import type { RuntimeConfig } from '../../core/wire/config.schema';
import type { Simulator, SimulatorContext } from './simulator-host';
import { readSmartIdSettings, type SmartIdSettings } from './smart-id/smart-id.settings';
import { createSmartIdSimulator } from './smart-id/smart-id.simulator';
import { createSkEidAdapters, type SkEidAdapters } from './sk-eid/sk-eid.adapters';
import { readMobileIdSettings, type MobileIdSettings } from './mobile-id/mobile-id.settings';
import { createMobileIdSimulator } from './mobile-id/mobile-id.simulator';

/**
 * The outside parties (issue 21; docs/decisions/166). Each is reached by an adapter speaking its
 * published protocol over HTTP. Where a party's variables are set, the adapter talks to the real
 * party; where they are not, outside production, to the party's simulator on loopback (started by
 * `server/main.ts` beside the API, `server/providers/simulator-host.ts`), the way PGlite stands in
 * for PostgreSQL. In production a party that is not configured is not offered at all.
 */

// What a party's settings module reads its variables with (in provider-source.ts, which the party
// modules import without importing this registry: no import cycle).
export { readProviderSource, requireWith, type ProviderSource, type ProviderVariable } from './provider-source';

/** SIMULATORS_PORT: the loopback port of the simulators (0, the default: any free port). */
export function readSimulatorsPort(env: Environment, mode: SolisMode): number {
  const raw = readString(env, 'SIMULATORS_PORT');
  if (raw === undefined) return 0;
  if (mode === 'production') throw new ConfigError('SIMULATORS_PORT', 'is set, but production runs no simulator: configure every provider instead.');
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) throw new ConfigError('SIMULATORS_PORT', `is "${raw}"; expected a port from 0 to 65535.`);
  return port;
}

/** Every party's settings, read and checked at start-up (part of `SolisConfig`). */
export interface ProviderSettings {
  simulatorsPort: number;
  smartId: SmartIdSettings;
  mobileId: MobileIdSettings;
}

export function readProviderSettings(env: Environment, mode: SolisMode): ProviderSettings {
  return {
    simulatorsPort: readSimulatorsPort(env, mode),
    smartId: readSmartIdSettings(env, mode),
    mobileId: readMobileIdSettings(env, mode),
  };
}

/** The adapters the API uses, made from the settings once the simulators (if any) listen. */
export interface Providers extends SkEidAdapters {
  /** The simulators' origin when any party is simulated, else null. */
  readonly simulatorsOrigin: string | null;
  /**
   * Origins whose pages the browser is sent to and back from (the parties' own pages): on the
   * redirect allowlist besides REDIRECT_ALLOWLIST (decision 151).
   */
  readonly pageOrigins: readonly string[];
}

/** The parties that are simulated. */
export function simulatedParties(settings: ProviderSettings): string[] {
  const parties: string[] = [];
  if (settings.smartId.source.kind === 'simulator') parties.push('smart-id');
  if (settings.mobileId.source.kind === 'simulator') parties.push('mobile-id');
  return parties;
}

/** The simulators of the simulated parties, made for the host (server/providers/simulator-host.ts). */
export function simulatorsFor(settings: ProviderSettings, context: SimulatorContext): Simulator[] {
  const simulators: Simulator[] = [];
  if (settings.smartId.source.kind === 'simulator') simulators.push(createSmartIdSimulator(context));
  if (settings.mobileId.source.kind === 'simulator') simulators.push(createMobileIdSimulator(context));
  return simulators;
}

/** The adapters: real parties at their URLs, simulated ones at the simulators' origin. */
export function createProviders(settings: ProviderSettings, simulatorsOrigin: string | null): Providers {
  const pageOrigins = new Set<string>();
  if (simulatorsOrigin) pageOrigins.add(simulatorsOrigin);
  return { simulatorsOrigin, pageOrigins: [...pageOrigins], ...createSkEidAdapters(settings, simulatorsOrigin) };
}

/** No party reachable: what an app made without providers (a unit test of something else) has. */
export const NO_PROVIDERS: Providers = { simulatorsOrigin: null, pageOrigins: [], smartId: null, mobileId: null };

/** What the app is told (runtime configuration): which parties it may offer. */
export function providerAvailability(providers: Providers): NonNullable<RuntimeConfig['providers']> {
  return { smartId: providers.smartId !== null, mobileId: providers.mobileId !== null, eparaksts: false, bankPayment: [], openBanking: false, remoteIdentification: false, login: false };
}
