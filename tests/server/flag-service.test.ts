/**
 * Decision 191: section 6's flags come from a check-flag service (server/features/flag-service.ts)
 * whose default implementation is the environment. The routes of section 7, the runtime
 * configuration and every reader on the server ask it, never the configuration itself.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { FEATURE_FLAGS, RETIRED_FLAGS, type FeatureFlag } from '../../server/features/feature-flags';
import { environmentFlagService, type FlagService } from '../../server/features/flag-service';
import type { InstitutionList } from '../../core/wire/open-banking.schema';
import type { TaskResponse } from '../../core/wire/application.schema';
import { silentLogger } from '../../server/http/logger';
import { ApiClient } from './support/api-client';
import { startTestApp, TEST_ORIGIN, type TestApp } from './support/test-app';

type Data<T> = { data: T };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BUSINESS_DOMAIN: 'retail-banking-lv', FEATURE_FLAGS: 'paymentSigning' });
});
afterAll(() => t.database.dispose());

/** A check-flag service other than the environment's: what it says on is on, whatever FEATURE_FLAGS lists. */
function serviceSaying(on: readonly FeatureFlag[]): FlagService & { asked: string[] } {
  const asked: string[] = [];
  const set = new Set<FeatureFlag>(on);
  return {
    asked,
    isEnabled: (name) => {
      asked.push(name);
      return (set as ReadonlySet<string>).has(name);
    },
    all: () => Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, set.has(flag)])) as Record<FeatureFlag, boolean>,
    enabled: () => set,
  };
}

