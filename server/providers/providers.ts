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

/**
 * One variable of a party, for the README's table of provider variables (a test keeps the table
 * and these lists the same). Each party's settings module exports its list.
 */
export interface ProviderVariable {
  name: string;
  /** What it is, in one sentence; the example value is shown beside it. */
  meaning: string;
  example: string;
  /** Needed when the party is real (its URL is set). */
  required: boolean;
}

/** How one party is reached. */
export type ProviderSource =
  | { kind: 'real'; url: string }
  /** Its simulator on loopback (demonstration and test only). */
  | { kind: 'simulator' }
  /** Production without the party's variables: whatever needs it is not offered. */
  | { kind: 'none' };

/**
 * Reads a party's base URL variable. Set: the real party (https only in production: a plain-http
 * party is a simulator or a mistake). Unset: its simulator, except in production.
 */
export function readProviderSource(env: Environment, mode: SolisMode, urlVariable: string): ProviderSource {
  const raw = readString(env, urlVariable);
  if (raw === undefined) return mode === 'production' ? { kind: 'none' } : { kind: 'simulator' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(urlVariable, `is "${raw}", which is not an http(s) URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(urlVariable, `is "${raw}", which is not an http(s) URL.`);
  if (url.username || url.password) throw new ConfigError(urlVariable, 'must not carry credentials in the URL; use the party\'s own variables.');
  if (mode === 'production' && url.protocol !== 'https:') {
    throw new ConfigError(urlVariable, `is "${raw}": production talks to outside parties over https only (a plain-http party is a simulator or a mistake).`);
  }
  return { kind: 'real', url: raw.replace(/\/+$/, '') };
}

/** A variable the party needs when it is real; absent is a start-up error naming it. */
export function requireWith(env: Environment, source: ProviderSource, name: string): string {
  const value = readString(env, name);
  if (source.kind === 'real' && value === undefined) throw new ConfigError(name, 'is required when its provider\'s URL is set.');
  return value ?? '';
}

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
