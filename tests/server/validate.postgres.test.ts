import { describe, expect, it } from 'vitest';
import { PERSONAL_CODE_CHECK_LIMIT } from '../../server/routes/validate.routes';
import type { SolisServer } from '../support/e2e-server';
import { Browser, useTwoProcessesOnPostgres } from './support/two-processes';

/**
 * The personal code check's rate limit lives in the database: two real API processes on one
 * PostgreSQL server, one browser session hitting both at once, share one allowance.
 */
const PATH = '/api/v1/validate/personalCode';
const servers = useTwoProcessesOnPostgres();

async function check(server: SolisServer, browser: Browser): Promise<{ status: number; retryAfter: string | null }> {
  const reply = await browser.call(server, 'POST', PATH, { personalCode: '38001085718' });
  return { status: reply.status, retryAfter: reply.headers.get('retry-after') };
}

describe('personal code check rate limit across processes (PostgreSQL)', () => {
  it('counts every concurrent check of one session exactly once, whichever process serves it', async () => {
    const { limit, windowSeconds } = PERSONAL_CODE_CHECK_LIMIT;
    // The burst must fall in one window of the servers' (wall) clock: not in a window's last seconds.
    const leftInWindow = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
    if (leftInWindow < 10_000) await new Promise((resolve) => setTimeout(resolve, leftInWindow + 50));
    const browser = new Browser();
    await browser.call(servers.a, 'GET', '/api/v1/application/previous-external-id'); // opens the session
    expect((await check(servers.a, browser)).status).toBe(200);
    const replies = await Promise.all(Array.from({ length: limit + 10 }, (_, i) => check(i % 2 === 0 ? servers.a : servers.b, browser)));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(11);
    for (const reply of replies.filter((r) => r.status === 429)) expect(Number(reply.retryAfter)).toBeGreaterThanOrEqual(1);

    // Another session, on either process, has its own allowance.
    const other = new Browser();
    await other.call(servers.b, 'GET', '/api/v1/application/previous-external-id');
    expect((await check(servers.b, other)).status).toBe(200);
  });
});
