import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkTokenShape, embeddedMode, reloadAddress, resetEmbeddedMode, startEmbeddedMode } from '../../src/app/embedded';
import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS, isChunkLoadError, onBeforeChunkReload, recoverFromChunkError, resetChunkRecovery, type RecoveryEnvironment } from '../../src/app/chunk-recovery';
import { redactMessage, reportError } from '../../src/app/error-report';
import { landingTarget } from '../../src/app/pages/landing-redirect';
import { homeHrefFor, isAuthenticated, logoutHrefFor, offeredLocales } from '../../src/app/app-layout';
import { isBrokerApplication } from '../../core/domain/applicant';
import { SESSION_FREE_PATHS, isSessionFreePath } from '../../src/app/routes';
import type { Application } from '../../core/wire/application.schema';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const NOW = new Date('2030-01-01T00:00:00Z');
const token = (payload: object) => `${b64({ alg: 'HS256' })}.${b64(payload)}.c2lnbmF0dXJl`;

describe('embedded token shape (section 6)', () => {
  it('accepts a compact JWT with a JSON payload and a future exp', () => {
    expect(checkTokenShape(token({ sub: 'a', exp: NOW.getTime() / 1000 + 60, userGroups: ['x'] }), NOW)).toEqual({ valid: true, groups: ['x'] });
  });

  it.each([
    ['two parts', 'abc.def'],
    ['not base64url', 'a+b.c.d'],
    ['payload not JSON', `${b64({})}.bm90IGpzb24.c2ln`],
    ['no exp', token({ sub: 'a' })],
    ['expired', token({ exp: NOW.getTime() / 1000 - 1 })],
  ])('refuses %s', (_name, value) => {
    expect(checkTokenShape(value, NOW).valid).toBe(false);
  });
});

describe('embedded start-up bridge', () => {
  afterEach(() => resetEmbeddedMode());
  const history = () => ({ state: null, replaceState: vi.fn() });

  it('is standalone without a token in the fragment', () => {
    expect(startEmbeddedMode({ pathname: '/', search: '', hash: '' }, history(), NOW)).toEqual({ outcome: 'standalone' });
    expect(embeddedMode().embedded).toBe(false);
  });

  it('takes the token out of the address and keeps the role from the query', () => {
    const good = token({ exp: NOW.getTime() / 1000 + 600 });
    const h = history();
    const start = startEmbeddedMode({ pathname: '/', search: '?role=coborrower', hash: `#token=${good}&x=1` }, h, NOW);
    expect(start.outcome).toBe('embedded');
    expect(h.replaceState).toHaveBeenCalledWith(null, '', '/?role=coborrower#x=1');
    expect(embeddedMode()).toEqual({ embedded: true, role: 'coborrower', token: good, customerAdministrator: false, userGroups: [] });
    expect(reloadAddress({ pathname: '/', search: '?role=coborrower', hash: '#x=1' })).toBe(`/?role=coborrower#x=1&token=${good}`);
  });

  it('knows a customer administrator by the token\'s user groups (section 6)', () => {
    const admin = token({ exp: NOW.getTime() / 1000 + 600, userGroups: ['staff', 'customer-administrator-latvia'] });
    startEmbeddedMode({ pathname: '/', search: '', hash: `#token=${admin}` }, history(), NOW);
    expect(embeddedMode().customerAdministrator).toBe(true);
    const customer = token({ exp: NOW.getTime() / 1000 + 600, userGroups: ['customers'] });
    startEmbeddedMode({ pathname: '/', search: '', hash: `#token=${customer}` }, history(), NOW);
    expect(embeddedMode().customerAdministrator).toBe(false);
  });

  it('logs "Invalid token specified" without the token for a bad one, and defaults the role', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = token({ exp: 1 });
    expect(startEmbeddedMode({ pathname: '/', search: '?role=<script>', hash: `#token=${bad}` }, history(), NOW)).toEqual({ outcome: 'invalid-token' });
    expect(error).toHaveBeenCalledWith('Invalid token specified (expired)');
    expect(JSON.stringify(error.mock.calls)).not.toContain(bad);
    expect(embeddedMode()).toMatchObject({ embedded: true, role: 'applicant', token: null });
    error.mockRestore();
  });
});

