/**
 * Decision 207: the simulator host a process started answers that process's adapters without the
 * loopback socket. The transport changes, not what `providerCall` does: the deadline, the refused
 * redirect, the status and schema checks are the same; an origin that is not registered goes over HTTP.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ProviderError, answerInProcess, providerCall } from '../../../server/providers/provider-http';
import { startSimulators } from '../../../server/providers/simulator-host';

const ORIGIN = 'http://in-process.invalid';
const Answer = v.object({ ok: v.literal(true), method: v.string(), body: v.unknown() });
let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

describe('in-process transport to a registered host', () => {
  it('answers through the handler: the same request (method, headers, body) and the same checks', async () => {
    unregister = answerInProcess(ORIGIN, async (request) =>
      Response.json({ ok: true, method: request.method, body: { json: await request.json(), type: request.headers.get('content-type') } }),
    );
    // The origin does not resolve: only the handler can answer.
    const { status, body } = await providerCall({ provider: 'Test', url: `${ORIGIN}/x`, json: { a: 1 }, schema: Answer });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, method: 'POST', body: { json: { a: 1 }, type: 'application/json' } });

    await expect(providerCall({ provider: 'Test', url: `${ORIGIN}/x`, json: { a: 1 }, schema: v.object({ other: v.string() }) })).rejects.toMatchObject({ fault: 'malformed' });
  });

  it('still times out a host that never answers, refuses a redirect, and reports an error status', async () => {
    let mode: 'hang' | 'redirect' | 'status' = 'hang';
    unregister = answerInProcess(ORIGIN, (): Response | Promise<Response> => {
      if (mode === 'hang') return new Promise<Response>(() => undefined);
      if (mode === 'redirect') return new Response(null, { status: 302, headers: { location: 'https://elsewhere.invalid/' } });
      return Response.json({ error: 'down' }, { status: 503 });
    });
    const call = () => providerCall({ provider: 'Test', url: `${ORIGIN}/x`, schema: Answer, timeoutMs: 50 });
    await expect(call()).rejects.toMatchObject({ fault: 'timeout' });
    mode = 'redirect';
    await expect(call()).rejects.toMatchObject({ fault: 'unreachable' });
    mode = 'status';
    const refused = await call().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ fault: 'status', status: 503 });
  });

  it('goes over HTTP once the host is unregistered, and a started host registers itself until closed', async () => {
    unregister = answerInProcess(ORIGIN, () => Response.json({ ok: true, method: 'GET', body: null }));
    unregister();
    await expect(providerCall({ provider: 'Test', url: `${ORIGIN}/x`, schema: Answer, timeoutMs: 2000 })).rejects.toMatchObject({ fault: 'unreachable' });

    const host = await startSimulators(() => [], { unref: true });
    // The host's own route, answered in-process while it runs, over loopback HTTP after close (refused).
    const index = () => providerCall({ provider: 'Test', url: `${host.origin}/control/reset`, method: 'POST', schema: v.unknown(), timeoutMs: 2000 });
    await expect(index()).resolves.toMatchObject({ status: 200 });
    await host.close();
    await expect(index()).rejects.toMatchObject({ fault: 'unreachable' });
  });
});
