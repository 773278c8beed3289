import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, providerCall } from '../../../server/providers/provider-http';
import { startSimulators, type RunningSimulators } from '../../../server/providers/simulator-host';

/**
 * The simulators' host (issue 21; decision 166) with a toy simulator: the index lists what waits for
 * a person, the fault controls spoil the next API calls (never a person's page), reset forgets them,
 * and `providerCall` turns each fault into a ProviderError naming it.
 */
let host: RunningSimulators;
let resets = 0;

beforeAll(async () => {
  host = await startSimulators(() => {
    const routes = new Hono();
    routes.get('/api/thing', (c) => c.json({ thing: 'ok' }));
    routes.get('/page', (c) => c.html('<p>a person page</p>'));
    return [{ name: 'toy', title: 'Toy party', routes, open: () => [{ text: 'A toy request waits', href: '/toy/page' }], reset: () => void (resets += 1) }];
  }, { unref: true });
});
afterAll(() => host.close());

const Thing = v.object({ thing: v.string() });
const call = (timeoutMs = 2000) => providerCall({ provider: 'toy', url: `${host.origin}/toy/api/thing`, schema: Thing, timeoutMs });
const fault = (body: Record<string, unknown>) => fetch(`${host.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the simulators host', () => {
  it('listens on loopback only', () => {
    expect(new URL(host.origin).hostname).toBe('127.0.0.1');
  });

  it('lists what waits for a person on its index page', async () => {
    const page = await (await fetch(host.origin)).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Toy party');
    expect(page).toContain('<a href="/toy/page">A toy request waits</a>');
  });

  it('answers through providerCall when nothing is spoiled', async () => {
    expect((await call()).body).toEqual({ thing: 'ok' });
  });

  it('spoils the next API calls as asked, each fault a ProviderError of its kind, then answers again', async () => {
    expect((await fault({ simulator: 'toy', fault: 'status', status: 502 })).status).toBe(200);
    await expect(call()).rejects.toMatchObject({ fault: 'status', status: 502 });
    expect((await call()).body).toEqual({ thing: 'ok' });

    await fault({ simulator: 'toy', fault: 'malformed' });
    await expect(call()).rejects.toMatchObject({ fault: 'malformed' });

    await fault({ simulator: 'toy', fault: 'hang' });
    await expect(call(300)).rejects.toMatchObject({ fault: 'timeout' });

    await fault({ simulator: 'toy', fault: 'slow', delayMs: 600 });
    await expect(call(200)).rejects.toBeInstanceOf(ProviderError);
    expect((await call()).body).toEqual({ thing: 'ok' });
  });

  it('never spoils a person page, and refuses a control for a simulator it has not', async () => {
    await fault({ simulator: 'toy', fault: 'status', times: 2 });
    expect((await fetch(`${host.origin}/toy/page`, { headers: { accept: 'text/html' } })).status).toBe(200);
    expect((await fault({ simulator: 'nobody', fault: 'status' })).status).toBe(400);
    // Reset forgets the queued faults and every simulator's state.
    const before = resets;
    await fetch(`${host.origin}/control/reset`, { method: 'POST' });
    expect(resets).toBe(before + 1);
    expect((await call()).body).toEqual({ thing: 'ok' });
  });

  it('a party that cannot be reached at all is a ProviderError too', async () => {
    await expect(providerCall({ provider: 'gone', url: 'http://127.0.0.1:9/nothing', schema: Thing, timeoutMs: 1000 })).rejects.toMatchObject({ fault: 'unreachable' });
  });
});