describe('chunk recovery (section 8)', () => {
  afterEach(() => {
    resetChunkRecovery();
    vi.restoreAllMocks();
  });

  function environment(stored: string | null, now = 1_000_000_000): RecoveryEnvironment & { reloads: number; saved: Map<string, string> } {
    const saved = new Map<string, string>(stored === null ? [] : [[RELOAD_GUARD_KEY, stored]]);
    const env = {
      reloads: 0,
      saved,
      now: () => now,
      storage: { getItem: (k: string) => saved.get(k) ?? null, setItem: (k: string, v: string) => void saved.set(k, v) },
      reload: () => void env.reloads++,
      wait: () => Promise.resolve(),
    };
    return env;
  }

  it.each([
    [{ name: 'ChunkLoadError', message: 'Loading chunk 7 failed' }, true],
    [{ code: 'CSS_CHUNK_LOAD_FAILED', message: 'x' }, true],
    [{ kind: 'chunk', message: 'x' }, true],
    [new TypeError('Failed to fetch dynamically imported module: /assets/a.js'), true],
    [new TypeError('Cannot read properties of undefined'), false],
    ['text', false],
  ])('recognises %o as a chunk failure: %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });

  it('flushes the draft, remembers the time and reloads once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const env = environment(null);
    const flush = vi.fn();
    onBeforeChunkReload(flush);
    expect(recoverFromChunkError({ kind: 'chunk', message: 'x' }, env)).toBe(true);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(env.saved.get(RELOAD_GUARD_KEY)).toBe('1000000000');
    // A second failure before the page went away does not reload twice.
    expect(recoverFromChunkError({ kind: 'chunk', message: 'x' }, env)).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(env.reloads).toBe(1);
  });

  it('refuses within the guard window (no loop) and allows again after it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const now = 1_000_000_000;
    expect(recoverFromChunkError({ kind: 'chunk', message: 'x' }, environment(String(now - 1000), now))).toBe(false);
    expect(recoverFromChunkError({ kind: 'chunk', message: 'x' }, environment(String(now - RELOAD_GUARD_MS - 1), now))).toBe(true);
  });

  it('refuses without storage: no guard, no automatic reload', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(recoverFromChunkError({ kind: 'chunk', message: 'x' }, { ...environment(null), storage: null })).toBe(false);
  });
});

describe('the error handler logs no personal data', () => {
  it('masks e-mails, IBANs and digit runs, and never logs the query', () => {
    expect(redactMessage('mari@example.com 38001085718 EE382200221020145685 +372 5123 4567')).toBe('[email] [digits] [iban] +[digits]');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    error.mockClear();
    reportError('render', new Error('Bad value 38001085718'), '/continue/abc-123');
    reportError('application', { kind: 'server', message: 'Mari Maasikas', status: 500, code: 'INTERNAL' }, '/');
    expect(error.mock.calls.map((call) => call[0])).toEqual([
      '[solis] render error name=Error message="Bad value [digits]" path=/continue/:externalId',
      '[solis] application error kind=server status=500 code=INTERNAL path=/',
    ]);
    error.mockRestore();
  });
});

