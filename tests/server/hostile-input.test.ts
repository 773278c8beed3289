import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { APPLICATION_CHANNELS } from '../../core/domain/channels';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import type { ErrorLogEntry, Logger } from '../../server/http/logger';
import { signEmbedToken } from '../../server/sessions/bearer-token';
import { WIRE_MESSAGE_KEY } from './support/message-key';
import { startTestApp, type TestApp } from './support/test-app';
import { CREATE_REQUEST, MARI, continuePath, createApplication, createApplicationStep, stepPath } from './support/payloads';

/**
 * Issue 9, items 5 and 8: of 288 hostile requests, 25 got 500 (NUL and lone surrogates, a draft
 * version of 1.5 or 1e308, JSON nested thousands deep, a signed token with a huge exp) and create
 * fields had no length limit. Each now gets a 4xx in the documented shape, with message keys only.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };

function expectMessageKeysOnly(body: ApiErrorBody): void {
  for (const messages of Object.values(body.error.fieldErrors ?? {})) for (const message of messages) expect(message).toMatch(WIRE_MESSAGE_KEY);
}

async function ownedApplication(): Promise<{ client: ReturnType<TestApp['client']>; task: TaskResponse }> {
  const client = t.client();
  return { client, task: await createApplication(client) };
}

async function fingerprint(): Promise<string> {
  const rows = await t.database.db.query<Record<string, number>>(
    `select (select count(*)::int from applications) as a, (select count(*)::int from persons) as p,
            (select count(*)::int from drafts) as d, (select coalesce(sum(version), 0)::int from drafts) as dv,
            (select count(*)::int from sessions) as s, (select count(*)::int from idempotency_keys) as k`,
  );
  return JSON.stringify(rows[0]);
}

const deep = (levels: number, leaf: unknown = 1): string => `${'{"a":'.repeat(levels)}${JSON.stringify(leaf)}${'}'.repeat(levels)}`;

describe('characters PostgreSQL cannot store', () => {
  it.each([
    ['NUL in a value', { application: { ...CREATE_REQUEST.application, creditConditions: { ...CREATE_REQUEST.application.creditConditions, loanPurpose: 'a\u0000b' } } }, 422],
    ['a lone surrogate in a value', { application: { ...CREATE_REQUEST.application, creditConditions: { ...CREATE_REQUEST.application.creditConditions, loanPurpose: 'a\ud800' } } }, 422],
    ['NUL in a key', { application: CREATE_REQUEST.application, ['x\u0000']: 1 }, 400],
    ['a lone surrogate in a key', { application: CREATE_REQUEST.application, ['\udc00']: 1 }, 400],
    ['__proto__ as a key', JSON.parse('{"__proto__": {"polluted": true}, "application": {"creditConditions": {"productName": "SMALL_LOAN"}}}'), 400],
  ])('%s: refused on create, nothing stored', async (_, body, status) => {
    const before = await fingerprint();
    const reply = await t.client().post<ApiErrorBody>('/api/v1/application-process', body);
    expect(reply.status).toBe(status);
    expectMessageKeysOnly(reply.body);
    if (status === 422) expect(reply.body.error.fieldErrors).toEqual({ 'application.creditConditions.loanPurpose': ['validation.messages.textInvalidCharacters'] });
    expect(await fingerprint()).toBe(before);
  });

  it('are refused in draft data and step variables too (jsonb would throw)', async () => {
    const { client, task } = await ownedApplication();
    const draft = await client.put<ApiErrorBody>(stepPath(task.externalId), { taskDefinitionKey: 'createApplicationStep', version: 0, data: { firstName: 'Ma\u0000ri', ['\ud83d']: 'x' } });
    expect([400, 422]).toContain(draft.status);
    const submit = await client.post<ApiErrorBody>(stepPath(task.externalId), { ...createApplicationStep(1), variables: { note: '\udfff' } });
    expect(submit.status).toBe(422);
    expect(submit.body.error.fieldErrors).toEqual({ 'variables.note': ['validation.messages.textInvalidCharacters'] });
  });
});

describe('numbers', () => {
  it.each([1.5, 1e308, -1, 2 ** 31, '1', null])('a draft version of %s is 422 with a message key', async (version) => {
    const { client, task } = await ownedApplication();
    const reply = await client.put<ApiErrorBody>(stepPath(task.externalId), { taskDefinitionKey: 'createApplicationStep', version, data: {} });
    expect(reply.status).toBe(422);
    expect(reply.body.error.fieldErrors).toEqual({ version: ['validation.messages.integer'] });
  });

  it('a submitted version of 1e308 or 1.5 is 422, not a database error', async () => {
    const { client, task } = await ownedApplication();
    for (const version of [1e308, 1.5]) {
      const reply = await client.post<ApiErrorBody>(stepPath(task.externalId), { ...createApplicationStep(1), version });
      expect(reply.status).toBe(422);
    }
  });

  it('a number JSON.parse makes infinite (1e400) is 422', async () => {
    const { client, task } = await ownedApplication();
    const reply = await client.put<ApiErrorBody>(stepPath(task.externalId), '{"taskDefinitionKey":"createApplicationStep","version":0,"data":{"amount":1e400}}');
    expect(reply.status).toBe(422);
    expect(reply.body.error.fieldErrors).toEqual({ 'data.amount': ['validation.messages.numberInvalid'] });
  });

  it('loan/calculate never answers null figures, whatever numbers it is given', async () => {
    const client = t.client();
    const number = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, 1, 600, 999_999_999, 1e308, -1e308, 5e-324));
    await fc.assert(
      fc.asyncProperty(number, number, number, number, number, async (amount, maturity, interestRate, administrationFee, conclusionFee) => {
        const reply = await client.post<{ data?: { monthlyPayment: unknown; totalRepaymentAmount: unknown }[] } & Partial<ApiErrorBody>>('/api/v1/loan/calculate', {
          currency: 'EUR',
          productType: 'SMALL_LOAN',
          amount,
          maturity: Math.round(maturity) === maturity ? maturity : Math.abs(Math.round(maturity)) % 700,
          interestRate,
          administrationFee,
          conclusionFee,
        });
        expect([200, 422]).toContain(reply.status);
        if (reply.status === 200) {
          for (const figure of Object.values(reply.body.data![0]!)) expect(Number.isFinite(figure)).toBe(true);
        } else {
          expectMessageKeysOnly(reply.body as ApiErrorBody);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('nesting', () => {
  it('JSON nested thousands of levels deep in draft data or step variables is 400, not a stack overflow', async () => {
    const { client, task } = await ownedApplication();
    const draft = await client.put<ApiErrorBody>(stepPath(task.externalId), `{"taskDefinitionKey":"createApplicationStep","version":0,"data":${deep(5000)}}`);
    expect(draft.status).toBe(400);
    expect(draft.body.error.code).toBe('BAD_REQUEST');
    const submission = JSON.stringify({ ...createApplicationStep(1), variables: { x: 0 } }).replace('{"x":0}', deep(20_000));
    const submit = await client.post<ApiErrorBody>(stepPath(task.externalId), submission);
    expect(submit.status).toBe(400);
    const arrays = await client.post<ApiErrorBody>('/api/v1/features/check-flags', `{"features":${'['.repeat(30_000)}${']'.repeat(30_000)}}`);
    expect(arrays.status).toBe(400);
  });

  it('a draft nests at most 8 levels and holds at most 64 KiB', async () => {
    const { client, task } = await ownedApplication();
    const save = (data: unknown, version = 0) => client.put<ApiErrorBody>(stepPath(task.externalId), { taskDefinitionKey: 'createApplicationStep', version, data });
    expect((await save(JSON.parse(deep(8)))).status).toBe(200);
    expect((await save(JSON.parse(deep(9)), 1)).status).toBe(400);
    const big = await save({ notes: 'x'.repeat(70 * 1024) }, 1);
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    // What was typed is kept verbatim below the limit, long texts included (decision 023).
    expect((await save({ notes: 'x'.repeat(5000) }, 1)).status).toBe(200);
  });
});

describe('bodies', () => {
  it('answers 413 PAYLOAD_TOO_LARGE to a body over 128 KiB, before reading it', async () => {
    const reply = await t.client().post<ApiErrorBody>('/api/v1/application-process', { application: { creditConditions: { productName: 'x'.repeat(400_000) } } });
    expect(reply.status).toBe(413);
    expect(reply.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', ''])(
    'refuses a JSON body sent as %o with 415 UNSUPPORTED_MEDIA_TYPE',
    async (contentType) => {
      const before = await fingerprint();
      const reply = await t.client().post<ApiErrorBody>('/api/v1/application-process', JSON.stringify(CREATE_REQUEST), { headers: { 'content-type': contentType } });
      expect(reply.status).toBe(415);
      expect(reply.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(await fingerprint()).toBe(before);
    },
  );

  it('accepts application/json with a charset', async () => {
    const reply = await t.client().post('/api/v1/application-process', JSON.stringify(CREATE_REQUEST), { headers: { 'content-type': 'Application/JSON; charset=utf-8' } });
    expect(reply.status).toBe(201);
  });
});

describe('create fields (section 9 text limits, section 3 enumerations)', () => {
  const create = (patch: Record<string, unknown>) => t.client().post<ApiErrorBody>('/api/v1/application-process', { application: { ...CREATE_REQUEST.application, ...patch } });

  it('reads every channel of section 3 and nothing else; a web client creates only its own (decision 188)', async () => {
    // Every value of the enumeration is read (none is a malformed request); only WEB is the web's own.
    for (const channel of APPLICATION_CHANNELS) expect((await create({ source: { channel } })).status, channel).toBe(channel === 'WEB' ? 201 : 422);
    const evil = await create({ source: { channel: 'x'.repeat(400) } });
    expect(evil.status).toBe(422);
    expect(evil.body.error.fieldErrors).toEqual({ 'application.source.channel': ['validation.messages.choiceInvalid'] });
    expect(evil.text).not.toContain('xxxx');
  });

  it('bounds tracking and partner values, drops keys the app never sends', async () => {
    const long = await create({ partner: { goodsName: 'y'.repeat(257) } });
    expect(long.status).toBe(422);
    expect(long.body.error.fieldErrors).toEqual({ 'application.partner.goodsName': ['validation.messages.textLength1To256'] });
    // Decision 190: the tracking is checked by the server against its own schema, under the same path.
    const longTracking = await create({ source: { tracking: { source: 'x'.repeat(257) } } });
    expect(longTracking.status).toBe(422);
    expect(longTracking.body.error.fieldErrors).toEqual({ 'application.source.tracking.source': ['validation.messages.textLength1To256'] });
    const client = t.client();
    // Decision 190: tracking is kept only with the applicant's consent.
    const consent = { basis: 'cookieBanner', givenAt: t.now().toISOString() };
    const ok = await client.post<Data<TaskResponse>>('/api/v1/application-process', {
      application: { ...CREATE_REQUEST.application, source: { channel: 'PARTNER', tracking: { consent, source: 'news', gclid: 'z'.repeat(100) } }, partner: { regCode: '10000001', other: 'q' } },
    });
    expect(ok.status).toBe(201);
    const stored = await t.database.db.query<{ data: { sourceMetaData: unknown; source: unknown } }>('select data from applications where external_id = $1', [ok.body.data.externalId]);
    expect(stored[0]?.data.sourceMetaData).toEqual({ tracking: { consent, source: 'news' } });
    expect(stored[0]?.data.source).toMatchObject({ channel: 'PARTNER_HOSTED_FLOW', partner: { id: 'partner-autoplaza', regCode: '10000001' } });
  });

  it.each([
    ['loanPurpose', { creditConditions: { productName: 'SMALL_LOAN', loanPurpose: 'p'.repeat(257) } }, 'application.creditConditions.loanPurpose'],
    ['productName', { creditConditions: { productName: 'P'.repeat(300) } }, 'application.creditConditions.productName'],
    ['languageCode', { creditConditions: { productName: 'SMALL_LOAN' }, languageCode: 'klingon' }, 'application.languageCode'],
  ])('refuses an over-long or unknown %s', async (_, patch, path) => {
    const reply = await create(patch);
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.error.fieldErrors ?? {})).toEqual([path]);
    expectMessageKeysOnly(reply.body);
  });
});

describe('field errors carry message keys, never validator text that echoes the input', () => {
  it('for wrong types everywhere', async () => {
    const { client, task } = await ownedApplication();
    const secret = 'ECHO-ME-38001085718';
    const replies = [
      await client.post<ApiErrorBody>('/api/v1/application-process', { application: { creditConditions: { productName: 7, loanAmount: secret }, languageCode: [secret] } }),
      await client.put<ApiErrorBody>(stepPath(task.externalId), { taskDefinitionKey: { secret }, version: secret, data: secret }),
      await client.post<ApiErrorBody>(stepPath(task.externalId), { taskDefinitionKey: 5, version: 1, application: secret, variables: [secret] }),
      await client.post<ApiErrorBody>('/api/v1/validate/personalCode', { personalCode: { secret } }),
      await client.post<ApiErrorBody>('/api/v1/loan/calculate', { currency: secret, amount: secret }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(422);
      expectMessageKeysOnly(reply.body);
      expect(reply.text).not.toContain(secret);
    }
  });
});

describe('embed tokens (issue 9, item 3)', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>) => signEmbedToken(claims as never, t.config.embedTokenSecret);

  it.each([
    ['a huge exp', () => ({ sub: 'u', iat: now(), exp: 1e308 })],
    ['an exp past the largest date', () => ({ sub: 'u', iat: now(), exp: 8.64e12 + 1 })],
    ['an exp beyond a safe integer', () => ({ sub: 'u', iat: now(), exp: 2 ** 60 })],
    ['a lifetime over an hour', () => ({ sub: 'u', iat: now(), exp: now() + 3601 })],
    ['no iat', () => ({ sub: 'u', exp: now() + 60 })],
    ['an iat in the future', () => ({ sub: 'u', iat: now() + 600, exp: now() + 900 })],
    ['a subject with NUL', () => ({ sub: 'u\u0000', iat: now(), exp: now() + 60 })],
  ])('a validly signed token with %s is 401, not 500', async (_, claims) => {
    const reply = await t.client().get<ApiErrorBody>('/api/v1/session', { headers: { authorization: `Bearer ${sign(claims())}` } });
    expect(reply.status).toBe(401);
    expect(reply.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid token specified' });
  });

  it('accepts a token of at most an hour', async () => {
    const reply = await t.client().get('/api/v1/session', { headers: { authorization: `Bearer ${sign({ sub: 'u', iat: now(), exp: now() + 3600 })}` } });
    expect(reply.status).toBe(200);
  });
});

describe('unexpected server errors', () => {
  it('are 500 INTERNAL to the caller and logged with message and stack, quoted values redacted', async () => {
    const logged: ErrorLogEntry[] = [];
    const logger: Logger = { request: () => undefined, error: (entry) => logged.push(entry) };
    const failing: Database = {
      ...t.database.db,
      query: async () => {
        throw Object.assign(new Error(`invalid input syntax for type integer: "${MARI.personalCode}" in relation "applications"`), { code: '22P02' });
      },
    };
    const app = createApp({ config: t.config, db: failing, logger });
    const reply = await app.request('http://localhost/api/v1/application/previous-external-id');
    expect(reply.status).toBe(500);
    expect(await reply.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ route: '/api/v1/application/previous-external-id', error: 'Error', code: '22P02' });
    expect(logged[0]?.message).toBe('invalid input syntax for type integer: "…" in relation "applications"');
    expect(logged[0]?.stack).toMatch(/^at /);
    expect(JSON.stringify(logged)).not.toContain(MARI.personalCode);
  });
});

describe('nothing refused is stored', () => {
  it('leaves applications, persons, drafts, sessions and keys as they were after every refused call above', async () => {
    // The per-test checks above compare fingerprints; this one covers a continue of a stranger.
    const { task } = await ownedApplication();
    const before = await fingerprint();
    expect((await t.client().post(continuePath(task.externalId))).status).toBe(404);
    expect(await fingerprint()).toBe(before);
  });
});
