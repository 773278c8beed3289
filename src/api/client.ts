/**
 * The one HTTP client of the app (spec section 7): a single ofetch instance over the three API
 * bases, unwrapping `{ data }`, parsing every reply with a valibot schema, mapping every failure to
 * the machine's `AppError` union, and owning the cross-cutting request state (embedded bearer token
 * and role, Accept-Language, the session expiry header). Retry policy: docs/decisions/030-http-client.md.
 */
import { ofetch } from 'ofetch';
import * as v from 'valibot';
import { isAppError, type AppError } from '../../core/domain/app-error';
import { ErrorDetailsSchema, FieldErrorsSchema, IDEMPOTENCY_HEADER, SESSION_EXPIRES_HEADER, envelope } from '../../core/wire/envelope.schema';

/** The three API bases of section 7. */
export const API_BASES = { api: '/api/', v1: '/api/v1/', v2: '/api/v2/' } as const;
export type ApiBase = keyof typeof API_BASES;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequestOptions<S extends v.GenericSchema> {
  /** Schema of the `data` the reply wraps; a reply that does not match is a typed error. */
  schema: S;
  /** Defaults to `v1`. */
  base?: ApiBase;
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Cancels the call (and any pending retry): pass the one `fromPromise` gives. */
  signal?: AbortSignal;
  /** Per attempt; defaults to the configured timeout (15 s). */
  timeoutMs?: number;
  /** Lets the request outlive the page (draft save on page leave). Never retried. */
  keepalive?: boolean;
  /** Turns retries off for a call the policy would retry. */
  retry?: false;
}

export interface ApiClientConfig {
  /** Origin (and optional path prefix) the API bases hang off; empty for same origin. */
  baseUrl: string;
  timeoutMs: number;
  /** Attempts in total, the first included. */
  maxAttempts: number;
  /** Backoff before retry n (0-based) is `retryBaseDelayMs * 2^n` plus up to `retryBaseDelayMs` of jitter. */
  retryBaseDelayMs: number;
  /** A server's Retry-After is honoured up to this long; longer waits fail instead. */
  maxRetryAfterMs: number;
}

const DEFAULT_CONFIG: ApiClientConfig = {
  baseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/+$/, '') ?? '',
  timeoutMs: 15_000,
  maxAttempts: 3,
  retryBaseDelayMs: 300,
  maxRetryAfterMs: 5_000,
};

let config: ApiClientConfig = { ...DEFAULT_CONFIG };

/** The configured origin and prefix the API bases hang off (the upload call builds its own URL). */
export function apiBaseUrl(): string {
  return config.baseUrl;
}
let embeddedAuth: { token: string; role: string } | null = null;
let acceptLanguage: string | null = null;
let sessionExpiry: Date | null = null;
const expiryListeners = new Set<(expiresAt: Date | null) => void>();

/** Overrides parts of the configuration (start-up wiring and tests). */
export function configureApiClient(overrides: Partial<ApiClientConfig>): void {
  config = { ...config, ...overrides, baseUrl: (overrides.baseUrl ?? config.baseUrl).replace(/\/+$/, '') };
}

/** Restores the defaults and forgets token, language and expiry (tests). */
export function resetApiClient(): void {
  config = { ...DEFAULT_CONFIG };
  embeddedAuth = null;
  acceptLanguage = null;
  sessionExpiry = null;
  expiryListeners.clear();
}

/** Embedded mode (section 6): every later call carries the parent's bearer token and role query. */
export function setEmbeddedAuth(auth: { token: string; role: string } | null): void {
  embeddedAuth = auth;
}

/** Section 4: a language change sets Accept-Language on all later requests. */
export function setAcceptLanguage(languageTag: string | null): void {
  acceptLanguage = languageTag;
}

/** The session expiry the last reply announced; null while a request is in flight or none was sent. */
export function getSessionExpiry(): Date | null {
  return sessionExpiry;
}

/**
 * Section 4: the expiry is taken from the header of every reply and cleared on every request. The
 * listener hears each change; the returned function unsubscribes.
 */
export function onSessionExpiry(listener: (expiresAt: Date | null) => void): () => void {
  expiryListeners.add(listener);
  return () => {
    expiryListeners.delete(listener);
  };
}

function updateSessionExpiry(next: Date | null): void {
  if (next?.getTime() === sessionExpiry?.getTime()) return;
  sessionExpiry = next;
  for (const listener of expiryListeners) listener(next);
}

