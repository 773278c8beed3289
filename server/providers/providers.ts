import { ConfigError, readString, type Environment, type SolisMode } from '../config/env';
import type { ProviderSource } from './provider-source';
import type { RuntimeConfig } from '../../core/wire/config.schema';
import type { Simulator, SimulatorContext } from './simulator-host';
import { readIdvSettings, type IdvSettings } from './idv/idv.settings';
import { createIdvAdapter, type IdvAdapter } from './idv/idv.adapter';
import { createIdvSimulator, IDV_SIMULATOR_NAME } from './idv/idv.simulator';
import { readEparakstsSettings, type EparakstsSettings } from './eparaksts/eparaksts.settings';
import { eparakstsAdapterFor, type EparakstsAdapter } from './eparaksts/eparaksts.adapter';
import { eparakstsSimulators } from './eparaksts/eparaksts.simulator';
import { readBankPaymentSettings, type BankPaymentSettings } from './bank-payment/bank-payment.settings';
import { bankPaymentAdaptersFor, configuredBanks, type BankPaymentAdapters } from './bank-payment/bank-payment.adapter';
import { bankPaymentSimulators } from './bank-payment/bank-payment.simulator';

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
  idv: IdvSettings;
  eparaksts: EparakstsSettings;
  bankPayment: BankPaymentSettings;
}

export function readProviderSettings(env: Environment, mode: SolisMode): ProviderSettings {
  return {
    simulatorsPort: readSimulatorsPort(env, mode),
    idv: readIdvSettings(env, mode),
    eparaksts: readEparakstsSettings(env, mode),
    bankPayment: readBankPaymentSettings(env, mode),
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
  /** Remote identification's provider (server/providers/idv); null: not configured (production). */
  readonly idv: IdvAdapter | null;
  /** eParaksts (docs/decisions/168); null: not configured (production). */
  readonly eparaksts: EparakstsAdapter | null;
  /** The banks of payment signing, by BIC (docs/decisions/168); a bank not configured has none. */
  readonly bankPayment: BankPaymentAdapters;
}

/** The parties that are simulated. */
export function simulatedParties(settings: ProviderSettings): string[] {
  const parties: string[] = [];
  if (settings.idv.source.kind === 'simulator') parties.push(IDV_SIMULATOR_NAME);
  if (settings.eparaksts.source.kind === 'simulator') parties.push('eparaksts');
  if (settings.bankPayment.banks.some((bank) => bank.source.kind === 'simulator')) parties.push('bank-payment');
  return parties;
}

/** The simulators of the simulated parties, made for the host (server/providers/simulator-host.ts). */
export function simulatorsFor(settings: ProviderSettings, context: SimulatorContext): Simulator[] {
  return [
    ...(settings.idv.source.kind === 'simulator' ? [createIdvSimulator(context, settings.idv)] : []),
    ...eparakstsSimulators(settings.eparaksts, context),
    ...bankPaymentSimulators(settings.bankPayment, context),
  ];
}

/** The adapters: real parties at their URLs, simulated ones at the simulators' origin. */
export function createProviders(settings: ProviderSettings, simulatorsOrigin: string | null): Providers {
  const pageOrigins = new Set<string>();
  if (simulatorsOrigin) pageOrigins.add(simulatorsOrigin);
  const baseOf = (source: ProviderSource, name: string) => (source.kind === 'real' ? source.url : source.kind === 'simulator' && simulatorsOrigin ? `${simulatorsOrigin}/${name}` : null);
  const idvBase = baseOf(settings.idv.source, IDV_SIMULATOR_NAME);
  const idv = idvBase ? createIdvAdapter({ baseUrl: idvBase, apiKey: settings.idv.apiKey, secret: settings.idv.webhookSecret, timeoutMs: settings.idv.timeoutMs, pageOrigin: settings.idv.pageOrigin }) : null;
  if (idv) pageOrigins.add(idv.pageOrigin);
  const eparaksts = eparakstsAdapterFor(settings.eparaksts, simulatorsOrigin);
  const bankPayment = bankPaymentAdaptersFor(settings.bankPayment, simulatorsOrigin);
  // The redirect parties' pages are on their issuers' origins (an authorization endpoint elsewhere needs REDIRECT_ALLOWLIST).
  for (const adapter of [eparaksts, ...Object.values(bankPayment)]) if (adapter && !adapter.simulated) pageOrigins.add(new URL(adapter.issuer).origin);
  return { simulatorsOrigin, pageOrigins: [...pageOrigins], idv, eparaksts, bankPayment };
}

/** No party reachable: what an app made without providers (a unit test of something else) has. */
export const NO_PROVIDERS: Providers = { simulatorsOrigin: null, pageOrigins: [], idv: null, eparaksts: null, bankPayment: {} };

/** What the app is told (runtime configuration): which parties it may offer. */
export function providerAvailability(providers: Providers): NonNullable<RuntimeConfig['providers']> {
  return {
    smartId: false,
    mobileId: false,
    eparaksts: providers.eparaksts !== null,
    bankPayment: configuredBanks(providers.bankPayment),
    openBanking: false,
    remoteIdentification: providers.idv !== null,
    login: false,
  };
}
