import { afterAll, beforeAll } from 'vitest';
import { startSolisServer, type SolisServer } from '../../support/e2e-server';
import { startPostgres, type PostgresServer } from '../../support/postgres';
import { SESSION_COOKIE } from '../../../server/sessions/session-token';
import { sessionCookieOf } from './api-client';

/** The public origin both processes answer for, as behind one load balancer. */
export const PUBLIC_ORIGIN = 'http://solis.test';

export interface TwoProcesses {
  postgres: PostgresServer;
  a: SolisServer;
  b: SolisServer;
}

/**
 * Two real API processes on one fresh PostgreSQL server for the tests of this file, started
 * together on the empty database (both migrate at once; the advisory lock serialises them).
 * The returned object is filled in before the first test runs.
 */
export function useTwoProcessesOnPostgres(): TwoProcesses {
  const setup = {} as TwoProcesses;
  beforeAll(async () => {
    setup.postgres = await startPostgres();
    const options = { databaseUrl: setup.postgres.databaseUrl, env: { ALLOWED_ORIGINS: PUBLIC_ORIGIN } };
    [setup.a, setup.b] = await Promise.all([startSolisServer(options), startSolisServer(options)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([setup.a?.stop(), setup.b?.stop()]);
    await setup.postgres?.stop();
  });
  return setup;
}

export interface Reply<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** One browser behind a load balancer: one cookie jar, one public origin, any process. */
export class Browser {
  private cookie = '';

  async call<T>(server: SolisServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { origin: PUBLIC_ORIGIN, cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = sessionCookieOf(response.headers);
    if (session !== undefined) this.cookie = session ? `${SESSION_COOKIE}=${session}` : '';
    return { status: response.status, headers: response.headers, body: (await response.json()) as T };
  }
}
