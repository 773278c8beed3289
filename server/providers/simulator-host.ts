import { serve } from '@hono/node-server';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { answerInProcess } from './provider-http';

/**
 * The simulators of the outside parties (issue 21; docs/decisions/166): one HTTP server on loopback
 * that `npm start` (and every test server) starts beside the API when a provider is not configured.
 * Each simulator lives under its own path (`/smart-id/v2/...`, `/psd2/...`) and speaks its party's
 * published protocol, so the adapter that talks to it is the adapter that talks to the real party.
 * Its pages are what a person sees at the provider (approve, refuse, cancel, time out).
 *
 * The host adds what a test needs and a provider has not:
 * - `GET /`: the open requests of every simulator (a person trying the demonstration finds the
 *   Smart-ID "phone" here, for instance);
 * - `POST /control/faults`: the next API calls to a simulator time out, never answer, answer an HTTP
 *   error or malformed JSON (browser tests of recovery);
 * - `POST /control/reset`: forget every fault and every simulator's state.
 * It listens on 127.0.0.1 only: a browser on another machine cannot reach it, so a demonstration
 * cannot be mistaken for a bank's real service from outside.
 */
export interface OpenRequest {
  /** One line a person reads on the index page. */
  text: string;
  /** The simulator's page for it. */
  href: string;
}

export interface Simulator {
  /** Its path under the host, e.g. `smart-id`; also the name fault controls use. */
  readonly name: string;
  /** Shown on the index page, e.g. `Smart-ID (relying party API v2)`. */
  readonly title: string;
  /** Its routes, relative to `/<name>`. */
  readonly routes: Hono;
  /** The requests a person may answer now, for the index page. */
  open?(): OpenRequest[];
  /** Forget everything (`POST /control/reset`). */
  reset?(): void;
}

/** What a simulator is made with: where the host can be reached, known once it listens. */
export interface SimulatorContext {
  /** The host's origin, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  origin(): string;
  /** The simulator's own base, e.g. `http://127.0.0.1:41234/smart-id`. */
  base(name: string): string;
}

const FaultSchema = v.object({
  simulator: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,40}$/)),
  /** status: answer `status` (500 by default); malformed: 200 with a body that is not JSON; slow: answer after `delayMs`; hang: never answer. */
  fault: v.picklist(['status', 'malformed', 'slow', 'hang']),
  status: v.optional(v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)), 500),
  delayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000)), 30_000),
  /** How many API calls it spoils (then the simulator answers again). */
  times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 1),
  /** Only calls whose path (under the simulator) contains this. */
  path: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
export type FaultControl = v.InferOutput<typeof FaultSchema>;

