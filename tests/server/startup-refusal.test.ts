import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadClientConfig } from '../../server/client-config';
import { CONTACTS, missingContactFields, type ContactTable } from '../../core/domain/contacts';
import { DEFAULT_PRODUCT } from '../../core/domain/products';
import { REPO_ROOT, startSolisServer } from '../support/e2e-server';
import { pgliteTemplate } from '../support/pglite-template';
import { plainLines, runServerUntilExit } from '../support/server-process';
import { freshSecret } from './support/secrets';

/**
 * Issue 3: start-up refuses each kind of bad configuration with a message naming what is wrong.
 * Issue 9: every start-up failure is one clear line and exit code 1 on its own (a server that hangs is killed by the test and fails it), also when the
 * database never answers, the port is taken or DATA_DIR cannot be used (they used to hang or print
 * a stack trace). What the environment can get wrong is run for real (`node --import tsx
 * server/main.ts`); what lives in code tables (contacts, default products) is checked by the same
 * function with a broken table handed in, since no environment can break them.
 */
const SECRET = freshSecret();
const scratch = mkdtempSync(path.join(tmpdir(), 'solis-startup-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function expectOneLineRefusal(env: Record<string, string>, message: RegExp, user?: string): Promise<void> {
  // A data dir that is never opened unless the test is about it: configuration is refused first.
  const result = await runServerUntilExit({ DATA_DIR: '/nonexistent/solis-startup-test', ...env }, { timeoutMs: 60_000, ...(user ? { user } : {}) });
  expect(result.code).toBe(1);
  const lines = plainLines(result.output);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(result.output).not.toContain('Solis is serving');
  expect(result.output).not.toMatch(/^\s+at /m);
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

describe('start-up refuses bad configuration (node server/main.ts)', () => {
  it.each([
    [{ BUSINESS_DOMAIN: 'retail-banking-fi' }, /^Invalid configuration: BUSINESS_DOMAIN is "retail-banking-fi"; allowed values: corporate-banking, retail-banking-ee/],
    [{ BUSINESS_DOMAIN: 'retail-banking-lt', ALLOWED_LANGUAGES: 'lt,ru' }, /^Invalid configuration: ALLOWED_LANGUAGES contains "ru"; LT offers lt, en/],
    [{ BUSINESS_DOMAIN: 'retail-banking-lv', DEFAULT_LANGUAGE: 'et' }, /^Invalid configuration: DEFAULT_LANGUAGE is "et"/],
    [{ COUNTRY_CODE: 'LV' }, /^Invalid configuration: COUNTRY_CODE is "LV", but retail-banking-ee serves EE/],
    [{}, /^Invalid configuration: EMBED_TOKEN_SECRET is required in production: at least 32 random bytes/],
    [{ EMBED_TOKEN_SECRET: 'short' }, /^Invalid configuration: EMBED_TOKEN_SECRET is 5 bytes long; it must be at least 32\.$/],
    [{ SOLIS_MODE: 'production', EMBED_TOKEN_SECRET: SECRET, CAPTCHA_ENABLED: 'true', CAPTCHA_SITE_KEY: 'k' }, /^Invalid configuration: CAPTCHA_VERIFY_URL is required in production/],
  ])('%o stops with exit code 1 and one line naming the variable', async (env, message) => {
    await expectOneLineRefusal(env, message);
  });
});

describe('start-up failures of the environment (issue 9)', () => {
  it('a DATABASE_URL host that accepts connections and never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    const port = await listen(silent);
    try {
      await expectOneLineRefusal(
        { SOLIS_MODE: 'test', DATABASE_URL: `postgres://solis:secret@127.0.0.1:${port}/solis`, DATABASE_CONNECT_TIMEOUT_SECONDS: '1' },
        new RegExp(`^Solis could not start: PostgreSQL at 127\\.0\\.0\\.1:${port}/solis did not answer \\(.+\\)\\. Check DATABASE_URL and that the server is running\\.$`),
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('a DATABASE_URL where nothing listens', async () => {
    const probe = createServer();
    const port = await listen(probe);
    await new Promise((resolve) => probe.close(resolve));
    await expectOneLineRefusal(
      { SOLIS_MODE: 'test', DATABASE_URL: `postgres://solis@127.0.0.1:${port}/solis` },
      new RegExp(`^Solis could not start: PostgreSQL at 127\\.0\\.0\\.1:${port}/solis did not answer \\(.*ECONNREFUSED.*\\)`),
    );
  });

  it('a port already taken', async () => {
    const taken = createServer();
    const port = await listen(taken);
    // A prepared database, so the refusal is not waiting for a new PGlite directory's initdb.
    const dataDir = path.join(scratch, 'port-taken');
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    try {
      await expectOneLineRefusal(
        { SOLIS_MODE: 'test', PORT: String(port), DATA_DIR: dataDir },
        new RegExp(`^Solis could not start: port ${port} on 127\\.0\\.0\\.1 is already in use\\. Stop what uses it, or set PORT to a free port\\.$`),
      );
    } finally {
      taken.close();
    }
  });

  it('a DATA_DIR that runs through a file', async () => {
    const dataDir = path.join(REPO_ROOT, 'package.json', 'pglite');
    await expectOneLineRefusal(
      { SOLIS_MODE: 'test', DATA_DIR: dataDir },
      new RegExp(`^Solis could not start: DATA_DIR ${dataDir.replace(/[.]/g, '\\.')} cannot be used: part of the path is a file, not a directory\\.`),
    );
  });

  it('a DATA_DIR this user may not write', async () => {
    const parent = path.join(scratch, 'read-only');
    mkdirSync(parent, { mode: 0o755 });
    const dataDir = path.join(parent, 'pglite');
    // root may write anywhere: the server then runs as nobody, for whom the directory is read-only.
    const asRoot = process.getuid?.() === 0;
    if (!asRoot) chmodSync(parent, 0o555);
    await expectOneLineRefusal(
      { SOLIS_MODE: 'test', DATA_DIR: dataDir },
      new RegExp(`^Solis could not start: DATA_DIR ${dataDir} cannot be used: this user may not write there\\. Point DATA_DIR at a directory this server's user can create and write`),
      asRoot ? 'nobody' : undefined,
    );
  });
});

describe('the start-up line', () => {
  it('names the mode (issue 9); production runs no simulator and says nothing of a demonstration (issue 21)', async () => {
    const dataDir = path.join(scratch, 'mode-production');
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    const server = await startSolisServer({ dataDir, env: { EMBED_TOKEN_SECRET: SECRET, SOLIS_MODE: 'production' }, testMode: false });
    try {
      expect(server.log()).toMatch(new RegExp(`^Solis is serving http://localhost:\\d+ \\(retail-banking-ee, PGlite at ${dataDir}, production mode\\)$`, 'm'));
      expect(server.log()).not.toMatch(/Demonstration/);
      // Decision 186: no population register configured, so the personal-code check fails closed, and the log says so.
      // Written to stderr, which may arrive after stdout's serving line.
      await expect.poll(() => server.log()).toMatch(/^Population register not configured \(POPULATION_REGISTER_URL\): every personal-code server check fails closed/m);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('without SOLIS_MODE is a demonstration: the line says so, with where the simulated providers are (issue 21)', async () => {
    const dataDir = path.join(scratch, 'mode-demonstration');
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    const server = await startSolisServer({ dataDir, env: { EMBED_TOKEN_SECRET: SECRET, SOLIS_MODE: undefined }, testMode: false });
    try {
      expect(server.log()).toMatch(/^Solis is serving http:\/\/localhost:\d+ \(retail-banking-ee, PGlite at .*, demonstration mode\)$/m);
      const line = /^Demonstration: no real signing or bank access\. Simulated (.+) at (http:\/\/127\.0\.0\.1:\d+) /m.exec(server.log());
      expect(line, server.log()).not.toBeNull();
      const [, parties, origin] = line!;
      for (const party of ['smart-id', 'mobile-id', 'eparaksts', 'psd2', 'idv', 'sso']) expect(parties).toContain(party);
      // The simulators' index answers on loopback, and the app tells the browser where it is.
      expect((await fetch(origin!)).status).toBe(200);
      const config = (await (await fetch(`${server.url}/api/v1/runtime-config`)).json()) as { data: { mode: string; simulatorsUrl: string } };
      expect(config.data).toMatchObject({ mode: 'demonstration', simulatorsUrl: origin });
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe('start-up checks of the code tables', () => {
  it('refuses a language offered without its contact details, naming country, language and fields', () => {
    const withoutRussian: ContactTable = { ...CONTACTS, LV: { lv: CONTACTS.LV.lv, en: CONTACTS.LV.en } };
    expect(() => loadClientConfig({}, 'retail-banking-lv', { contacts: withoutRussian })).toThrow(
      'Invalid configuration: ALLOWED_LANGUAGES offers a language without its contact details (core/domain/contacts.ts): LV/ru has no contact details.',
    );
    const emptyPhone: ContactTable = { ...CONTACTS, EE: { ...CONTACTS.EE, et: { ...CONTACTS.EE.et!, phone: ' ', cookiePolicyUrl: '' } } };
    expect(() => loadClientConfig({}, 'retail-banking-ee', { contacts: emptyPhone })).toThrow(/EE\/et lacks phone, cookiePolicyUrl/);
    // Restricting the languages to those with details is a valid configuration.
    expect(loadClientConfig({ ALLOWED_LANGUAGES: 'lv,en' }, 'retail-banking-lv', { contacts: withoutRussian }).allowedLocales).toEqual(['lv', 'en']);
  });

  it('refuses a domain whose default product is missing from its catalogue', () => {
    // Section 1: no small business loan in Estonia, the corporate domain's default country.
    expect(() => loadClientConfig({}, 'corporate-banking', { defaultProduct: { ...DEFAULT_PRODUCT, 'corporate-banking': 'SMALL_LOAN_BUSINESS' } })).toThrow(
      'Invalid configuration: BUSINESS_DOMAIN "corporate-banking" has no default product SMALL_LOAN_BUSINESS in its catalogue.',
    );
  });

  it('has contact details for every language every domain offers', () => {
    for (const [country, locales] of [['EE', ['et', 'ru', 'en']], ['LV', ['lv', 'ru', 'en']], ['LT', ['lt', 'en']]] as const) {
      expect(missingContactFields(CONTACTS, country, locales)).toEqual([]);
    }
    for (const domain of ['retail-banking-ee', 'retail-banking-lv', 'retail-banking-lt', 'corporate-banking'] as const) {
      expect(() => loadClientConfig({}, domain)).not.toThrow();
    }
  });
});
