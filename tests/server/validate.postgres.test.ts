import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_CODE_CHECK_LIMIT } from '../../server/routes/validate.routes';
import { startSolisServer, type SolisServer } from '../support/e2e-server';
import { startPostgres, type PostgresServer } from '../support/postgres';

/**
 * The personal code check's rate limit lives in the database: two real API processes on one
 * PostgreSQL server, one browser session hitting both at once, share one allowance.
 */
const PUBLIC_ORIGIN = 'http://solis.test';
const PATH = '/api/v1/validate/personalCode';

let postgres: PostgresServer;
let a: SolisServer;
let b: SolisServer;

beforeAll(async () => {
  postgres = await startPostgres();
  const options = { databaseUrl: postgres.databaseUrl, env: { ALLOWED_ORIGINS: PUBLIC_ORIGIN } };
  [a, b] = await Promise.all([startSolisServer(options), startSolisServer(options)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await postgres?.stop();
});

async function check(server: SolisServer, cookie: string): Promise<{ status: number; cookie: string; retryAfter: string | null }> {
  const response = await fetch(`${server.url}${PATH}`, {
    method: 'POST',
    headers: { origin: PUBLIC_ORIGIN, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ personalCode: '38001085718' }),
  });
  await response.text();
  const session = /solis_sid=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  return { status: response.status, cookie: session ? `solis_sid=${session}` : cookie, retryAfter: response.headers.get('retry-after') };
}

describe('personal code check rate limit across processes (PostgreSQL)', () => {
  it('counts every concurrent check of one session exactly once, whichever process serves it', async () => {
    const { limit, windowSeconds } = PERSONAL_CODE_CHECK_LIMIT;
    // The burst must fall in one window of the servers' (wall) clock: not in a window's last seconds.
    const leftInWindow = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
    if (leftInWindow < 10_000) await new Promise((resolve) => setTimeout(resolve, leftInWindow + 50));
    const first = await check(a, '');
    expect(first.status).toBe(200);
    const replies = await Promise.all(Array.from({ length: limit + 10 }, (_, i) => check(i % 2 === 0 ? a : b, first.cookie)));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(11);
    for (const reply of replies.filter((r) => r.status === 429)) expect(Number(reply.retryAfter)).toBeGreaterThanOrEqual(1);

    // Another session, on either process, has its own allowance.
    expect((await check(b, '')).status).toBe(200);
  });
});