interface QueuedFault extends FaultControl {
  left: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A simulator page: one accessible document (lang, title, one h1, main), plain HTML, no script. */
export function simulatorPage(title: string, body: string, options: { status?: number; lang?: string } = {}): Response {
  const html = `<!doctype html>
<html lang="${escapeHtml(options.lang ?? 'en')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;margin:0;color:#1b1b1b;background:#f4f4f4}main{max-width:40rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border-radius:6px}
button,a.button{font-size:1rem;padding:.6rem 1.1rem;margin:0 .5rem .5rem 0;border:2px solid #1b1b1b;border-radius:4px;background:#fff;color:#1b1b1b;cursor:pointer;text-decoration:none;display:inline-block}
button.primary{background:#00703c;border-color:#00703c;color:#fff}:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.code{font-size:2rem;font-weight:700;letter-spacing:.2em}.note{color:#505a5f}dt{font-weight:700}dd{margin:0 0 .5rem 0}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return new Response(html, { status: options.status ?? 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

export { escapeHtml };

/** Hidden form fields. */
export const hiddenFields = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');

/** A form of submit buttons, one per outcome (the first is the primary one). */
export function outcomeForm(action: string, fields: Record<string, string>, outcomes: readonly { value: string; label: string }[], name = 'outcome'): string {
  const buttons = outcomes
    .map((outcome, index) => `<button type="submit" name="${escapeHtml(name)}" value="${escapeHtml(outcome.value)}"${index === 0 ? ' class="primary"' : ''}>${escapeHtml(outcome.label)}</button>`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${hiddenFields(fields)}${buttons}</form>`;
}

/** An API call (the adapter's), as opposed to a person's page: it asks for JSON or sends it. */
function isApiCall(c: Context): boolean {
  const accept = c.req.header('accept') ?? '';
  const type = c.req.header('content-type') ?? '';
  return accept.includes('application/json') || type.includes('application/json');
}

export function createSimulatorHost(simulators: readonly Simulator[]): Hono {
  const host = new Hono();
  let faults: QueuedFault[] = [];

  host.get('/', () => {
    const sections = simulators
      .map((simulator) => {
        const open = simulator.open?.() ?? [];
        const items = open.length
          ? `<ul>${open.map((item) => `<li><a href="${escapeHtml(item.href)}">${escapeHtml(item.text)}</a></li>`).join('')}</ul>`
          : '<p class="note">Nothing waits for an answer.</p>';
        return `<section aria-labelledby="sim-${escapeHtml(simulator.name)}"><h2 id="sim-${escapeHtml(simulator.name)}">${escapeHtml(simulator.title)}</h2>${items}</section>`;
      })
      .join('');
    return simulatorPage(
      'Solis demonstration: simulated providers',
      `<p>These simulators stand in for the outside parties (Smart-ID, Mobile-ID, eParaksts, banks, open banking, identity verification, login, the population register) so the application can be tried end to end. Nothing here signs, pays or reads a real account.</p>${sections}`,
    );
  });

  host.post('/control/faults', async (c) => {
    const parsed = v.safeParse(FaultSchema, await c.req.json().catch(() => null));
    if (!parsed.success || !simulators.some((simulator) => simulator.name === parsed.output.simulator)) return c.json({ error: 'invalid fault control' }, 400);
    faults.push({ ...parsed.output, left: parsed.output.times });
    return c.json({ accepted: true });
  });

  host.post('/control/reset', (c) => {
    faults = [];
    for (const simulator of simulators) simulator.reset?.();
    return c.json({ reset: true });
  });

  for (const simulator of simulators) {
    const spoil: MiddlewareHandler = async (c, next) => {
      const under = c.req.path.slice(simulator.name.length + 1);
      const fault = isApiCall(c) ? faults.find((item) => item.simulator === simulator.name && item.left > 0 && (item.path === undefined || under.includes(item.path))) : undefined;
      if (!fault) return next();
      fault.left -= 1;
      faults = faults.filter((item) => item.left > 0);
      if (fault.fault === 'status') return c.json({ error: 'simulated failure' }, fault.status as 500);
      if (fault.fault === 'malformed') return c.body('{"this is": not json', 200, { 'content-type': 'application/json' });
      if (fault.fault === 'hang') return new Promise<Response>(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      return next();
    };
    host.use(`/${simulator.name}/*`, spoil);
    host.route(`/${simulator.name}`, simulator.routes);
  }
  return host;
}

export interface RunningSimulators {
  /** e.g. `http://127.0.0.1:41234` */
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * Starts the host on loopback. `build` receives the context (the origin is known once the port is)
 * and answers the simulators.
 */
export async function startSimulators(build: (context: SimulatorContext) => Simulator[], options: { port?: number; unref?: boolean } = {}): Promise<RunningSimulators> {
  let origin = '';
  const context: SimulatorContext = { origin: () => origin, base: (name) => `${origin}/${name}` };
  const host = createSimulatorHost(build(context));
  const server = serve({ fetch: host.fetch, port: options.port ?? 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A test's host must not keep its process alive.
  if (options.unref) server.unref();
  // Decision 207: this process's own adapters call the host without the loopback socket.
  const unregister = answerInProcess(origin, (request) => host.fetch(request));
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        unregister();
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Test mode's reset (`POST /api/sandbox/reset`): every simulator forgets its state and queued faults. */
export async function resetSimulators(origin: string): Promise<void> {
  const response = await fetch(`${origin}/control/reset`, { method: 'POST', signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`the simulators' reset answered ${response.status}`);
}
