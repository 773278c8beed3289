import { ConfigError, readString, type Environment, type SolisMode } from '../config/env';
import type { RuntimeConfig } from '../../core/wire/config.schema';
import type { Simulator, SimulatorContext } from './simulator-host';
import { captchaProviderFor, type CaptchaProvider } from './captcha/captcha.adapter';
import { readCaptchaSettings, type CaptchaSettings } from './captcha/captcha.settings';
import { createCaptchaSimulator } from './captcha/captcha.simulator';
import { ssoProviderFor, type SsoProvider } from './sso/sso.adapter';
import { readSsoSettings, type SsoSettings } from './sso/sso.settings';
import { createSsoSimulator } from './sso/sso.simulator';

export { readProviderSource, requireWith, type ProviderSource, type ProviderVariable } from './provider-source';

/**
 * The outside parties (issue 21; docs/decisions/166). Each is reached by an adapter speaking its
 * published protocol over HTTP. Where a party's variables are set, the adapter talks to the real
 * party; where they are not, outside production, to the party's simulator on loopback (started by
 * `server/main.ts` beside the API, `server/providers/simulator-host.ts`), the way PGlite stands in
 * for PostgreSQL. In production a party that is not configured is not offered at all.
 */

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
  sso: SsoSettings;
  captcha: CaptchaSettings;
}

export function readProviderSettings(env: Environment, mode: SolisMode): ProviderSettings {
  return {
    simulatorsPort: readSimulatorsPort(env, mode),
    sso: readSsoSettings(env, mode),
    captcha: readCaptchaSettings(env, mode),
  };
}

/** The adapters the API uses, made from the settings once the simulators (if any) listen. */
export interface Providers {
  /** The simulators' origin when any party is simulated, else null. */
  readonly simulatorsOrigin: string | null;
  /**
   * Origins whose pages the browser is sent to and back from (the parties' own pages): on the
   * redirect allowlist besides REDIRECT_ALLOWLIST (decision 151).
   */
  readonly pageOrigins: readonly string[];
  /** The bank's login service (OpenID Connect); null in production without SSO_ISSUER. */
  readonly sso: SsoProvider | null;
  /** The captcha provider's verifier and widget; null when captcha is off. */
  readonly captcha: CaptchaProvider | null;
}

/** The parties that are simulated. */
export function simulatedParties(settings: ProviderSettings): string[] {
  return [
    ...(settings.sso.source.kind === 'simulator' ? ['login (OpenID Connect)'] : []),
    ...(settings.captcha.enabled && settings.captcha.source.kind === 'simulator' ? ['captcha'] : []),
  ];
}

/** The simulators of the simulated parties, made for the host (server/providers/simulator-host.ts). */
export function simulatorsFor(settings: ProviderSettings, context: SimulatorContext): Simulator[] {
  return [
    ...(settings.sso.source.kind === 'simulator' ? [createSsoSimulator(context, settings.sso)] : []),
    ...(settings.captcha.enabled && settings.captcha.source.kind === 'simulator' ? [createCaptchaSimulator(context, settings.captcha)] : []),
  ];
}

/** The adapters: real parties at their URLs, simulated ones at the simulators' origin. */
export function createProviders(settings: ProviderSettings, simulatorsOrigin: string | null): Providers {
  const pageOrigins = new Set<string>();
  if (simulatorsOrigin) pageOrigins.add(simulatorsOrigin);
  // The login service's pages are on its issuer's origin (another authorization endpoint origin goes in REDIRECT_ALLOWLIST).
  if (settings.sso.source.kind === 'real') pageOrigins.add(new URL(settings.sso.source.url).origin);
  const sso = ssoProviderFor(settings.sso, simulatorsOrigin);
  const captcha = captchaProviderFor(settings.captcha, simulatorsOrigin);
  return { simulatorsOrigin, pageOrigins: [...pageOrigins], sso, captcha };
}

/** No party reachable: what an app made without providers (a unit test of something else) has. */
export const NO_PROVIDERS: Providers = { simulatorsOrigin: null, pageOrigins: [], sso: null, captcha: null };

/** What the app is told (runtime configuration): which parties it may offer. */
export function providerAvailability(providers: Providers): NonNullable<RuntimeConfig['providers']> {
  return { smartId: false, mobileId: false, eparaksts: false, bankPayment: [], openBanking: false, remoteIdentification: false, login: providers.sso !== null };
}
