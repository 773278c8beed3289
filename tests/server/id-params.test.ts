/**
 * Issue 23 item 5 (decision 178): a NUL in the application id answered 500 on 13 routes, with a
 * logged stack. Every id in a route's path is checked in one place (server/http/route-ids.ts)
 * before anything reads the database: one that is not a well-formed id of its kind is the same
 * byte-identical 404 an unknown id gets. The routes are read from the app itself, so a route added
 * later is covered without touching this file. Ids in a query or a JSON body: 422 with a field error
 * when PostgreSQL could not store them, else the same 404 when they are not ids; never 500.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { ErrorLogEntry, Logger } from '../../server/http/logger';
import { ROUTE_ID_PARAMS } from '../../server/http/route-ids';
import { createApplication } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

const errors: ErrorLogEntry[] = [];
const recording: Logger = { request: () => undefined, error: (entry) => errors.push(entry) };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, recording);
});
afterAll(() => t.database.dispose());

/** Every API route of the app with a parameter in its path (GET, POST, PUT, DELETE). */
function routesWithIds(): { method: string; path: string; params: string[] }[] {
  const seen = new Set<string>();
  return t.app.routes.flatMap(({ method, path }) => {
    const params = [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
    const key = `${method} ${path}`;
    if (method === 'ALL' || params.length === 0 || !path.startsWith('/api/') || seen.has(key)) return [];
    seen.add(key);
    return [{ method, path, params }];
  });
}

const HOSTILE: [string, (kind: string, valid: string) => string][] = [
  ['a NUL', () => '%00'],
  ['a NUL inside a valid id', (_kind, valid) => `${valid.slice(0, 8)}%00${valid.slice(9)}`],
  ['two dots', () => '..'],
  ['two encoded dots', () => '%2E%2E'],
  ['an over-long id', () => 'a'.repeat(4000)],
  ['a right-to-left override', () => '%E2%80%AE'],
  ['a lone surrogate', () => '%ED%A0%80'],
  ['a valid id in capitals', (_kind, valid) => valid.toUpperCase()],
  ['a valid-looking id of the wrong kind', (kind, valid) => (kind === 'externalId' ? `contract-${valid}` : `${valid}-1`)],
  ['an SQL fragment', () => encodeURIComponent("1' or '1'='1")],
];

describe('ids in route paths (issue 23 item 5)', () => {
  it('are known to the checker: every path parameter of the app has a format', () => {
    const unknown = routesWithIds().flatMap((route) => route.params.filter((param) => !(param in ROUTE_ID_PARAMS)).map((param) => `${route.method} ${route.path} :${param}`));
    expect(unknown).toEqual([]);
    expect(routesWithIds().length).toBeGreaterThanOrEqual(20);
  });

  it('answer the byte-identical 404 of an unknown id for anything not well-formed, on every route, and never 500 or a logged stack', async () => {
    const client = t.client();
    const owned = (await createApplication(client)).externalId;
    const unknown = await client.get(`/api/v1/application-process/${randomUUID()}/answers`);
    expect(unknown.status).toBe(404);
    const failures: string[] = [];
    for (const route of routesWithIds()) {
      for (const target of route.params) {
        for (const [why, value] of HOSTILE) {
          const path = route.params.reduce((built, param) => built.replace(`:${param}`, param === target ? value(param, owned) : param === 'externalId' ? owned : randomUUID()), route.path);
          const reply = await client.call(route.method, path, route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} });
          if (reply.status !== 404 || reply.text !== unknown.text) failures.push(`${route.method} ${route.path} :${target} ${why}: ${reply.status} ${reply.text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('ids in queries and JSON bodies (issue 23 item 5)', () => {
  const callsWith = (client: ReturnType<TestApp['client']>, id: string) => [
    () => client.get<ApiErrorBody>(`/api/v1/psd2/list-institutions?externalId=${encodeURIComponent(id)}`),
    () => client.get<ApiErrorBody>(`/api/v1/application/consent-reference?externalId=${encodeURIComponent(id)}`),
    () => client.post<ApiErrorBody>('/api/v1/application/consent-url', { externalId: id }),
    () => client.post<ApiErrorBody>('/api/v1/psd2/select-institution', { externalId: id, institutionId: 'HABAEE2X', userLanguage: 'en' }),
    () => client.post<ApiErrorBody>('/api/v1/active-applications', { externalId: id }),
    () => client.post<ApiErrorBody>('/api/v1/active-applications/annul', { externalId: id }),
  ];

  it('are 422 with a field error when PostgreSQL could not store them (NUL, a lone surrogate), never 500', async () => {
    const client = t.client();
    await createApplication(client);
    for (const bad of ['\u0000', `${randomUUID()}\u0000`, '\ud800']) {
      // A lone surrogate cannot be written in a URL (encodeURIComponent refuses it): the bodies only.
      for (const call of callsWith(client, bad).slice(bad === '\ud800' ? 2 : 0)) {
        const reply = await call();
        expect(reply.status, `${JSON.stringify(bad)}: ${reply.text}`).toBe(422);
        expect(reply.body.error.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(reply.body.error.fieldErrors ?? {})).toContain('externalId');
      }
    }
    expect(errors).toEqual([]);
  });

  it('are the 404 of an unknown id when they are not ids (they are not looked up), never 500', async () => {
    const client = t.client();
    const owned = (await createApplication(client)).externalId;
    const unknown = (await client.get(`/api/v1/application-process/${randomUUID()}/answers`)).text;
    for (const bad of ['', '\u202e', '..', 'x'.repeat(64), owned.toUpperCase(), `contract-${owned}`, randomUUID()]) {
      for (const call of callsWith(client, bad)) {
        const reply = await call();
        expect(reply.status, `${JSON.stringify(bad)}: ${reply.text}`).toBe(404);
        expect(reply.text).toBe(unknown);
      }
    }
    expect(errors).toEqual([]);
  });
});

describe('a NUL in any query parameter (issue 23 item 5)', () => {
  it('is a 4xx or a redirect, never 500 or a logged stack', async () => {
    const client = t.client();
    const owned = (await createApplication(client)).externalId;
    const paths = [
      `/api/v1/application-process/${owned}/answers?role=%00`,
      `/api/v1/application-process/${owned}/continue?role=%00`,
      '/api/v1/psd2/callback?state=%00',
      '/api/v1/psd2/callback?state=abc&result=%00',
      '/api/v1/signing/eparaksts/callback?state=%00&code=%00',
      '/api/v1/signing/payment/callback?state=%00',
      '/auth/public-sso?originalUrl=%00&method=SMART_ID&language=%00',
      '/auth/public-sso/callback?state=%00&code=%00',
      '/logout?redirectToUrl=%00&language=%00',
    ];
    for (const path of paths) {
      const reply = await client.call(path.includes('/continue') ? 'POST' : 'GET', path, path.includes('/continue') ? { body: {} } : {});
      expect(reply.status, `${path}: ${reply.text.slice(0, 200)}`).toBeLessThan(500);
    }
    expect(errors).toEqual([]);
  });
});
