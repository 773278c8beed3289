import fc from 'fast-check';
import { addDays, addMonths, addYears, subDays } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { CountryCode } from '../../core/domain/business-domains';
import { checkPersonalCode, latvianCheckDigit } from '../../core/validation/personal-code';
import { purgeExpired } from '../../server/db/housekeeping';
import type { ErrorLogEntry, Logger, RequestLogEntry } from '../../server/http/logger';
import { PERSONAL_CODE_CHECK_LIMIT } from '../../server/routes/validate.routes';
import { elevenDigitCode, pad } from '../validation/support';
import type { ApiClient } from './support/api-client';
import { MARI } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

const PATH = '/api/v1/validate/personalCode';
type Verdict = { data: { valid: boolean } };

let t: TestApp;
const logged: (RequestLogEntry | ErrorLogEntry)[] = [];
const recordingLogger: Logger = { request: (entry) => logged.push(entry), error: (entry) => logged.push(entry) };

beforeAll(async () => {
  t = await startTestApp({}, recordingLogger);
});
afterAll(() => t.database.dispose());

/** How far this file has moved the app's clock (`t.advance`), to know the app's "now". */
let clockOffsetMs = 0;
function advance(seconds: number): void {
  clockOffsetMs += seconds * 1000;
  t.advance(seconds);
}

/** Moves the app's clock to the start of a fresh window, so a burst of calls never straddles two. */
function startOfNextWindow(): void {
  const windowMs = PERSONAL_CODE_CHECK_LIMIT.windowSeconds * 1000;
  const appNow = Date.now() + clockOffsetMs;
  advance((windowMs - (appNow % windowMs)) / 1000 + 0.01);
}

/** A fresh session for every `limit` calls, so corpus tests never meet the rate limit. */
function rotatingClients() {
  let client = t.client();
  let used = 0;
  return () => {
    if (used === PERSONAL_CODE_CHECK_LIMIT.limit) {
      client = t.client();
      used = 0;
    }
    used++;
    return client;
  };
}

const check = (client: ApiClient, personalCode: string, countryCode?: CountryCode) =>
  client.post<Verdict>(PATH, countryCode ? { personalCode, countryCode } : { personalCode });

describe('POST /api/v1/validate/personalCode', () => {
  it('answers { valid } for the configured country by default, and for the country asked', async () => {
    const client = t.client();
    const valid = await check(client, MARI.personalCode);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ data: { valid: true } });

    expect((await check(client, '38001085719')).body).toEqual({ data: { valid: false } }); // check digit
    expect((await check(client, '010190-12345')).body).toEqual({ data: { valid: false } }); // Latvian, on an Estonian server
    expect((await check(client, '320190-12345', 'LV')).body).toEqual({ data: { valid: true } });
    expect((await check(client, MARI.personalCode, 'LT')).body).toEqual({ data: { valid: true } });
    expect((await check(client, '')).body).toEqual({ data: { valid: false } });
  });

  it('defaults to the Latvian rules on a Latvian server', async () => {
    const latvia = t.withEnv({ BUSINESS_DOMAIN: 'retail-banking-lv' });
    const client = latvia.client();
    expect((await check(client, '320190-12345')).body).toEqual({ data: { valid: true } });
    expect((await check(client, MARI.personalCode)).body).toEqual({ data: { valid: false } });
  });

  it('refuses a malformed request with 400 or 422 and never echoes the code', async () => {
    const client = t.client();
    const tooLong = `${MARI.personalCode}${'9'.repeat(60)}`;
    const refused = [
      await client.post<ApiErrorBody>(PATH, { personalCode: tooLong }),
      await client.post<ApiErrorBody>(PATH, { personalCode: MARI.personalCode, countryCode: 'FI' }),
      await client.post<ApiErrorBody>(PATH, {}),
      await client.post<ApiErrorBody>(PATH, { personalCode: 38001085718 }),
    ];
    for (const reply of refused) {
      expect(reply.status).toBe(422);
      expect(reply.body.error.code).toBe('VALIDATION_FAILED');
      expect(reply.text).not.toContain(MARI.personalCode);
    }
    expect(refused[0]?.body.error.fieldErrors).toEqual({ personalCode: ['validation.messages.personalCodeInvalid'] });
    expect(refused[2]?.body.error.fieldErrors).toEqual({ personalCode: ['validation.messages.required'] });
    expect((await client.post<ApiErrorBody>(PATH, '{"personalCode":')).status).toBe(400);
  });

  it('is a cookie-authenticated write: another origin is refused', async () => {
    const reply = await t.client({ origin: 'https://evil.example' }).post<ApiErrorBody>(PATH, { personalCode: MARI.personalCode });
    expect(reply.status).toBe(403);
  });
});

