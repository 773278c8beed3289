import { describe, expect, it } from 'vitest';
import { ConfigError, TEST_EMBED_TOKEN_SECRET, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('has defaults for a local start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      businessDomain: 'retail-banking-ee',
      database: { kind: 'pglite', dataDir: '.data/pglite' },
      mode: 'production',
      staticDir: 'dist',
      allowedOrigins: [],
      sessionTtlSeconds: 900,
    });
    expect(config.featureFlags.size).toBe(0);
    expect(config.embedTokenSecret).not.toBe(TEST_EMBED_TOKEN_SECRET);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      BUSINESS_DOMAIN: 'retail-banking-lv',
      DATABASE_URL: 'postgres://solis@db:5432/solis',
      SOLIS_MODE: 'test',
      STATIC_DIR: 'build',
      ALLOWED_ORIGINS: 'https://bank.example, https://partner.example/',
      SESSION_TTL_SECONDS: '600',
      FEATURE_FLAGS: 'captcha,greenLeasing',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      businessDomain: 'retail-banking-lv',
      database: { kind: 'postgres', url: 'postgres://solis@db:5432/solis' },
      mode: 'test',
      staticDir: 'build',
      allowedOrigins: ['https://bank.example', 'https://partner.example'],
      sessionTtlSeconds: 600,
      embedTokenSecret: TEST_EMBED_TOKEN_SECRET,
    });
    expect([...config.featureFlags]).toEqual(['captcha', 'greenLeasing']);
  });

  it('calls an unknown business domain a configuration error naming the variable and the allowed values', () => {
    expect(() => loadConfig({ BUSINESS_DOMAIN: 'retail-banking-fi' })).toThrow(ConfigError);
    expect(() => loadConfig({ BUSINESS_DOMAIN: 'retail-banking-fi' })).toThrow(
      'BUSINESS_DOMAIN is "retail-banking-fi"; allowed values: corporate-banking, retail-banking-ee, retail-banking-lt, retail-banking-lv.',
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['SOLIS_MODE', 'dev'],
    ['SESSION_TTL_SECONDS', '5'],
    ['ALLOWED_ORIGINS', 'https://bank.example/path'],
    ['FEATURE_FLAGS', 'captcha,noSuchFlag'],
    ['DATABASE_URL', 'mysql://db'],
  ])('refuses %s=%s', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });
});
