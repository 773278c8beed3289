import { ConfigError, readInteger, readString, type Environment, type SolisMode } from '../config/env';
import type { ProviderSource } from './provider-source';
import type { RuntimeConfig } from '../../core/wire/config.schema';
import type { Simulator, SimulatorContext } from './simulator-host';
import { readIdvSettings, type IdvSettings } from './idv/idv.settings';
import { createIdvAdapter, type IdvAdapter } from './idv/idv.adapter';
import { createIdvSimulator, IDV_SIMULATOR_NAME } from './idv/idv.simulator';
import { readPsd2Settings, type Psd2Settings } from './psd2/psd2.settings';
import { createPsd2Aggregator, type Psd2Aggregator } from './psd2/psd2.adapter';
import { createPsd2Simulator } from './psd2/psd2.simulator';
import { EPARAKSTS_SIMULATOR, readEparakstsSettings, type EparakstsSettings } from './eparaksts/eparaksts.settings';
import { eparakstsAdapterFor, type EparakstsAdapter } from './eparaksts/eparaksts.adapter';
import { eparakstsSimulator } from './eparaksts/eparaksts.simulator';
import { BANK_PAYMENT_SIMULATOR, readBankPaymentSettings, type BankPaymentSettings } from './bank-payment/bank-payment.settings';
import { bankPaymentAdaptersFor, configuredBanks, type BankPaymentAdapters } from './bank-payment/bank-payment.adapter';
import { bankPaymentSimulator } from './bank-payment/bank-payment.simulator';
import { readSmartIdSettings, type SmartIdSettings } from './smart-id/smart-id.settings';
import { createSmartIdSimulator } from './smart-id/smart-id.simulator';
import { createSkEidAdapters, type SkEidAdapters } from './sk-eid/sk-eid.adapters';
import { readMobileIdSettings, type MobileIdSettings } from './mobile-id/mobile-id.settings';
import { createMobileIdSimulator } from './mobile-id/mobile-id.simulator';
import { captchaProviderFor, type CaptchaProvider } from './captcha/captcha.adapter';
import { readCaptchaSettings, type CaptchaSettings } from './captcha/captcha.settings';
import { CAPTCHA_SIMULATOR, createCaptchaSimulator } from './captcha/captcha.simulator';
import { ssoProviderFor, type SsoProvider } from './sso/sso.adapter';
import { readSsoSettings, type SsoSettings } from './sso/sso.settings';
import { SSO_SIMULATOR, createSsoSimulator } from './sso/sso.simulator';
import { readPopulationRegisterSettings, type PopulationRegisterSettings } from './population-register/population-register.settings';
import { populationRegisterFor, type PopulationRegister } from './population-register/population-register.adapter';
import { POPULATION_REGISTER_SIMULATOR, createPopulationRegisterSimulator } from './population-register/population-register.simulator';
import { readBusinessRegisterSettings, type BusinessRegisterSettings } from './business-register/business-register.settings';
import { businessRegisterFor, type BusinessRegister } from './business-register/business-register.adapter';
import { BUSINESS_REGISTER_SIMULATOR, createBusinessRegisterSimulator } from './business-register/business-register.simulator';

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
  if (mode === 'production' && readString(env, 'SIMULATORS_PORT') !== undefined) {
    throw new ConfigError('SIMULATORS_PORT', 'is set, but production runs no simulator: configure every provider instead.');
  }
  return readInteger(env, 'SIMULATORS_PORT', 0, { min: 0, max: 65535 });
}

/** Every party's settings, read and checked at start-up (part of `SolisConfig`). */
export interface ProviderSettings {
  simulatorsPort: number;
  smartId: SmartIdSettings;
  mobileId: MobileIdSettings;
  idv: IdvSettings;
  psd2: Psd2Settings;
  eparaksts: EparakstsSettings;
  bankPayment: BankPaymentSettings;
  sso: SsoSettings;
  captcha: CaptchaSettings;
  populationRegister: PopulationRegisterSettings;
  businessRegister: BusinessRegisterSettings;
}

export function readProviderSettings(env: Environment, mode: SolisMode): ProviderSettings {
  return {
    simulatorsPort: readSimulatorsPort(env, mode),
    smartId: readSmartIdSettings(env, mode),
    mobileId: readMobileIdSettings(env, mode),
    idv: readIdvSettings(env, mode),
    psd2: readPsd2Settings(env, mode),
    eparaksts: readEparakstsSettings(env, mode),
    bankPayment: readBankPaymentSettings(env, mode),
    sso: readSsoSettings(env, mode),
    captcha: readCaptchaSettings(env, mode),
    populationRegister: readPopulationRegisterSettings(env, mode),
    businessRegister: readBusinessRegisterSettings(env, mode),
  };
}

/** The adapters the API uses, made from the settings once the simulators (if any) listen. */
/** The adapters the API uses (Smart-ID and Mobile-ID: `smartId`, `mobileId` of SkEidAdapters). */
export interface Providers extends SkEidAdapters {
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
  /** Open banking's aggregator (Berlin Group NextGenPSD2), or null where none is configured. */
  readonly psd2: Psd2Aggregator | null;
  /** The bank's login service (OpenID Connect); null in production without SSO_ISSUER. */
  readonly sso: SsoProvider | null;
  /** The captcha provider's verifier and widget; null when captcha is off. */
  readonly captcha: CaptchaProvider | null;
  /** The population register (docs/decisions/186); null: not configured (production), the personal-code check fails closed. */
  readonly populationRegister: PopulationRegister | null;
  /** The business register (issue 24, decision 181); null: not configured (production). */
  readonly businessRegister: BusinessRegister | null;
}