describe('the environment check-flag service', () => {
  it('answers the flags FEATURE_FLAGS lists, every other flag and unknown names off', () => {
    const service = environmentFlagService(loadConfig({ SOLIS_MODE: 'test', FEATURE_FLAGS: 'greenLeasing, renewableLoan' }));
    expect(service.isEnabled('greenLeasing')).toBe(true);
    expect(service.isEnabled('renewableLoan')).toBe(true);
    expect(service.isEnabled('paymentSigning')).toBe(false);
    expect(service.isEnabled('notAFlag')).toBe(false);
    expect(service.isEnabled('__proto__')).toBe(false);
    expect(Object.keys(service.all()).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect([...service.enabled()].sort()).toEqual(['greenLeasing', 'renewableLoan']);
  });

  it('answers captcha from the captcha provider’s switch, CAPTCHA_ENABLED, and refuses it in FEATURE_FLAGS', () => {
    expect(environmentFlagService(loadConfig({ SOLIS_MODE: 'test' })).isEnabled('captcha')).toBe(false);
    const withCaptcha = environmentFlagService(loadConfig({ SOLIS_MODE: 'test', CAPTCHA_ENABLED: 'true' }));
    expect(withCaptcha.isEnabled('captcha')).toBe(true);
    expect(withCaptcha.all().captcha).toBe(true);
    expect(() => loadConfig({ SOLIS_MODE: 'test', FEATURE_FLAGS: 'captcha' })).toThrow(/set CAPTCHA_ENABLED instead/);
  });

  it('refuses each retired flag with its reason (decision 191), and serves none of them', () => {
    for (const [name, reason] of Object.entries(RETIRED_FLAGS)) {
      expect(() => loadConfig({ SOLIS_MODE: 'test', FEATURE_FLAGS: name }), name).toThrow(`retired flag "${name}" (decision 191): ${reason}`);
      expect(FEATURE_FLAGS as readonly string[]).not.toContain(name);
    }
  });
});

describe('section 7’s flag routes and the runtime configuration ask the check-flag service', () => {
  it('answer from the environment by default', async () => {
    const client = t.client();
    expect((await client.post<Data<unknown>>('/api/v1/features/check-flag', { feature: 'paymentSigning' })).body.data).toEqual({ feature: 'paymentSigning', enabled: true });
    expect((await client.post<Data<unknown>>('/api/v1/features/check-flags', { features: ['paymentSigning', 'greenLeasing', 'competitorOffer'] })).body.data).toEqual({
      flags: { paymentSigning: true, greenLeasing: false, competitorOffer: false },
    });
    const all = (await client.get<Data<{ flags: Record<string, boolean> }>>('/api/v1/features/check-all-flags')).body.data.flags;
    expect(Object.entries(all).filter(([, on]) => on).map(([flag]) => flag)).toEqual(['paymentSigning']);
    const runtime = (await client.get<Data<{ features: Record<string, boolean> }>>('/api/v1/runtime-config')).body.data.features;
    expect(runtime).toEqual(all);
  });

  it('answer what another implementation says, not FEATURE_FLAGS (the app is built with it)', async () => {
    const service = serviceSaying(['greenLeasing', 'luminorOpenBankingLogin']);
    const app = createApp({ config: t.config, db: t.database.db, providers: t.providers, clock: t.now, logger: silentLogger, flags: service });
    const client = new ApiClient(app, TEST_ORIGIN);
    expect((await client.post<Data<unknown>>('/api/v1/features/check-flag', { feature: 'greenLeasing' })).body.data).toEqual({ feature: 'greenLeasing', enabled: true });
    expect((await client.post<Data<unknown>>('/api/v1/features/check-flag', { feature: 'paymentSigning' })).body.data).toEqual({ feature: 'paymentSigning', enabled: false });
    expect((await client.post<Data<{ flags: Record<string, boolean> }>>('/api/v1/features/check-flags', { features: ['luminorOpenBankingLogin'] })).body.data.flags).toEqual({ luminorOpenBankingLogin: true });
    expect((await client.get<Data<{ flags: Record<string, boolean> }>>('/api/v1/features/check-all-flags')).body.data.flags).toMatchObject({ greenLeasing: true, paymentSigning: false });
    expect((await client.get<Data<{ features: Record<string, boolean> }>>('/api/v1/runtime-config')).body.data.features).toMatchObject({ greenLeasing: true, paymentSigning: false });

    // A reader: the open-banking bank list offers Luminor because this service says so.
    const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', { taskDefinitionKey: 'provideBasViaOpenBanking', productName: 'SMALL_LOAN', previousTasks: ['checkAnswers'] });
    expect(seeded.status).toBe(201);
    const listed = await client.get<Data<InstitutionList>>(`/api/v1/psd2/list-institutions?externalId=${seeded.body.data.externalId}`);
    expect(listed.body.data.available.map((bank) => bank.name)).toContain('Luminor');
    expect(service.asked).toContain('luminorOpenBankingLogin');
  });
});

describe('renewableLoan where it applies: the purpose a new application keeps (section 3)', () => {
  it('keeps the renewable-projects purpose only with the flag on', async () => {
    const request = { application: { creditConditions: { productName: 'RENOVATION_LOAN', loanAmount: 5000, loanPeriod: 60, loanPurpose: 'OTHER_RENEWABLE_PROJECTS' } } };
    const purposeWith = async (app: TestApp) => {
      const created = await app.client().post<Data<TaskResponse>>('/api/v1/application-process', request);
      expect(created.status, created.text).toBe(201);
      return created.body.data.application.creditConditions.loanPurpose;
    };
    expect(await purposeWith(t.withEnv({ BUSINESS_DOMAIN: 'retail-banking-ee', FEATURE_FLAGS: 'renewableLoan' }))).toBe('OTHER_RENEWABLE_PROJECTS');
    expect(await purposeWith(t.withEnv({ BUSINESS_DOMAIN: 'retail-banking-ee', FEATURE_FLAGS: undefined }))).toBeNull();
  });
});

describe('no reader on the server reads the flags around the service', () => {
  function filesUnder(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
    });
  }

  it('reads config.featureFlags only in the environment service (and config.ts, which parses it)', () => {
    const readers = filesUnder('server').filter((path) => /\bconfig\.featureFlags\b|\bfeatureFlags\.has\(/.test(readFileSync(path, 'utf8')));
    expect(readers.sort()).toEqual(['server/features/flag-service.ts']);
  });
});
