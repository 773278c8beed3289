/**
 * Issue 23, item 2 (docs/decisions/177-secrets-session-limit-and-the-data-directory-lock.md): `SOLIS_MODE=production
 * EMBED_TOKEN_SECRET=solis-development-only-embed-token-secret` started, and a token forged with it
 * read another customer's draft. Start-up now refuses every secret value ever written in the project
 * (kept as SHA-256 hashes) and every secret too weak to stand a guesser, for each secret-valued
 * variable, naming the variable and never printing the value.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import { ConfigError, TEST_EMBED_TOKEN_SECRET, loadConfig, type Environment, type SolisMode } from '../../server/config';
import { PUBLISHED_SECRET_SHA256 } from '../../server/config/published-secrets';
import { isPublishedSecret, sha256Hex } from '../../server/config/secrets';
import { MIN_SECRET_BITS, estimateSecretBits } from '../../server/config/secret-strength';
import { signEmbedToken } from '../../server/sessions/bearer-token';
import { plainLines, runServerUntilExit } from '../support/server-process';
import { PUBLISHED_SECRETS_FILE, secretLiteralsIn, workingTreeSecretLiterals } from '../support/secret-literals';
import { continuePath } from './support/payloads';
import { TEST_DATA_KEYS_ENV } from '../support/data-keys';
import { freshSecret } from './support/secrets';
import { startTestApp, type TestApp } from './support/test-app';

/** The development secret of the project's early days (issue 23's probe): in the history, no longer in any file. */
const DEVELOPMENT_SECRET = 'solis-development-only-embed-token-secret';

type Data<T> = { data: T };

function refusal(env: Environment): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('the list of published secrets', () => {
  it('holds only SHA-256 hashes, among them the development and test-mode secrets', () => {
    for (const hash of PUBLISHED_SECRET_SHA256) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(isPublishedSecret(DEVELOPMENT_SECRET)).toBe(true);
    expect(isPublishedSecret(TEST_EMBED_TOKEN_SECRET)).toBe(true);
    expect(readFileSync(PUBLISHED_SECRETS_FILE, 'utf8')).not.toContain(DEVELOPMENT_SECRET);
  });

  it('has the hash of every secret-looking literal in the project\'s files (a new one fails here until the list is rebuilt)', () => {
    const found = workingTreeSecretLiterals();
    // The extractor sees what the history held (a sanity check of the patterns themselves).
    for (const value of ['demonstration-only-bank-secret', 'demonstration-only-eparaksts-secret', 'demonstration-key', '9b1e6d4f-7a3c-4e2b-8f5d-0c6a1b9e3d27', TEST_EMBED_TOKEN_SECRET]) {
      expect(found.has(value), value).toBe(true);
    }
    const missing = [...found].filter(([value]) => !PUBLISHED_SECRET_SHA256.has(sha256Hex(value))).map(([value, file]) => `${file}: ${value}`);
    expect(missing, 'run `node --import tsx tests/support/secret-literals.ts` to add them').toEqual([]);
  });

  it('finds secrets however they are written', () => {
    const text = [
      `const SECRET = 'one-1';`,
      `  EMBED_TOKEN_SECRET: "two-2",`,
      `clientSecret ?? \`three-3\``,
      `CAPTCHA_SECRET=four-4 npm start`,
      `{ name: 'IDV_WEBHOOK_SECRET',\n  meaning: 'x',\n  example: 'five-5' }`,
      '| Party | `PSD2_API_KEY` | yes | A key | `six-6` |',
      `verify(token, 'my-secret-7')`,
      `EMBED_TOKEN_SECRET=$(openssl rand -base64 48)`,
      `const name = 'EMBED_TOKEN_SECRET';`,
    ].join('\n');
    expect([...secretLiteralsIn(text)].sort()).toEqual(['five-5', 'four-4', 'my-secret-7', 'one-1', 'six-6', 'three-3', 'two-2']);
  });
});

describe("issue 23's probe: production with the published development secret", () => {
  it('refuses to start: one line naming EMBED_TOKEN_SECRET, without its value, exit code 1', async () => {
    const result = await runServerUntilExit({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: DEVELOPMENT_SECRET, DATA_DIR: '/nonexistent/solis-secrets-test' }, 60_000);
    expect(result.code).toBe(1);
    expect(plainLines(result.output)).toEqual([expect.stringMatching(/^Invalid configuration: EMBED_TOKEN_SECRET is a value published in the Solis project/)]);
    expect(result.output).not.toContain(DEVELOPMENT_SECRET);
    expect(result.output).not.toContain('Solis is serving');
  }, 70_000);

  it('so a token forged with it reads nothing: a server that starts has a secret of its own', async () => {
    const t: TestApp = await startTestApp();
    try {
      const production = t.withEnv({ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: freshSecret() });
      const now = Math.floor(Date.now() / 1000);
      const claims = { sub: `customer-${randomUUID()}`, userGroups: [], iat: now, exp: now + 600 };
      const own = { authorization: `Bearer ${signEmbedToken(claims, production.config.embedTokenSecret)}` };
      const created = await production.client().post<Data<TaskResponse>>('/api/v1/application-process', { application: { creditConditions: { productName: 'SMALL_LOAN' } } }, { headers: own });
      expect(created.status).toBe(201);
      const forged = { authorization: `Bearer ${signEmbedToken(claims, DEVELOPMENT_SECRET)}` };
      expect((await production.client().post(continuePath(created.body.data.externalId), undefined, { headers: forged })).status).toBe(401);
      expect((await production.client().post(continuePath(created.body.data.externalId), undefined, { headers: own })).status).toBe(200);
    } finally {
      await t.database.dispose();
    }
  });
});

