import { readProviderSource } from '../../server/providers/providers';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CLIENT_LIMITS, TEST_EMBED_TOKEN_SECRET, loadConfig } from '../../server/config';
import { freshSecret } from './support/secrets';

/** A production secret of this run's own (issue 23: a value written here would be refused). */
const SECRET = freshSecret();

describe('loadConfig', () => {
  it('has defaults for a local start', () => {
    const config = loadConfig({ EMBED_TOKEN_SECRET: SECRET });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      businessDomain: 'retail-banking-ee',
      database: { kind: 'pglite', dataDir: '.data/pglite' },
      mode: 'demonstration',
      staticDir: 'dist',
      allowedOrigins: [],
      publicOrigin: null,
      redirectAllowlist: [],
      sessionTtlSeconds: 900,
      sessionAbsoluteTtlSeconds: 28_800,
      embedTokenSecret: SECRET,
      trustProxyHops: 0,
      captcha: { enabled: false },
      clientLimits: DEFAULT_CLIENT_LIMITS,
      uploadLimits: { filesPerHour: 20, mibPerHour: 100, clientFilesPerHour: 100, clientMibPerHour: 500 },
    });
    expect(config.featureFlags.size).toBe(0);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      BUSINESS_DOMAIN: 'retail-banking-lv',
      DATABASE_URL: 'postgres://solis@db:5432/solis',
      DATABASE_CONNECT_TIMEOUT_SECONDS: '3',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '20',
      SOLIS_MODE: 'test',
      STATIC_DIR: 'build',
      ALLOWED_ORIGINS: 'https://bank.example, https://partner.example/',
      SESSION_TTL_SECONDS: '600',
      SESSION_ABSOLUTE_TTL_SECONDS: '3600',
      TRUST_PROXY: '2',
      CLIENT_RATE_LIMIT_CREATE: '5',
      CLIENT_RATE_LIMIT_PERSONAL_CODE: '6',
      CLIENT_RATE_LIMIT_DRAFT_SAVE: '7',
      CLIENT_RATE_LIMIT_SUBMIT: '8',
      CLIENT_RATE_LIMIT_SESSION: '9',
      UPLOAD_LIMIT_FILES_PER_HOUR: '30',
      UPLOAD_LIMIT_MIB_PER_HOUR: '40',
      CLIENT_UPLOAD_LIMIT_FILES_PER_HOUR: '300',
      CLIENT_UPLOAD_LIMIT_MIB_PER_HOUR: '400',
      FEATURE_FLAGS: 'paymentSigning,greenLeasing',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      businessDomain: 'retail-banking-lv',
      database: { kind: 'postgres', url: 'postgres://solis@db:5432/solis', connectTimeoutMs: 3000, statementTimeoutMs: 20_000 },
      mode: 'test',
      staticDir: 'build',
      allowedOrigins: ['https://bank.example', 'https://partner.example'],
      publicOrigin: null,
      sessionTtlSeconds: 600,
      sessionAbsoluteTtlSeconds: 3600,
      embedTokenSecret: TEST_EMBED_TOKEN_SECRET,
      trustProxyHops: 2,
      clientLimits: { create: 5, personalCode: 6, draftSave: 7, submit: 8, session: 9 },
      uploadLimits: { filesPerHour: 30, mibPerHour: 40, clientFilesPerHour: 300, clientMibPerHour: 400 },
    });
    expect([...config.featureFlags]).toEqual(['paymentSigning', 'greenLeasing']);
  });

  it('gives a PostgreSQL pool connect and statement timeouts by default', () => {
    expect(loadConfig({ SOLIS_MODE: 'test', DATABASE_URL: 'postgres://db/solis' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://db/solis',
      connectTimeoutMs: 5000,
      statementTimeoutMs: 10_000,
    });
  });

  it('calls an unknown business domain a configuration error naming the variable and the allowed values', () => {
    expect(() => loadConfig({ BUSINESS_DOMAIN: 'retail-banking-fi' })).toThrow(ConfigError);
    expect(() => loadConfig({ BUSINESS_DOMAIN: 'retail-banking-fi' })).toThrow(
      'BUSINESS_DOMAIN is "retail-banking-fi"; allowed values: corporate-banking, retail-banking-ee, retail-banking-lt, retail-banking-lv.',
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '1e3'],
    ['SOLIS_MODE', 'dev'],
    ['SESSION_TTL_SECONDS', '5'],
    ['SESSION_ABSOLUTE_TTL_SECONDS', '60'],
    ['ALLOWED_ORIGINS', 'https://bank.example/path'],
    ['REDIRECT_ALLOWLIST', 'https://provider.example/sign?next=x'],
    ['REDIRECT_ALLOWLIST', 'https://user:pw@provider.example/sign'],
    ['REDIRECT_ALLOWLIST', 'javascript:alert(1)'],
    ['REDIRECT_ALLOWLIST', '/relative/path'],
    ['FEATURE_FLAGS', 'paymentSigning,noSuchFlag'],
    // Decision 191: captcha is CAPTCHA_ENABLED's; a retired flag is named, not silently ignored.
    ['FEATURE_FLAGS', 'captcha'],
    ['FEATURE_FLAGS', 'featureFlagService'],
    ['FEATURE_FLAGS', 'toString'],
    ['DATABASE_URL', 'mysql://db'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '11'],
    ['CLIENT_RATE_LIMIT_CREATE', '0'],
    ['CLIENT_RATE_LIMIT_SESSION', '0'],
    ['UPLOAD_LIMIT_FILES_PER_HOUR', '0'],
    ['UPLOAD_LIMIT_MIB_PER_HOUR', '20'],
    ['CLIENT_UPLOAD_LIMIT_FILES_PER_HOUR', 'many'],
    ['CLIENT_UPLOAD_LIMIT_MIB_PER_HOUR', '5'],
    ['CAPTCHA_VERIFY_URL', 'not a url'],
  ])('refuses %s=%s', (variable, value) => {
    expect(() => loadConfig({ EMBED_TOKEN_SECRET: SECRET, [variable]: value })).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it('refuses database timeouts out of range', () => {
    const env = { EMBED_TOKEN_SECRET: SECRET, DATABASE_URL: 'postgres://db/solis' };
    expect(() => loadConfig({ ...env, DATABASE_CONNECT_TIMEOUT_SECONDS: '0' })).toThrow(/^Invalid configuration: DATABASE_CONNECT_TIMEOUT_SECONDS /);
    expect(() => loadConfig({ ...env, DATABASE_STATEMENT_TIMEOUT_SECONDS: 'x' })).toThrow(/^Invalid configuration: DATABASE_STATEMENT_TIMEOUT_SECONDS /);
  });
});

describe('EMBED_TOKEN_SECRET (issue 9: production trusts no public secret)', () => {
  it('is required in production, with a message saying how to make one', () => {
    expect(() => loadConfig({})).toThrow(
      'Invalid configuration: EMBED_TOKEN_SECRET is required in production: at least 32 random bytes, e.g. `openssl rand -base64 48`',
    );
  });

  it('must be at least 32 bytes, in any mode', () => {
    expect(() => loadConfig({ EMBED_TOKEN_SECRET: 'x'.repeat(31) })).toThrow('EMBED_TOKEN_SECRET is 31 bytes long; it must be at least 32.');
    expect(() => loadConfig({ SOLIS_MODE: 'test', EMBED_TOKEN_SECRET: 'short' })).toThrow(/EMBED_TOKEN_SECRET is 5 bytes long/);
    // Bytes, not characters: 16 two-byte letters are 32 bytes.
    expect(loadConfig({ SOLIS_MODE: 'test', EMBED_TOKEN_SECRET: 'õ'.repeat(16) }).embedTokenSecret).toBe('õ'.repeat(16));
  });

  it('is never the public test-mode value in production (issue 23: nor any value published in the project)', () => {
    expect(() => loadConfig({ EMBED_TOKEN_SECRET: TEST_EMBED_TOKEN_SECRET })).toThrow(/^Invalid configuration: EMBED_TOKEN_SECRET is a value published in the Solis project/);
  });

  it('has a development value in test mode only', () => {
    expect(loadConfig({ SOLIS_MODE: 'test' }).embedTokenSecret).toBe(TEST_EMBED_TOKEN_SECRET);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['false', 0],
    ['0', 0],
    ['true', 1],
    ['1', 1],
    ['3', 3],
  ])('%s trusts %i proxies', (value, hops) => {
    expect(loadConfig({ SOLIS_MODE: 'test', TRUST_PROXY: value }).trustProxyHops).toBe(hops);
  });
});

// Captcha's variables (CAPTCHA_*): tests/server/captcha.test.ts (issue 21).

describe('outside parties (issue 21: demonstration by default, production refuses simulators)', () => {
  const SECRET_ENV = { EMBED_TOKEN_SECRET: SECRET };

  it('is a demonstration when SOLIS_MODE is unset: every party not configured is simulated', () => {
    expect(loadConfig(SECRET_ENV).mode).toBe('demonstration');
    expect(readProviderSource({}, 'demonstration', 'SMART_ID_URL')).toEqual({ kind: 'simulator' });
    expect(readProviderSource({}, 'test', 'SMART_ID_URL')).toEqual({ kind: 'simulator' });
  });

  it('in production, a party not configured is not reachable at all (never a simulator)', () => {
    expect(readProviderSource({}, 'production', 'SMART_ID_URL')).toEqual({ kind: 'none' });
  });

  it('a configured party is the real one, its base without a trailing slash', () => {
    expect(readProviderSource({ SMART_ID_URL: 'https://rp-api.smart-id.com/v2/' }, 'production', 'SMART_ID_URL')).toEqual({ kind: 'real', url: 'https://rp-api.smart-id.com/v2' });
  });

  it('production refuses a party on plain http, credentials in a URL and anything not a URL, naming the variable', () => {
    expect(() => readProviderSource({ SMART_ID_URL: 'http://127.0.0.1:4010/smart-id/v2' }, 'production', 'SMART_ID_URL')).toThrow(/SMART_ID_URL .*https only/);
    expect(() => readProviderSource({ PSD2_URL: 'https://user:pw@psd2.example' }, 'production', 'PSD2_URL')).toThrow(/PSD2_URL must not carry credentials/);
    expect(() => readProviderSource({ IDV_URL: 'not a url' }, 'demonstration', 'IDV_URL')).toThrow(/IDV_URL is "not a url"/);
    expect(readProviderSource({ SMART_ID_URL: 'http://127.0.0.1:4010/smart-id/v2' }, 'demonstration', 'SMART_ID_URL')).toMatchObject({ kind: 'real' });
  });

  it('production refuses to start with the simulators asked for', () => {
    expect(() => loadConfig({ ...SECRET_ENV, SOLIS_MODE: 'production', SIMULATORS_PORT: '4010' })).toThrow(/SIMULATORS_PORT is set, but production runs no simulator/);
    expect(loadConfig({ ...SECRET_ENV, SIMULATORS_PORT: '4010' }).providers.simulatorsPort).toBe(4010);
    expect(() => loadConfig({ ...SECRET_ENV, SIMULATORS_PORT: 'x' })).toThrow(/SIMULATORS_PORT is "x"/);
  });
});
