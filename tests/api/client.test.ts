import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  ApiError,
  MALFORMED_RESPONSE,
  apiRequest,
  configureApiClient,
  expiryInBrowserClock,
  getSessionExpiry,
  isRetrySafe,
  onSessionExpiry,
  resetApiClient,
  setAcceptLanguage,
  setEmbeddedAuth,
  toAppError,
} from '../../src/api/client';
import { startTestServer } from './test-server';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  resetApiClient();
  configureApiClient({ baseUrl: server.url, retryBaseDelayMs: 1, timeoutMs: 2_000 });
  server.requests.length = 0;
});
afterEach(() => resetApiClient());

const Thing = v.object({ name: v.string() });

async function appErrorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return toAppError(e);
  }
  throw new Error('expected the call to fail');
}

describe('bases and envelope', () => {
  it('unwraps { data } and parses it with the call schema', async () => {
    server.reply({ json: { data: { name: 'Solis', extra: true } } });
    await expect(apiRequest('things/1', { schema: Thing })).resolves.toEqual({ name: 'Solis' });
    expect(server.requests[0]?.url.pathname).toBe('/api/v1/things/1');
  });

  it.each([
    ['api', '/api/session/heartbeat'],
    ['v1', '/api/v1/session/heartbeat'],
    ['v2', '/api/v2/session/heartbeat'],
  ] as const)('puts %s calls under %s', async (base, pathname) => {
    server.reply({ json: { data: { name: 'x' } } });
    await apiRequest('session/heartbeat', { base, schema: Thing });
    expect(server.requests[0]?.url.pathname).toBe(pathname);
  });

  it('sends JSON bodies and query parameters', async () => {
    server.reply({ json: { data: { name: 'x' } } });
    await apiRequest('things', { method: 'POST', body: { a: 1 }, query: { role: 'applicant' }, schema: Thing });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual({ a: 1 });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.url.searchParams.get('role')).toBe('applicant');
  });

  it.each([
    ['data of the wrong shape', { json: { data: { name: 42 } } }],
    ['a reply without the envelope', { json: { name: 'Solis' } }],
    ['a non-JSON body', { text: '<html>proxy page</html>', headers: { 'content-type': 'text/html' } }],
  ])('turns %s into a typed malformed-reply error', async (_, reply) => {
    server.reply(reply);
    const error = await appErrorOf(apiRequest('things/1', { schema: Thing }));
    expect(error).toMatchObject({ kind: 'server', code: MALFORMED_RESPONSE });
  });
});