/** Every secret-valued variable, with what else its party needs to be real in production. */
const SECRET_VARIABLES: readonly { name: string; env: Environment }[] = [
  { name: 'EMBED_TOKEN_SECRET', env: {} },
  {
    name: 'CAPTCHA_SECRET',
    env: { CAPTCHA_ENABLED: 'true', CAPTCHA_VERIFY_URL: 'https://captcha.example/siteverify', CAPTCHA_SITE_KEY: 'site-key', CAPTCHA_SCRIPT_URL: 'https://captcha.example/api.js', CAPTCHA_HOSTNAME: 'apply.bank.example' },
  },
  { name: 'EPARAKSTS_CLIENT_SECRET', env: { EPARAKSTS_URL: 'https://eparaksts.example/oidc', EPARAKSTS_CLIENT_ID: 'solis' } },
  {
    name: 'BANK_PAYMENT_HABALV22_CLIENT_SECRET',
    env: { BANK_PAYMENT_BANKS: 'HABALV22', BANK_PAYMENT_HABALV22_URL: 'https://bank.example/oidc', BANK_PAYMENT_HABALV22_CLIENT_ID: 'solis', BANK_PAYMENT_CREDITOR_NAME: 'Solis Bank AS', BANK_PAYMENT_CREDITOR_IBAN: 'LV51SOLS0000000000001' },
  },
  { name: 'IDV_WEBHOOK_SECRET', env: { IDV_URL: 'https://idv.example', IDV_API_KEY: 'integration' } },
  { name: 'PSD2_API_KEY', env: { PSD2_URL: 'https://xs2a.example/berlingroup', PSD2_CLIENT_ID: 'bank', PSD2_TPP_NAME: 'Solis Bank' } },
  { name: 'SSO_CLIENT_SECRET', env: { SSO_ISSUER: 'https://login.bank.example', SSO_CLIENT_ID: 'solis' } },
];

function configured(name: string, value: string, env: Environment, mode: SolisMode): Environment {
  return { SOLIS_MODE: mode, EMBED_TOKEN_SECRET: freshSecret(), ...TEST_DATA_KEYS_ENV, ...env, [name]: value };
}

describe.each(SECRET_VARIABLES)('$name', ({ name, env }) => {
  const weak = [
    ['all one character', 'a'.repeat(48)],
    ['a short pattern repeated', 'abc123'.repeat(8)],
    ['a run of the keyboard and the alphabet', 'abcdefghijklmnopqrstuvwxyz0123456789'],
    ['a phrase of words', 'correct-horse-battery-staple-mountain-river'],
  ] as const;

  it.each(['production', 'demonstration'] as const)('in %s: refuses the published values, names the variable, never prints the value', (mode) => {
    for (const value of [DEVELOPMENT_SECRET, TEST_EMBED_TOKEN_SECRET, 'demonstration-only-bank-secret', '9b1e6d4f-7a3c-4e2b-8f5d-0c6a1b9e3d27']) {
      const error = refusal(configured(name, value, env, mode));
      expect(error.variable).toBe(name);
      expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${name} (is a value published in the Solis project|is \\d+ bytes long)`));
      expect(error.message).not.toContain(value);
    }
  });

  it.each(weak)('refuses %s as too easy to guess', (_, value) => {
    const error = refusal(configured(name, value, env, 'production'));
    expect(error.variable).toBe(name);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${name} is too easy to guess: about \\d+ bits of entropy estimated, at least 128 needed`));
    expect(error.message).not.toContain(value);
  });

  it('accepts a secret of its own; test mode keeps the published test values', () => {
    expect(() => loadConfig(configured(name, freshSecret(), env, 'production'))).not.toThrow();
    expect(() => loadConfig(configured(name, randomBytes(32).toString('hex'), env, 'demonstration'))).not.toThrow();
    expect(() => loadConfig(configured(name, TEST_EMBED_TOKEN_SECRET, env, 'test'))).not.toThrow();
  });
});

describe('the strength estimate', () => {
  it('counts repeats, runs and words as little', () => {
    expect(estimateSecretBits('x'.repeat(64))).toBeLessThan(16);
    expect(estimateSecretBits('abab'.repeat(16))).toBeLessThan(20);
    expect(estimateSecretBits('abcdefgh'.repeat(6))).toBeLessThan(60);
    expect(estimateSecretBits('12345678901234567890123456789012')).toBeLessThan(60);
    expect(estimateSecretBits('0123456789abcdef0123456789abcdef')).toBeLessThan(MIN_SECRET_BITS);
    expect(estimateSecretBits(DEVELOPMENT_SECRET)).toBeLessThan(MIN_SECRET_BITS);
    expect(estimateSecretBits(TEST_EMBED_TOKEN_SECRET)).toBeLessThan(MIN_SECRET_BITS);
    expect(estimateSecretBits('õ'.repeat(32))).toBeLessThan(16);
  });

  it('accepts what a generator makes: 32 or 48 random bytes in base64, base64url or hex, and a UUID', () => {
    const makers = [
      () => randomBytes(32).toString('base64url'),
      () => randomBytes(48).toString('base64'),
      () => randomBytes(32).toString('hex'),
      () => randomBytes(24).toString('base64url'),
      () => randomUUID(),
    ];
    for (const make of makers) {
      for (let i = 0; i < 300; i++) {
        const value = make();
        expect(estimateSecretBits(value), value).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
      }
    }
  });
});

describe('the installation secret of `npm start` (server/start.ts: 48 random bytes, base64)', () => {
  it('passes in a demonstration', () => {
    const secret = randomBytes(48).toString('base64');
    expect(loadConfig({ EMBED_TOKEN_SECRET: secret }).embedTokenSecret).toBe(secret);
  });
});