function parseExpiryHeader(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The Date header has whole seconds: a smaller difference from the browser's clock is noise. */
const CLOCK_SKEW_TOLERANCE_MS = 2000;

/**
 * The server's expiry in the browser's clock. A browser whose clock is minutes off would warn too
 * early or too late, so the expiry moves by the difference between the reply's Date header (the
 * server's clock) and the browser's clock when the reply arrived, if it is larger than the header's
 * own precision. Without a usable Date header the expiry is taken as it is.
 */
export function expiryInBrowserClock(expiresAt: Date | null, serverDate: string | null, receivedAt: number): Date | null {
  if (!expiresAt || !serverDate) return expiresAt;
  const server = Date.parse(serverDate);
  if (Number.isNaN(server)) return expiresAt;
  const skew = server - receivedAt;
  return Math.abs(skew) > CLOCK_SKEW_TOLERANCE_MS ? new Date(expiresAt.getTime() - skew) : expiresAt;
}

/** A failed call: carries its `AppError`. Anything the client throws is this or the caller's own abort. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(readonly appError: AppError, options?: { cause?: unknown }) {
    super(appError.message, options);
  }
}

/** The `code` of a `server` error whose reply did not match the contract. */
export const MALFORMED_RESPONSE = 'MALFORMED_RESPONSE';

/** Lenient on `code` so an error code this client does not know yet still reaches the error handler. */
const ErrorBodySchema = v.object({
  error: v.object({
    code: v.string(),
    message: v.string(),
    fieldErrors: v.optional(FieldErrorsSchema),
    details: v.optional(ErrorDetailsSchema),
  }),
});

/** The `AppError` for a reply with a failure status and its (possibly unparseable) body. */
export function appErrorFromResponse(status: number, body: unknown): AppError {
  const parsed = v.safeParse(ErrorBodySchema, body);
  const code = parsed.success ? parsed.output.error.code : undefined;
  const message = parsed.success ? parsed.output.error.message : `The server answered with status ${status}.`;
  const fieldErrors = parsed.success ? parsed.output.error.fieldErrors : undefined;
  const details = parsed.success ? parsed.output.error.details : undefined;
  if (code === 'VALIDATION_FAILED' || fieldErrors) return { kind: 'validation', message, fieldErrors: fieldErrors ?? {}, ...(details ? { details } : {}) };
  if (status === 409) return { kind: 'conflict', message, ...(code ? { code } : {}) };
  if (status === 401 || status === 403) return { kind: 'unauthorized', message, ...(code ? { code } : {}) };
  if (status === 404) return { kind: 'not-found', message };
  if (status === 408) return { kind: 'timeout', message };
  return { kind: 'server', message, status, ...(code ? { code } : {}) };
}

function errorName(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && typeof (e as { name?: unknown }).name === 'string'
    ? (e as { name: string }).name
    : undefined;
}

/** Any failure of a call (or anything thrown near one) as the machine's `AppError`. */
export function toAppError(e: unknown): AppError {
  if (e instanceof ApiError) return e.appError;
  if (isAppError(e)) return e;
  const name = errorName(e);
  const message = e instanceof Error ? e.message : String(e);
  if (name === 'TimeoutError') return { kind: 'timeout', message };
  if (name === 'AbortError') return { kind: 'network', message: 'The request was cancelled.' };
  if (name === 'ValiError') return { kind: 'server', message, code: MALFORMED_RESPONSE };
  if (name === 'FetchError') {
    const fetchError = e as { status?: number; data?: unknown };
    if (typeof fetchError.status === 'number') return appErrorFromResponse(fetchError.status, fetchError.data);
    return { kind: 'network', message };
  }
  // fetch rejects with a TypeError when the network fails (offline, DNS, CORS, reset).
  if (e instanceof TypeError) return { kind: 'network', message };
  return { kind: 'server', message };
}

const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 502, 503, 504]);

/**
 * Only calls that cannot do something twice are retried: reads, PUTs (drafts are replaced, not
 * appended) and POSTs whose idempotency key makes the server answer a repeat with the first result.
 */
export function isRetrySafe(method: HttpMethod, headers: Record<string, string> = {}): boolean {
  if (method === 'GET' || method === 'PUT') return true;
  if (method === 'POST') return Object.keys(headers).some((h) => h.toLowerCase() === IDEMPOTENCY_HEADER);
  return false;
}

/**
 * What every call carries, whichever way it is sent: Accept-Language, and when embedded the parent
 * page's token and role (authoritative over a call's default, section 6). Clears the session expiry
 * (section 4: cleared on every request).
 */
export function beforeRequest(headers: Headers, query: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  updateSessionExpiry(null);
  if (acceptLanguage) headers.set('accept-language', acceptLanguage);
  if (!embeddedAuth) return query;
  headers.set('authorization', `Bearer ${embeddedAuth.token}`);
  return { ...query, role: embeddedAuth.role };
}

