import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, MALFORMED_RESPONSE, toAppError } from '../../src/api/client';
import { cachedPersonalCodeCheck, checkPersonalCodeOnServer, clearPersonalCodeCheckCache } from '../../src/api/validate.api';
import { useTestServerWithClient } from './test-server';

const server = useTestServerWithClient({ retryBaseDelayMs: 1 });
beforeEach(() => clearPersonalCodeCheckCache());

const CODE = '38001085718';

describe('checkPersonalCodeOnServer (POST /api/v1/validate/personalCode)', () => {
  it('posts the code (and the country when given) and returns the verdict', async () => {
    server.reply({ json: { data: { valid: true } } });
    await expect(checkPersonalCodeOnServer(CODE)).resolves.toEqual({ valid: true });
    await expect(checkPersonalCodeOnServer('320190-12345', { countryCode: 'LV' })).resolves.toEqual({ valid: true });
    expect(server.requests.map((request) => [request.method, request.url.pathname, request.body])).toEqual([
      ['POST', '/api/v1/validate/personalCode', { personalCode: CODE }],
      ['POST', '/api/v1/validate/personalCode', { personalCode: '320190-12345', countryCode: 'LV' }],
    ]);
  });

  it('caches each answer per code (and country): the same code is asked once', async () => {
    server.reply({ json: { data: { valid: false } } });
    expect(await checkPersonalCodeOnServer(CODE)).toEqual({ valid: false });
    expect(await checkPersonalCodeOnServer(CODE)).toEqual({ valid: false });
    expect(cachedPersonalCodeCheck(CODE)).toEqual({ valid: false });
    expect(server.requests).toHaveLength(1);
    await checkPersonalCodeOnServer(CODE, { countryCode: 'LT' });
    await checkPersonalCodeOnServer('49403136526');
    expect(server.requests).toHaveLength(3);
  });

  it('does not cache a failure, and does not retry it on its own', async () => {
    server.reply(
      { status: 429, headers: { 'retry-after': '1' }, json: { error: { code: 'RATE_LIMITED', message: 'Too many.' } } },
      { status: 503, json: { error: { code: 'INTERNAL', message: 'Down.' } } },
      { dropConnection: true },
      { json: { data: { valid: true } } },
    );
    const rateLimited = await checkPersonalCodeOnServer(CODE).catch((e: unknown) => e);
    expect(rateLimited).toBeInstanceOf(ApiError);
    expect(toAppError(rateLimited)).toMatchObject({ kind: 'server', status: 429, code: 'RATE_LIMITED' });
    expect(server.requests).toHaveLength(1);
    await expect(checkPersonalCodeOnServer(CODE)).rejects.toBeInstanceOf(ApiError);
    await expect(checkPersonalCodeOnServer(CODE)).rejects.toMatchObject({ appError: { kind: 'network' } });
    expect(cachedPersonalCodeCheck(CODE)).toBeUndefined();
    await expect(checkPersonalCodeOnServer(CODE)).resolves.toEqual({ valid: true });
    expect(server.requests).toHaveLength(4);
  });

  it('refuses a reply that breaks the contract, and caches nothing', async () => {
    server.reply({ json: { data: { valid: 'yes' } } });
    const error = await checkPersonalCodeOnServer(CODE).catch((e: unknown) => e);
    expect(toAppError(error)).toMatchObject({ kind: 'server', code: MALFORMED_RESPONSE });
    expect(cachedPersonalCodeCheck(CODE)).toBeUndefined();
  });

  it('stops when the caller aborts', async () => {
    server.reply({ delayMs: 500, json: { data: { valid: true } } });
    const controller = new AbortController();
    const pending = checkPersonalCodeOnServer(CODE, { signal: controller.signal });
    controller.abort(new DOMException('Left the step.', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(cachedPersonalCodeCheck(CODE)).toBeUndefined();
  });
});
