/**
 * Remote identification's provider settings (issue 21; decision 171): IDV_* read and checked at
 * start-up, the simulator outside production when they are unset, nothing offered in production.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../server/config/env';
import { IDV_VARIABLES, MIN_IDV_WEBHOOK_SECRET_BYTES, SIMULATOR_IDV_API_KEY, readIdvSettings } from '../../../server/providers/idv/idv.settings';
import { readProviderSettings, createProviders, providerAvailability, simulatedParties, simulatorsFor } from '../../../server/providers/providers';
import { freshSecret } from '../support/secrets';

/** A secret of this run's own (issue 23: a value written here would be refused outside test mode). */
const SECRET = freshSecret();
const REAL = { IDV_URL: 'https://stationapi.veriff.com', IDV_API_KEY: 'key', IDV_WEBHOOK_SECRET: SECRET };

function refusal(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('IDV settings', () => {
  it('unset: the simulator in demonstration and test, nothing in production', () => {
    for (const mode of ['demonstration', 'test'] as const) {
      const settings = readIdvSettings({}, mode);
      expect(settings.source).toEqual({ kind: 'simulator' });
      expect(settings.apiKey).toBe(SIMULATOR_IDV_API_KEY);
      expect(Buffer.byteLength(settings.webhookSecret)).toBeGreaterThanOrEqual(MIN_IDV_WEBHOOK_SECRET_BYTES);
      // One secret per process: every configuration of it and its simulator agree.
      expect(readIdvSettings({}, mode).webhookSecret).toBe(settings.webhookSecret);
    }
    const production = { ...readProviderSettings({}, 'production'), idv: readIdvSettings({}, 'production') };
    expect(production.idv.source).toEqual({ kind: 'none' });
    expect(simulatedParties(production)).not.toContain('idv');
    expect(simulatorsFor(production, { origin: () => '', base: () => '' }).map((simulator) => simulator.name)).not.toContain('idv');
    const providers = createProviders(production, null);
    expect(providers.idv).toBeNull();
    expect(providerAvailability(providers).remoteIdentification).toBe(false);
  });

  it('set: the real provider, its key and secret required, a short secret refused, https only in production', () => {
    const settings = readIdvSettings(REAL, 'production');
    expect(settings).toMatchObject({ source: { kind: 'real', url: 'https://stationapi.veriff.com' }, apiKey: 'key', webhookSecret: SECRET, pageOrigin: null, timeoutMs: 10_000 });
    expect(refusal(() => readIdvSettings({ IDV_URL: REAL.IDV_URL, IDV_WEBHOOK_SECRET: SECRET }, 'production')).variable).toBe('IDV_API_KEY');
    expect(refusal(() => readIdvSettings({ IDV_URL: REAL.IDV_URL, IDV_API_KEY: 'key' }, 'production')).variable).toBe('IDV_WEBHOOK_SECRET');
    const short = refusal(() => readIdvSettings({ ...REAL, IDV_WEBHOOK_SECRET: 'short-secret' }, 'production'));
    expect(short.variable).toBe('IDV_WEBHOOK_SECRET');
    expect(short.message).toMatch(/at least 32/);
    // Also where the simulator would use it.
    expect(refusal(() => readIdvSettings({ IDV_WEBHOOK_SECRET: 'short-secret' }, 'demonstration')).variable).toBe('IDV_WEBHOOK_SECRET');
    expect(refusal(() => readIdvSettings({ ...REAL, IDV_URL: 'http://idv.example' }, 'production')).variable).toBe('IDV_URL');
    expect(readIdvSettings({ ...REAL, IDV_URL: 'http://127.0.0.1:9000' }, 'demonstration').source).toEqual({ kind: 'real', url: 'http://127.0.0.1:9000' });
    expect(refusal(() => readIdvSettings({ ...REAL, IDV_TIMEOUT_MS: 'soon' }, 'production')).variable).toBe('IDV_TIMEOUT_MS');
  });

  it('the pages\' origin joins the redirect allowlist; it must be an https origin in production', () => {
    const settings = readIdvSettings({ ...REAL, IDV_PAGE_ORIGIN: 'https://alchemy.veriff.com' }, 'production');
    const providers = createProviders({ ...readProviderSettings({}, 'production'), idv: settings }, null);
    expect(providers.pageOrigins).toEqual(['https://alchemy.veriff.com']);
    expect(providerAvailability(providers).remoteIdentification).toBe(true);
    expect(createProviders({ ...readProviderSettings({}, 'production'), idv: readIdvSettings(REAL, 'production') }, null).pageOrigins).toEqual(['https://stationapi.veriff.com']);
    expect(refusal(() => readIdvSettings({ ...REAL, IDV_PAGE_ORIGIN: 'https://alchemy.veriff.com/v/' }, 'production')).variable).toBe('IDV_PAGE_ORIGIN');
    expect(refusal(() => readIdvSettings({ ...REAL, IDV_PAGE_ORIGIN: 'http://alchemy.veriff.com' }, 'production')).variable).toBe('IDV_PAGE_ORIGIN');
  });

  it('lists its variables for the README\'s table', () => {
    expect(IDV_VARIABLES.map((variable) => variable.name)).toEqual(['IDV_URL', 'IDV_API_KEY', 'IDV_WEBHOOK_SECRET', 'IDV_PAGE_ORIGIN', 'IDV_TIMEOUT_MS']);
    for (const variable of IDV_VARIABLES) expect(variable.meaning.length).toBeGreaterThan(20);
  });
});
