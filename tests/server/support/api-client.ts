import type { Hono } from 'hono';
import type { AppEnv } from '../../../server/http/app-env';
import { SESSION_COOKIE } from '../../../server/sessions/session-token';

export interface ApiReply<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON body (`undefined` when the reply is not JSON). */
  body: T;
  /** The raw text, for "contains nothing like ..." assertions. */
  text: string;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the Origin header a browser would send. */
  withoutOrigin?: boolean;
}

/** The session cookie a reply sets: its value, '' when it is deleted, undefined when untouched. */
export function sessionCookieOf(headers: Headers): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    if (pair?.startsWith(`${SESSION_COOKIE}=`)) return /Max-Age=0/i.test(cookie) ? '' : pair.slice(SESSION_COOKIE.length + 1);
  }
  return undefined;
}

/**
 * Calls the app in-process like one browser would: it keeps the session cookie it is given and
 * sends its page's Origin on every request (browsers do on POST and PUT).
 */
export class ApiClient {
  private cookie: string | undefined;

  constructor(
    private readonly app: Hono<AppEnv>,
    readonly origin: string,
  ) {}

  get sessionCookie(): string | undefined {
    return this.cookie;
  }

  useCookie(cookie: string | undefined): void {
    this.cookie = cookie;
  }

  /** Opens a session as the app does when it starts (the first call that needs one). */
  async startSession(): Promise<void> {
    const reply = await this.get('/api/v1/application/previous-external-id');
    if (reply.status !== 200 || !this.cookie) throw new Error(`no session: ${reply.status} ${reply.text}`);
  }

  async call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<ApiReply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (!options.withoutOrigin) headers['origin'] ??= this.origin;
    if (this.cookie) headers['cookie'] = this.cookie;
    const form = options.body instanceof FormData ? options.body : undefined;
    if (options.body !== undefined && !form) headers['content-type'] ??= 'application/json';
    const response = await this.app.request(path, {
      method,
      headers,
      // A FormData body sets its own multipart content type and boundary.
      body: form ?? (options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body)),
    });
    const session = sessionCookieOf(response.headers);
    if (session !== undefined) this.cookie = session ? `${SESSION_COOKIE}=${session}` : undefined;
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body: body as T, text };
  }

  get<T = unknown>(path: string, options?: CallOptions) {
    return this.call<T>('GET', path, options);
  }

  post<T = unknown>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>('POST', path, { ...options, body });
  }

  put<T = unknown>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>('PUT', path, { ...options, body });
  }

  delete<T = unknown>(path: string, options?: CallOptions) {
    return this.call<T>('DELETE', path, options);
  }
}