/** Section 4: the expiry is taken from the header of every reply. */
export function afterResponse(headers: { get(name: string): string | null }): void {
  const expiresAt = parseExpiryHeader(headers.get(SESSION_EXPIRES_HEADER));
  updateSessionExpiry(expiryInBrowserClock(expiresAt, headers.get('date'), Date.now()));
}

/** The single ofetch instance: cookies always, no ofetch-level retry (the loop below owns the policy). */
const http = ofetch.create({
  credentials: 'include',
  retry: false,
  ignoreResponseError: true,
  onRequest({ options }) {
    options.query = beforeRequest(options.headers, options.query);
  },
  onResponse({ response }) {
    afterResponse(response.headers);
  },
});

function timeoutError(ms: number): DOMException {
  return new DOMException(`The request did not complete within ${ms} ms.`, 'TimeoutError');
}

/** One attempt's signal: aborts on the caller's signal or after `ms`, whichever is first. */
function attemptSignal(callerSignal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeoutError(ms)), ms);
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function backoffMs(retryIndex: number, retryAfter: string | null): number | null {
  const exponential = config.retryBaseDelayMs * 2 ** retryIndex + Math.random() * config.retryBaseDelayMs;
  if (!retryAfter) return exponential;
  const seconds = Number(retryAfter);
  const requested = Number.isFinite(seconds) ? seconds * 1000 : new Date(retryAfter).getTime() - Date.now();
  if (!Number.isFinite(requested)) return exponential;
  if (requested > config.maxRetryAfterMs) return null;
  return Math.max(exponential, requested);
}

type Attempt =
  | { ok: true; data: unknown }
  | { ok: false; error: AppError; retryable: boolean; retryAfter: string | null };

async function attempt(url: string, method: HttpMethod, options: ApiRequestOptions<v.GenericSchema>): Promise<Attempt> {
  const timeoutMs = options.timeoutMs ?? config.timeoutMs;
  const { signal, dispose } = attemptSignal(options.signal, timeoutMs);
  try {
    const response = await http.raw(url, {
      method,
      body: options.body as Record<string, unknown> | undefined,
      query: options.query,
      headers: options.headers,
      signal,
      keepalive: options.keepalive,
    });
    if (response.status >= 400) {
      return {
        ok: false,
        error: appErrorFromResponse(response.status, response._data),
        retryable: RETRY_STATUSES.has(response.status),
        retryAfter: response.headers.get('retry-after'),
      };
    }
    return { ok: true, data: response._data };
  } catch (e) {
    if (options.signal?.aborted) throw options.signal.reason ?? e;
    if (signal.aborted && errorName(signal.reason) === 'TimeoutError') {
      return { ok: false, error: { kind: 'timeout', message: (signal.reason as Error).message }, retryable: false, retryAfter: null };
    }
    return { ok: false, error: toAppError(e), retryable: true, retryAfter: null };
  } finally {
    dispose();
  }
}

/** The reply's `data`, checked against the call's schema; a reply that does not match is a typed error. */
export function parsedData<S extends v.GenericSchema>(schema: S, data: unknown, what: string): v.InferOutput<S> {
  const parsed = v.safeParse(envelope(schema), data);
  if (!parsed.success) {
    const where = v.getDotPath(parsed.issues[0]) ?? 'reply';
    throw new ApiError({ kind: 'server', message: `Malformed reply from ${what} at "${where}": ${parsed.issues[0].message}`, code: MALFORMED_RESPONSE });
  }
  return parsed.output.data as v.InferOutput<S>;
}

/**
 * Calls the API and returns the reply's `data`, parsed with `options.schema`. Throws `ApiError`, or
 * the caller's abort reason when `options.signal` aborts.
 */
export async function apiRequest<S extends v.GenericSchema>(path: string, options: ApiRequestOptions<S>): Promise<v.InferOutput<S>> {
  const method = options.method ?? 'GET';
  const url = `${config.baseUrl}${API_BASES[options.base ?? 'v1']}${path.replace(/^\/+/, '')}`;
  const retrySafe = options.retry !== false && !options.keepalive && isRetrySafe(method, options.headers);
  const attempts = retrySafe ? Math.max(1, config.maxAttempts) : 1;

  for (let index = 0; ; index++) {
    const result = await attempt(url, method, options);
    if (result.ok) return parsedData(options.schema, result.data, `${method} ${path}`);
    const delay = result.retryable && index + 1 < attempts ? backoffMs(index, result.retryAfter) : null;
    if (delay === null) throw new ApiError(result.error);
    await wait(delay, options.signal);
  }
}
