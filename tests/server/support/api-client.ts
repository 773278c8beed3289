import type { Hono } from 'hono';
import type { AppEnv } from '../../../server/http/app-env';

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

  async call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<ApiReply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (!options.withoutOrigin) headers['origin'] ??= this.origin;
    if (this.cookie) headers['cookie'] = this.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.app.request(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
    const setCookie = response.headers.get('set-cookie');
    const session = setCookie ? /solis_sid=([^;]+)/.exec(setCookie)?.[1] : undefined;
    if (session) this.cookie = `solis_sid=${session}`;
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
}