describe('agreement with the library (issue 4, Server tests)', () => {
  const today = () => new Date();
  const birthDates = fc.date({ min: new Date(1900, 0, 1), max: new Date(), noInvalidDate: true });
  const elevenDigitCodes = fc
    .tuple(birthDates, fc.boolean(), fc.integer({ min: 0, max: 999 }))
    .map(([birth, female, serial]) => elevenDigitCode(birth, female, serial));
  const latvianOldCodes = fc
    .tuple(
      // Adults and people just outside 18..73 (11 months), so the age check is exercised both ways.
      fc.date({ min: subDays(addMonths(addYears(new Date(), -74), -11), 0), max: addDays(addYears(new Date(), -17), 0), noInvalidDate: true }),
      fc.integer({ min: 0, max: 9999 }),
    )
    .map(([birth, serial]) => {
      const century = Math.floor(birth.getFullYear() / 100) - 18;
      // The check digit (decision 186): the mutations below break it, as typos do.
      const body = `${pad(birth.getDate())}${pad(birth.getMonth() + 1)}${pad(birth.getFullYear() % 100)}${century}${pad(serial % 1000, 3)}`;
      const check = latvianCheckDigit(body);
      return `${body.slice(0, 6)}-${body.slice(6)}${check ?? 0}`;
    });
  const latvianNewCodes = fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99999 }))
    .map(([a, b]) => `32${pad(a, 4)}-${pad(b, 5)}`);

  /** What people get wrong: a changed, dropped, doubled or swapped character, a letter, spaces. */
  const mutated = (codes: fc.Arbitrary<string>) =>
    fc.tuple(codes, fc.nat(), fc.integer({ min: 0, max: 9 }), fc.constantFrom('digit', 'drop', 'double', 'swap', 'letter', 'spaces', 'none')).map(
      ([code, at, digit, kind]) => {
        const i = at % code.length;
        switch (kind) {
          case 'digit':
            return `${code.slice(0, i)}${digit}${code.slice(i + 1)}`;
          case 'drop':
            return `${code.slice(0, i)}${code.slice(i + 1)}`;
          case 'double':
            return `${code.slice(0, i)}${code[i]}${code.slice(i)}`;
          case 'swap':
            return i + 1 < code.length ? `${code.slice(0, i)}${code[i + 1]}${code[i]}${code.slice(i + 2)}` : code;
          case 'letter':
            return `${code.slice(0, i)}A${code.slice(i + 1)}`;
          case 'spaces':
            return ` ${code.slice(0, i)} ${code.slice(i)} `;
          case 'none':
            return code;
        }
      },
    );

  const corpora: [CountryCode, fc.Arbitrary<string>][] = [
    ['EE', elevenDigitCodes],
    ['LT', elevenDigitCodes],
    ['LV', fc.oneof(latvianOldCodes, latvianNewCodes)],
  ];

  for (const [country, valid] of corpora) {
    it(`answers exactly what checkPersonalCode says for generated ${country} codes and their mutations`, async () => {
      const next = rotatingClients();
      const seen = { valid: 0, invalid: 0 };
      await fc.assert(
        fc.asyncProperty(fc.oneof(valid, mutated(valid)), async (code) => {
          const reply = await check(next(), code, country);
          expect(reply.status).toBe(200);
          const expected = checkPersonalCode(country, code, { today: today() });
          expect(reply.body.data).toEqual(expected);
          seen[expected.valid ? 'valid' : 'invalid']++;
        }),
        { numRuns: 150 },
      );
      // The corpus is only meaningful if it holds both verdicts in number.
      expect(seen.valid).toBeGreaterThan(20);
      expect(seen.invalid).toBeGreaterThan(20);
    });
  }
});

describe('rate limit (per session, in the database)', () => {
  const { limit, windowSeconds } = PERSONAL_CODE_CHECK_LIMIT;

  it(`allows ${limit} checks a minute per session, then answers 429 RATE_LIMITED with Retry-After`, async () => {
    startOfNextWindow();
    const client = t.client();
    await client.startSession();
    for (let i = 0; i < limit; i++) expect((await check(client, MARI.personalCode)).status).toBe(200);
    const refused = await client.post<ApiErrorBody>(PATH, { personalCode: MARI.personalCode });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(refused.text).not.toContain(MARI.personalCode);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);

    // Another session is not affected.
    const other = t.client();
    await other.startSession();
    expect((await check(other, MARI.personalCode)).status).toBe(200);

    // The next window opens after Retry-After seconds.
    advance(retryAfter);
    expect((await check(client, MARI.personalCode)).status).toBe(200);
  });

  it('holds exactly under concurrent calls and across API processes sharing the database', async () => {
    startOfNextWindow();
    const client = t.client();
    const otherProcess = t.withEnv({});
    const twin = otherProcess.client();
    await client.startSession();
    twin.useCookie(client.sessionCookie);
    const replies = await Promise.all(
      Array.from({ length: limit + 5 }, (_, i) => check(i % 2 === 0 ? client : twin, MARI.personalCode)),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('keeps no finished windows behind after housekeeping', async () => {
    const client = t.client();
    await client.startSession();
    await check(client, MARI.personalCode);
    advance(windowSeconds * 2);
    const later = t.client();
    await later.startSession();
    await check(later, MARI.personalCode);
    await purgeExpired(t.database.db, t.now());
    // The newest row's window is the app clock's current one: anything that ended by then is gone.
    const rows = await t.database.db.query<{ expired: number }>(
      'select count(*)::int as expired from rate_limits where expires_at <= (select max(window_start) from rate_limits)',
    );
    expect(rows[0]?.expired).toBe(0);
  });
});

describe('privacy', () => {
  it('never logs the personal code, whatever the outcome', async () => {
    logged.length = 0;
    startOfNextWindow();
    const client = t.client();
    await client.startSession();
    const codes = [MARI.personalCode, '38001085719', '320190-12345'];
    for (const code of codes) await check(client, code);
    await client.post(PATH, { personalCode: `${MARI.personalCode}${'1'.repeat(60)}` });
    for (let i = 0; i < PERSONAL_CODE_CHECK_LIMIT.limit; i++) await check(client, MARI.personalCode);
    const text = JSON.stringify(logged);
    for (const code of codes) expect(text).not.toContain(code);
    expect(text).not.toContain('320190');
    expect(logged).toContainEqual(expect.objectContaining({ method: 'POST', route: '/api/v1/validate/personalCode', status: 200 }));
    expect(logged).toContainEqual(expect.objectContaining({ route: '/api/v1/validate/personalCode', status: 429 }));
  });
});
