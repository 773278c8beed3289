import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../core/wire/envelope.schema';
import { SESSION_COOKIE } from '../../server/sessions/session-token';
import { WIRE_MESSAGE_KEY } from './support/message-key';
import { startTestApp, type TestApp } from './support/test-app';
import { CREATE_REQUEST, createApplication, createApplicationStep } from './support/payloads';

/**
 * Issue 9: a property-based fuzz of every endpoint with arbitrary JSON, strings and headers. Every
 * reply is below 500 and in the documented shape, field errors carry message keys only, and a
 * refused request stores nothing (no application, person, relation, draft, idempotency key or
 * session; rate-limit counters count refused requests on purpose).
 */
let t: TestApp;
let owned: { cookie: string; externalId: string; version: number };
let bearer: string;

beforeAll(async () => {
  // Generous client limits: the fuzz must reach the handlers, not the limiter.
  t = await startTestApp({ ALLOWED_ORIGINS: 'https://parent.example' });
  const client = t.client();
  const task = await createApplication(client);
  owned = { cookie: client.sessionCookie!, externalId: task.externalId, version: task.version };
  bearer = ((await client.post<{ data: { token: string } }>('/api/sandbox/token', { sub: 'fuzz-subject' })).body.data.token);
});
afterAll(() => t.database.dispose());

const ErrorShape = v.strictObject({
  error: v.strictObject({
    code: v.picklist(API_ERROR_CODES),
    message: v.string(),
    fieldErrors: v.optional(v.record(v.string(), v.array(v.pipe(v.string(), v.regex(WIRE_MESSAGE_KEY))))),
  }),
});
const SuccessShape = v.strictObject({ data: v.unknown() });

type Endpoint = { method: string; path: (id: string) => string; valid?: () => unknown };

/** Every API route (sandbox included: test mode is where the fuzz runs) and a few that do not exist. */
const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: () => '/api/v1/application-process',
    valid: () => ({
      application: {
        ...CREATE_REQUEST.application,
        creditConditions: { ...CREATE_REQUEST.application.creditConditions, loanPurpose: 'TRAVELING' },
        source: { channel: 'PARTNER', tracking: { source: 'news', campaign: 'spring' }, partner: { regCode: '12345', goodsName: 'Bike' } },
      },
    }),
  },
  { method: 'POST', path: (id) => `/api/v1/application-process/${id}/step`, valid: () => createApplicationStep(1) },
  {
    method: 'PUT',
    path: (id) => `/api/v1/application-process/${id}/step`,
    valid: () => ({ taskDefinitionKey: 'createApplicationStep', version: 0, data: { firstName: 'Mari', phone: { code: '+372', number: '5' }, rows: [{ a: 'b' }] } }),
  },
  { method: 'POST', path: (id) => `/api/v1/application-process/${id}/continue?role=applicant` },
  { method: 'GET', path: () => '/api/v1/application/previous-external-id' },
  { method: 'GET', path: () => '/api/v1/session' },
  { method: 'GET', path: () => '/api/v1/session/extend' },
  { method: 'GET', path: () => '/api/session/heartbeat' },
  { method: 'POST', path: () => '/api/v1/features/check-flag', valid: () => ({ feature: 'captcha' }) },
  { method: 'POST', path: () => '/api/v1/features/check-flags', valid: () => ({ features: ['captcha'] }) },
  { method: 'GET', path: () => '/api/v1/features/check-all-flags' },
  { method: 'POST', path: () => '/api/v1/loan/calculate', valid: () => ({ currency: 'EUR', productType: 'SMALL_LOAN', maturity: 12, administrationFee: 0, conclusionFee: 0, amount: 1000, interestRate: 9 }) },
  { method: 'POST', path: () => '/api/v1/validate/personalCode', valid: () => ({ personalCode: '38001085718' }) },
  { method: 'GET', path: () => '/api/v1/runtime-config' },
  { method: 'GET', path: () => '/api/health/live' },
  { method: 'GET', path: () => '/api/health/ready' },
  { method: 'POST', path: () => '/api/sandbox/next-task', valid: () => ({ taskDefinitionKey: 'createApplicationStep' }) },
  { method: 'POST', path: () => '/api/sandbox/fail-next', valid: () => ({ path: '/nowhere', status: 500 }) },
  { method: 'POST', path: () => '/api/sandbox/delay-next', valid: () => ({ path: '/nowhere', ms: 0 }) },
  { method: 'POST', path: () => '/api/sandbox/token', valid: () => ({}) },
  { method: 'POST', path: (id) => `/api/v1/identity/${id}`, valid: () => ({ languageCode: 'est' }) },
  { method: 'GET', path: (id) => `/api/v1/identity/${id}/status` },
  { method: 'POST', path: () => '/api/sandbox/identity', valid: () => ({ status: 'RUNNING' }) },
  // Issue 21: the identity-verification provider's decision webhook (unsigned here: always refused).
  { method: 'POST', path: () => '/api/v1/identity-verification/webhook', valid: () => ({ status: 'success', timestamp: new Date().toISOString(), verification: { id: 'x', status: 'approved' } }) },
  { method: 'POST', path: () => '/api/sandbox/captcha-token', valid: () => ({}) },
  { method: 'POST', path: () => '/api/sandbox/authenticate', valid: () => ({}) },
  { method: 'DELETE', path: (id) => `/api/v1/application-process/${id}` },
  { method: 'PATCH', path: () => '/api/v2/nothing' },
];