/** Each simulated party: its simulator's name (its path on the host) and how it is made. */
function simulatorEntries(settings: ProviderSettings): { name: string; simulated: boolean; make: (context: SimulatorContext) => Simulator }[] {
  return [
    { name: 'smart-id', simulated: settings.smartId.source.kind === 'simulator', make: (context) => createSmartIdSimulator(context) },
    { name: 'mobile-id', simulated: settings.mobileId.source.kind === 'simulator', make: (context) => createMobileIdSimulator(context) },
    { name: IDV_SIMULATOR_NAME, simulated: settings.idv.source.kind === 'simulator', make: (context) => createIdvSimulator(context, settings.idv) },
    { name: 'psd2', simulated: settings.psd2.source.kind === 'simulator', make: (context) => createPsd2Simulator(context) },
    { name: EPARAKSTS_SIMULATOR, simulated: settings.eparaksts.source.kind === 'simulator', make: (context) => eparakstsSimulator(settings.eparaksts, context) },
    { name: BANK_PAYMENT_SIMULATOR, simulated: settings.bankPayment.banks.some((bank) => bank.source.kind === 'simulator'), make: (context) => bankPaymentSimulator(settings.bankPayment, context) },
    { name: SSO_SIMULATOR, simulated: settings.sso.source.kind === 'simulator', make: (context) => createSsoSimulator(context, settings.sso) },
    {
      name: CAPTCHA_SIMULATOR,
      simulated: settings.captcha.enabled && settings.captcha.source.kind === 'simulator',
      make: (context) => createCaptchaSimulator(context, settings.captcha.enabled ? settings.captcha : { siteKey: '', secret: '' }),
    },
    { name: POPULATION_REGISTER_SIMULATOR, simulated: settings.populationRegister.source.kind === 'simulator', make: () => createPopulationRegisterSimulator() },
    { name: BUSINESS_REGISTER_SIMULATOR, simulated: settings.businessRegister.source.kind === 'simulator', make: () => createBusinessRegisterSimulator() },
  ];
}

/** The parties that are simulated. */
export function simulatedParties(settings: ProviderSettings): string[] {
  return simulatorEntries(settings)
    .filter((entry) => entry.simulated)
    .map((entry) => entry.name);
}

/** The simulators of the simulated parties, made for the host (server/providers/simulator-host.ts). */
export function simulatorsFor(settings: ProviderSettings, context: SimulatorContext): Simulator[] {
  return simulatorEntries(settings)
    .filter((entry) => entry.simulated)
    .map((entry) => entry.make(context));
}

/** A party's base: its URL when real, its simulator's base when simulated and running, else null. */
export function baseOf(source: ProviderSource, simulatorsOrigin: string | null, name: string): string | null {
  if (source.kind === 'real') return source.url;
  return source.kind === 'simulator' && simulatorsOrigin ? `${simulatorsOrigin}/${name}` : null;
}

/** The adapters: real parties at their URLs, simulated ones at the simulators' origin. */
export function createProviders(settings: ProviderSettings, simulatorsOrigin: string | null): Providers {
  const pageOrigins = new Set<string>();
  if (simulatorsOrigin) pageOrigins.add(simulatorsOrigin);
  const idvBase = baseOf(settings.idv.source, simulatorsOrigin, IDV_SIMULATOR_NAME);
  const idv = idvBase ? createIdvAdapter({ baseUrl: idvBase, apiKey: settings.idv.apiKey, secret: settings.idv.webhookSecret, timeoutMs: settings.idv.timeoutMs, pageOrigin: settings.idv.pageOrigin }) : null;
  if (idv) pageOrigins.add(idv.pageOrigin);
  const psd2 = createPsd2Aggregator(settings.psd2, simulatorsOrigin);
  for (const origin of psd2?.pageOrigins ?? []) pageOrigins.add(origin);
  const eparaksts = eparakstsAdapterFor(settings.eparaksts, simulatorsOrigin);
  const bankPayment = bankPaymentAdaptersFor(settings.bankPayment, simulatorsOrigin);
  // The redirect parties' pages are on their issuers' origins (an authorization endpoint elsewhere needs REDIRECT_ALLOWLIST).
  for (const adapter of [eparaksts, ...Object.values(bankPayment)]) if (adapter && !adapter.simulated) pageOrigins.add(new URL(adapter.issuer).origin);
  if (settings.sso.source.kind === 'real') pageOrigins.add(new URL(settings.sso.source.url).origin);
  const sso = ssoProviderFor(settings.sso, simulatorsOrigin);
  const captcha = captchaProviderFor(settings.captcha, simulatorsOrigin);
  const populationRegister = populationRegisterFor(settings.populationRegister, simulatorsOrigin);
  const businessRegister = businessRegisterFor(settings.businessRegister, simulatorsOrigin);
  return { simulatorsOrigin, pageOrigins: [...pageOrigins], ...createSkEidAdapters(settings, simulatorsOrigin), idv, psd2, eparaksts, bankPayment, sso, captcha, populationRegister, businessRegister };
}

/** No party reachable: what an app made without providers (a unit test of something else) has. */
export const NO_PROVIDERS: Providers = { simulatorsOrigin: null, pageOrigins: [], smartId: null, mobileId: null, idv: null, psd2: null, eparaksts: null, bankPayment: {}, sso: null, captcha: null, populationRegister: null, businessRegister: null };

/** What the app is told (runtime configuration): which parties it may offer. */
export function providerAvailability(providers: Providers): NonNullable<RuntimeConfig['providers']> {
  return {
    smartId: providers.smartId !== null,
    mobileId: providers.mobileId !== null,
    eparaksts: providers.eparaksts !== null,
    bankPayment: configuredBanks(providers.bankPayment),
    openBanking: providers.psd2 !== null,
    remoteIdentification: providers.idv !== null,
    login: providers.sso !== null,
  };
}
