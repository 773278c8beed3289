import * as v from 'valibot';

/**
 * The one way the reference API calls an outside party (issue 21; docs/decisions/166). Every
 * provider's adapter goes through `providerCall`: a deadline on every call, redirects refused, the
 * answer parsed against the provider's published schema. Whatever goes wrong on the provider's side
 * (no answer in time, connection refused, 5xx, an answer that is not the documented JSON) is a
 * `ProviderError`, which the API answers as 503 `PROVIDER_UNAVAILABLE` (http/api-error.ts): the
 * person's application and choices stay as they were and they may try again.
 */
export type ProviderFault = 'timeout' | 'unreachable' | 'status' | 'malformed';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    /** The party, as named in its configuration (`smart-id`, `psd2`, ...). */
    readonly provider: string,
    readonly fault: ProviderFault,
    detail: string,
    /** The HTTP status the provider answered, when it answered one. */
    readonly status?: number,
    /** The provider's own JSON error body, when it sent one (4xx answers carry their meaning there). */
    readonly body?: unknown,
  ) {
    super(`${provider}: ${detail}`);
  }
}

/** How long a call to an outside party may take unless its adapter says otherwise. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

export interface ProviderCall<T> {
  provider: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** A JSON body (sent as application/json) or a form (application/x-www-form-urlencoded). */
  json?: unknown;
  form?: URLSearchParams;
  /** The documented answer. */
  schema: v.GenericSchema<unknown, T>;
  /** A long-poll call (Smart-ID and Mobile-ID status with `timeoutMs`) waits longer than the default. */
  timeoutMs?: number;
  /** Statuses besides 2xx whose JSON body is the answer (e.g. a documented 4xx refusal). */
  acceptStatuses?: readonly number[];
  fetcher?: typeof fetch;
}

export interface ProviderAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the provider and answers its parsed body, or throws a `ProviderError`. */
type Handler = (request: Request) => Response | Promise<Response>;
const inProcessHosts = new Map<string, Handler>();

/**
 * Decision 207: the simulator host this process started (`npm start`'s demonstration default) is
 * answered by calling its handler, not over loopback HTTP: no socket, no HTTP parse on either side.
 * Only the transport changes: the adapter builds the same request through `providerCall` and reads
 * the same `Response` (status, headers, JSON, schema); the deadline still holds (a hanging fault
 * still times out) and a redirect is still refused. A real party's origin is never registered.
 * Returns the function that unregisters it (the host closing).
 */
export function answerInProcess(origin: string, handler: Handler): () => void {
  inProcessHosts.set(origin, handler);
  return () => {
    if (inProcessHosts.get(origin) === handler) inProcessHosts.delete(origin);
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** `fetch`, or the registered handler of the URL's origin (as fetch would answer it). */
const defaultFetcher: typeof fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const handler = inProcessHosts.size > 0 ? inProcessHosts.get(new URL(url).origin) : undefined;
  if (!handler) return fetch(input, init);
  const signal = init?.signal ?? undefined;
  signal?.throwIfAborted();
  const answered = Promise.resolve(handler(new Request(url, init)));
  const response = signal
    ? await Promise.race([
        answered,
        new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })),
      ])
    : await answered;
  // What fetch does with `redirect: 'error'`.
  if (init?.redirect === 'error' && REDIRECTS.has(response.status)) throw new TypeError('fetch failed', { cause: new Error('unexpected redirect') });
  return response;
};

export async function providerCall<T>(call: ProviderCall<T>): Promise<ProviderAnswer<T>> {
  const fetcher = call.fetcher ?? defaultFetcher;
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  let body: string | URLSearchParams | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = call.form;
  }
  const timeoutMs = call.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetcher(call.url, { method: call.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new ProviderError(call.provider, timedOut ? 'timeout' : 'unreachable', timedOut ? `no answer within ${timeoutMs} ms` : `could not be reached (${describe(error)})`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new ProviderError(call.provider, timedOut ? 'timeout' : 'unreachable', `the answer broke off (${describe(error)})`, response.status);
  }
  const parsedJson = parseJson(text);
  const accepted = response.ok || (call.acceptStatuses ?? []).includes(response.status);
  if (!accepted) {
    throw new ProviderError(call.provider, 'status', `answered HTTP ${response.status}`, response.status, parsedJson.ok ? parsedJson.value : undefined);
  }
  if (!parsedJson.ok) throw new ProviderError(call.provider, 'malformed', `answered HTTP ${response.status} with a body that is not JSON`, response.status);
  const parsed = v.safeParse(call.schema, parsedJson.value);
  if (!parsed.success) {
    const where = parsed.issues.map((issue) => v.getDotPath(issue) ?? '(root)').join(', ');
    throw new ProviderError(call.provider, 'malformed', `answered HTTP ${response.status} with a body outside its protocol (at ${where})`, response.status, parsedJson.value);
  }
  return { status: response.status, body: parsed.output, headers: response.headers };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: unknown } }).cause;
    return typeof cause?.code === 'string' ? cause.code : error.name;
  }
  return 'unknown error';
}

/** The base URL joined with a path, keeping the base's own path (`https://rp-api.smart-id.com/v2` + `/session/x`). */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