/** Strings with what breaks things: NUL, lone surrogates, control characters, long runs, emoji. */
const poison = fc.constantFrom('\u0000', '\ud800', '\udfff', '\udbff\u0000');
const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), poison, fc.string({ maxLength: 10 })).map((parts) => parts.join('')) },
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 20 }).map((units) => String.fromCharCode(...units)),
  fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\ud83d', '__proto__', 'constructor', '💥'.repeat(300), 'x'.repeat(2000), '1e400', '-0'),
);

const nastyNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, -0));

const { json: nastyJson } = fc.letrec((tie) => ({
  json: fc.oneof({ depthSize: 'small', withCrossShrink: true }, nastyString, nastyNumber, fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('json'), { maxLength: 5 }),
  object: fc.dictionary(nastyString, tie('json'), { maxKeys: 5 }),
}));

/** A valid body with one value replaced somewhere, or anything at all. */
function bodyFor(endpoint: Endpoint): fc.Arbitrary<string | undefined> {
  const replaced = endpoint.valid
    ? fc.tuple(nastyJson, fc.nat()).map(([value, pick]) => {
        const body = JSON.parse(JSON.stringify(endpoint.valid!())) as Record<string, unknown>;
        const paths: (string | number)[][] = [];
        const walk = (node: unknown, path: (string | number)[]) => {
          paths.push(path);
          if (node && typeof node === 'object') for (const [key, child] of Object.entries(node)) walk(child, [...path, Array.isArray(node) ? Number(key) : key]);
        };
        walk(body, []);
        const path = paths[pick % paths.length]!;
        if (path.length === 0) return JSON.stringify(value);
        let node = body as Record<string | number, unknown>;
        for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
        node[path.at(-1)!] = value;
        return JSON.stringify(body);
      })
    : fc.constant(undefined);
  const raw = fc.oneof(
    nastyJson.map((value) => JSON.stringify(value)),
    nastyString,
    fc.constantFrom('', '{', '[1,', '{"a":1}}', 'null', `${'['.repeat(5000)}${']'.repeat(5000)}`, `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`),
  );
  return fc.oneof({ weight: 5, arbitrary: replaced }, { weight: 2, arbitrary: raw }, { weight: 1, arbitrary: fc.constant(undefined) });
}

/** Header values a client can send (HTTP allows Latin-1 without CR, LF or NUL). */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-16', '*/*', 'Bearer ', 'Bearer a.b.c', 'x'.repeat(4000)),
);

/** Mostly `likely`, sometimes anything; `absent` leaves the header out. */
function mostly<T>(likely: fc.Arbitrary<T>, weight: number, ...others: fc.Arbitrary<T | undefined>[]): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight, arbitrary: likely }, ...others.map((arbitrary) => ({ weight: 1, arbitrary })));
}
const absent = fc.constant(undefined);