describe('routes helpers', () => {
  it('landing: the purpose’s product preselected, lang (also eng/est/rus) set, interestRate cleared', () => {
    expect(Object.fromEntries(landingTarget('?productName=SMALL_LOAN&interestRate=4&utm_source=x', 'est', 'PURCHASING_MOTOR_VEHICLES', 'retail-banking-ee'))).toEqual({
      productName: 'CAR_LOAN',
      utm_source: 'x',
      loanPurpose: 'PURCHASING_MOTOR_VEHICLES',
      lang: 'et',
    });
    expect(Object.fromEntries(landingTarget('', 'ru', 'car-loan', 'retail-banking-ee'))).toEqual({ productName: 'CAR_LOAN', loanPurpose: 'PURCHASING_MOTOR_VEHICLES', lang: 'ru' });
    expect(Object.fromEntries(landingTarget('', 'et', 'TRAVELING', 'retail-banking-ee'))).toEqual({ productName: 'SMALL_LOAN', loanPurpose: 'TRAVELING', lang: 'et' });
    expect(Object.fromEntries(landingTarget('?lang=ru&loanPurpose=X', 'xx', '<script>', 'retail-banking-ee'))).toEqual({});
    expect(Object.fromEntries(landingTarget('?productName=CAR_LOAN', 'et', 'no-such-purpose', 'retail-banking-ee'))).toEqual({ productName: 'CAR_LOAN', lang: 'et' });
  });

  it('lists the session-free pages of section 2, and the resume page (decision 195: nothing on it can be lost)', () => {
    expect(SESSION_FREE_PATHS).toHaveLength(9);
    expect(isSessionFreePath('/resume')).toBe(true);
    expect(isSessionFreePath('/choose-product/')).toBe(true);
    expect(isSessionFreePath('/')).toBe(false);
  });
});

describe('shell rules', () => {
  const application = (overrides: Partial<Application>): Application => ({
    externalId: 'x',
    businessDomain: 'retail-banking-ee',
    currency: 'EUR',
    creditConditions: { productName: 'SMALL_LOAN' },
    relatedPersons: { persons: [], relations: [] },
    ...overrides,
  });

  it('hides Russian only in production for current-account products, never the language in use', () => {
    const config = { allowedLocales: ['et', 'ru', 'en'] as const, mode: 'production' as const };
    expect(offeredLocales({ ...config, allowedLocales: [...config.allowedLocales] }, 'CURRENT_ACCOUNT', 'et')).toEqual(['et', 'en']);
    expect(offeredLocales({ ...config, allowedLocales: [...config.allowedLocales] }, 'CURRENT_ACCOUNT', 'ru')).toEqual(['et', 'ru', 'en']);
    expect(offeredLocales({ allowedLocales: ['et', 'ru', 'en'], mode: 'test' }, 'CURRENT_ACCOUNT', 'et')).toEqual(['et', 'ru', 'en']);
    expect(offeredLocales({ allowedLocales: ['et', 'ru', 'en'], mode: 'production' }, 'SMALL_LOAN', 'et')).toEqual(['et', 'ru', 'en']);
  });

  it('is authenticated from the applicant or the Authenticated cookie', () => {
    const authenticated = application({
      relatedPersons: { persons: [{ id: '1', role: 'APPLICANT', authentication: { isAuthenticated: true } }], relations: [] },
    });
    expect(isAuthenticated(authenticated, '')).toBe(true);
    expect(isAuthenticated(null, 'a=1; Authenticated=true')).toBe(true);
    expect(isAuthenticated(null, 'Authenticated=false')).toBe(false);
    expect(isAuthenticated(null, 'NotAuthenticated=true')).toBe(false);
  });

  it('knows broker applications, home and logout addresses', () => {
    expect(isBrokerApplication(application({ source: { channel: 'BROKER_API' } }))).toBe(true);
    expect(isBrokerApplication(application({ source: { channel: 'WEB' } }))).toBe(false);
    expect(homeHrefFor('ru', 'et')).toBe('/?lang=ru');
    expect(homeHrefFor('et', 'et')).toBe('/');
    expect(logoutHrefFor('ru', '/?lang=ru', 'https://apply.solis.example')).toBe(
      '/logout?language=ru&redirectToUrl=https%3A%2F%2Fapply.solis.example%2F%3Flang%3Dru',
    );
  });
});