describe('error mapping', () => {
  const body = (code: string, fieldErrors?: Record<string, string[]>) => ({ error: { code, message: `${code} happened`, fieldErrors } });

  it('maps 422 VALIDATION_FAILED to a validation error with its field errors', async () => {
    const fieldErrors = { 'personUpdates.0.declaredData.email': ['validation.messages.email'] };
    server.reply({ status: 422, json: body('VALIDATION_FAILED', fieldErrors) });
    await expect(appErrorOf(apiRequest('x', { schema: Thing }))).resolves.toEqual({
      kind: 'validation',
      message: 'VALIDATION_FAILED happened',
      fieldErrors,
    });
  });

  it.each([
    [409, 'VERSION_CONFLICT', { kind: 'conflict' }],
    [409, 'STEP_OUT_OF_ORDER', { kind: 'conflict' }],
    [401, 'UNAUTHORIZED', { kind: 'unauthorized' }],
    [403, 'FORBIDDEN_ORIGIN', { kind: 'unauthorized' }],
    [404, 'NOT_FOUND', { kind: 'not-found' }],
    [422, 'IDEMPOTENCY_KEY_REUSED', { kind: 'server', status: 422, code: 'IDEMPOTENCY_KEY_REUSED' }],
    [500, 'INTERNAL', { kind: 'server', status: 500, code: 'INTERNAL' }],
    [501, 'PROCESS_NOT_AVAILABLE', { kind: 'server', status: 501, code: 'PROCESS_NOT_AVAILABLE' }],
  ] as const)('maps %i %s', async (status, code, expected) => {
    server.reply({ status, json: body(code) });
    const error = await appErrorOf(apiRequest('x', { method: 'POST', schema: Thing }));
    expect(error).toMatchObject({ ...expected, message: `${code} happened` });
  });

  it('maps a failure without the error envelope to a server error with its status', async () => {
    server.reply({ status: 500, text: 'Internal Server Error', headers: { 'content-type': 'text/plain' } });
    const error = await appErrorOf(apiRequest('x', { method: 'POST', schema: Thing }));
    expect(error).toMatchObject({ kind: 'server', status: 500 });
  });

  it('maps a dropped connection to a network error', async () => {
    server.reply({ dropConnection: true });
    const error = await appErrorOf(apiRequest('x', { method: 'POST', schema: Thing }));
    expect(error.kind).toBe('network');
  });

  it('maps a reply slower than the timeout to a timeout error', async () => {
    server.reply({ json: { data: { name: 'late' } }, delayMs: 300 });
    const error = await appErrorOf(apiRequest('x', { schema: Thing, timeoutMs: 50, retry: false }));
    expect(error.kind).toBe('timeout');
  });

  it('rethrows the caller abort instead of an app error', async () => {
    server.reply({ json: { data: { name: 'late' } }, delayMs: 300 });
    const controller = new AbortController();
    const call = apiRequest('x', { schema: Thing, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('toAppError maps foreign errors too', () => {
    expect(toAppError(new TypeError('fetch failed'))).toEqual({ kind: 'network', message: 'fetch failed' });
    expect(toAppError(new DOMException('slow', 'TimeoutError'))).toEqual({ kind: 'timeout', message: 'slow' });
    expect(toAppError({ kind: 'conflict', message: 'already mapped' })).toEqual({ kind: 'conflict', message: 'already mapped' });
    expect(toAppError('boom')).toEqual({ kind: 'server', message: 'boom' });
  });
});

describe('retry policy', () => {
  it('classifies the safe calls', () => {
    expect(isRetrySafe('GET')).toBe(true);
    expect(isRetrySafe('PUT')).toBe(true);
    expect(isRetrySafe('POST')).toBe(false);
    expect(isRetrySafe('POST', { 'Idempotency-Key': 'k1' })).toBe(true);
    expect(isRetrySafe('DELETE')).toBe(false);
  });

  it('retries a GET on 503 and succeeds', async () => {
    server.reply({ status: 503, json: { error: { code: 'INTERNAL', message: 'busy' } } }, { json: { data: { name: 'ok' } } });
    await expect(apiRequest('x', { schema: Thing })).resolves.toEqual({ name: 'ok' });
    expect(server.requests).toHaveLength(2);
  });

  it('retries a PUT after a dropped connection', async () => {
    server.reply({ dropConnection: true }, { json: { data: { name: 'ok' } } });
    await expect(apiRequest('x', { method: 'PUT', body: {}, schema: Thing })).resolves.toEqual({ name: 'ok' });
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after three attempts', async () => {
    server.reply({ status: 502, text: 'Bad Gateway' });
    const error = await appErrorOf(apiRequest('x', { schema: Thing }));
    expect(error).toMatchObject({ kind: 'server', status: 502 });
    expect(server.requests).toHaveLength(3);
  });

  it('never retries a POST without an idempotency key', async () => {
    server.reply({ status: 503, text: 'busy' }, { json: { data: { name: 'ok' } } });
    const error = await appErrorOf(apiRequest('x', { method: 'POST', body: {}, schema: Thing }));
    expect(error).toMatchObject({ kind: 'server', status: 503 });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a POST that carries an idempotency key, with the same key', async () => {
    server.reply({ dropConnection: true }, { status: 429, text: '' }, { json: { data: { name: 'ok' } } });
    const call = apiRequest('x', { method: 'POST', body: { a: 1 }, headers: { 'idempotency-key': 'key-1' }, schema: Thing });
    await expect(call).resolves.toEqual({ name: 'ok' });
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('does not retry failures a repeat cannot fix', async () => {
    server.reply({ status: 500, json: { error: { code: 'INTERNAL', message: 'bug' } } });
    await appErrorOf(apiRequest('x', { schema: Thing }));
    server.reply({ status: 422, json: { error: { code: 'VALIDATION_FAILED', message: 'bad', fieldErrors: {} } } });
    await appErrorOf(apiRequest('x', { method: 'PUT', body: {}, schema: Thing }));
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a keepalive request', async () => {
    server.reply({ status: 503, text: 'busy' });
    await appErrorOf(apiRequest('x', { method: 'PUT', body: {}, keepalive: true, schema: Thing }));
    expect(server.requests).toHaveLength(1);
  });

  it('backs off exponentially between attempts', async () => {
    configureApiClient({ retryBaseDelayMs: 40 });
    server.reply({ status: 504, text: '' });
    const started = Date.now();
    await appErrorOf(apiRequest('x', { schema: Thing }));
    // 40 * 2^0 + 40 * 2^1 at least, jitter on top.
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
  });
});

describe('request state', () => {
  it('reads the session expiry header on every reply and clears it when a request starts', async () => {
    const seen: (string | null)[] = [];
    const unsubscribe = onSessionExpiry((date) => seen.push(date?.toISOString() ?? null));
    server.reply({ json: { data: { name: 'a' } }, headers: { 'x-session-expires-at': '2030-01-01T10:00:00.000Z' } });
    await apiRequest('x', { schema: Thing });
    expect(getSessionExpiry()?.toISOString()).toBe('2030-01-01T10:00:00.000Z');

    server.reply({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'no' } }, headers: { 'x-session-expires-at': '2030-01-01T10:15:00.000Z' } });
    await appErrorOf(apiRequest('x', { schema: Thing }));
    expect(seen).toEqual(['2030-01-01T10:00:00.000Z', null, '2030-01-01T10:15:00.000Z']);

    server.reply({ json: { data: { name: 'b' } } });
    await apiRequest('x', { schema: Thing });
    expect(getSessionExpiry()).toBeNull();
    unsubscribe();
  });

  it('moves the expiry into the browser’s clock when the server’s Date is more than two seconds off', async () => {
    const tenMinutesAhead = new Date(Date.now() + 10 * 60_000).toUTCString();
    server.reply({ json: { data: { name: 'a' } }, headers: { 'x-session-expires-at': '2030-01-01T10:15:00.000Z', date: tenMinutesAhead } });
    await apiRequest('x', { schema: Thing });
    // The server's clock is ten minutes ahead: the session ends ten minutes earlier by ours.
    const corrected = getSessionExpiry()!.getTime();
    const expected = Date.parse('2030-01-01T10:05:00.000Z');
    expect(Math.abs(corrected - expected)).toBeLessThan(5000);

    server.reply({ json: { data: { name: 'b' } }, headers: { 'x-session-expires-at': '2030-01-01T10:15:00.000Z', date: new Date().toUTCString() } });
    await apiRequest('x', { schema: Thing });
    expect(getSessionExpiry()?.toISOString()).toBe('2030-01-01T10:15:00.000Z');
  });

  it.each([
    ['no Date header', null, 0],
    ['an unreadable Date header', 'yesterday-ish', 0],
    ['a Date within the header’s precision', new Date(Date.UTC(2030, 0, 1, 10, 0, 1)).toUTCString(), 0],
    ['a server clock 90 s behind', new Date(Date.UTC(2030, 0, 1, 9, 58, 30)).toUTCString(), 90_000],
  ])('corrects the expiry for %s by the right amount', (_, date, shift) => {
    const receivedAt = Date.UTC(2030, 0, 1, 10, 0, 0);
    const expiresAt = new Date(Date.UTC(2030, 0, 1, 10, 15, 0));
    expect(expiryInBrowserClock(expiresAt, date, receivedAt)?.getTime()).toBe(expiresAt.getTime() + shift);
    expect(expiryInBrowserClock(null, date, receivedAt)).toBeNull();
  });

  it('sends Accept-Language once a language is set', async () => {
    server.reply({ json: { data: { name: 'a' } } });
    await apiRequest('x', { schema: Thing });
    setAcceptLanguage('lv-LV');
    await apiRequest('x', { schema: Thing });
    expect(server.requests[0]?.headers['accept-language']).not.toBe('lv-LV');
    expect(server.requests[1]?.headers['accept-language']).toBe('lv-LV');
  });

  it('adds the bearer token and role query in embedded mode only', async () => {
    server.reply({ json: { data: { name: 'a' } } });
    await apiRequest('x', { schema: Thing });
    setEmbeddedAuth({ token: 'tok.en', role: 'coborrower' });
    await apiRequest('x', { method: 'POST', schema: Thing, query: { page: 2 } });
    setEmbeddedAuth(null);
    await apiRequest('x', { schema: Thing });

    const [plain, embedded, after] = server.requests;
    expect(plain?.headers.authorization).toBeUndefined();
    expect(plain?.url.searchParams.has('role')).toBe(false);
    expect(embedded?.headers.authorization).toBe('Bearer tok.en');
    expect(embedded?.url.searchParams.get('role')).toBe('coborrower');
    expect(embedded?.url.searchParams.get('page')).toBe('2');
    expect(after?.headers.authorization).toBeUndefined();
  });
});