const headers = fc
  .record({
    'content-type': mostly(fc.constant('application/json'), 6, headerValue, absent),
    cookie: mostly(fc.constant('owned'), 10, fc.constant(`${SESSION_COOKIE}=${'A'.repeat(43)}`), headerValue.map((value) => `${SESSION_COOKIE}=${value}`), headerValue, fc.constant('%E0%A4%A'), absent, absent),
    authorization: mostly(absent, 8, fc.constant('bearer'), headerValue),
    origin: mostly(fc.constant('http://localhost'), 6, fc.constant('https://parent.example'), headerValue, absent),
    'idempotency-key': mostly(absent, 3, headerValue, fc.uuid()),
    'x-captcha-token': mostly(absent, 4, headerValue),
    'accept-language': mostly(absent, 4, headerValue),
    'x-forwarded-for': mostly(absent, 4, headerValue),
    'x-forwarded-proto': mostly(absent, 4, headerValue),
  })
  .map((record) => Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined)));

/** Calls with bodies that reach the database come up more often. */
const endpoints = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ENDPOINTS.slice(0, 3)) },
  { weight: 4, arbitrary: fc.constantFrom(...ENDPOINTS) },
);

/** Percent-encodes every UTF-8 byte (encodeURIComponent refuses lone surrogates). */
const percentEncoded = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const externalIds = fc.oneof(
  { weight: 6, arbitrary: fc.constant('owned') },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: nastyString.map(percentEncoded) },
  { weight: 1, arbitrary: fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%E0%A4%A', '%', '%00', 'x'.repeat(5000)) },
);

async function fingerprint(): Promise<string> {
  const rows = await t.database.db.query<Record<string, number>>(
    `select (select count(*)::int from applications) as a, (select coalesce(sum(version), 0)::int from applications) as av,
            (select count(*)::int from persons) as p, (select count(*)::int from relations) as r,
            (select count(*)::int from drafts) as d, (select coalesce(sum(version), 0)::int from drafts) as dv,
            (select count(*)::int from idempotency_keys) as k, (select count(*)::int from sessions) as s`,
  );
  return JSON.stringify(rows[0]);
}

describe('fuzz: every endpoint, arbitrary JSON, strings and headers', () => {
  it('never answers 500, always in the documented shape, and stores nothing for a refused request', async () => {
    let requests = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(endpoints, externalIds, headers, fc.nat(), async (endpoint, id, headerSet, bodyPick) => {
        const body = fc.sample(bodyFor(endpoint), { numRuns: 1, seed: bodyPick })[0];
        const path = endpoint.path(id === 'owned' ? owned.externalId : id);
        const sent: Record<string, string> = { ...headerSet };
        if (sent.cookie === 'owned') sent.cookie = owned.cookie;
        if (sent.authorization === 'bearer') sent.authorization = `Bearer ${bearer}`;
        // The limiter counts per minute: time moves on so the fuzz keeps reaching the handlers.
        if (++requests % 15 === 0) t.advance(61);
        const before = await fingerprint();
        const response = await t.app.request(`http://localhost${path}`, {
          method: endpoint.method,
          headers: sent,
          ...(body !== undefined && endpoint.method !== 'GET' ? { body } : {}),
        });
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status, `${endpoint.method} ${path} answered ${response.status}: ${text.slice(0, 300)}`).toBeLessThan(500);
        const parsed: unknown = JSON.parse(text);
        if (response.status >= 400) {
          expect(v.is(ErrorShape, parsed), text.slice(0, 300)).toBe(true);
          expect(await fingerprint(), `${endpoint.method} ${path} ${response.status} stored something`).toBe(before);
        } else {
          expect(v.is(SuccessShape, parsed), text.slice(0, 300)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
    // The fuzz reached the handlers: successes, refusals by the schemas and by ownership.
    for (const status of [200, 404, 415, 422]) expect(statuses.get(status) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(3);
  }, 60_000);
});
