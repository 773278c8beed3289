import type { ApiClient } from './api-client';
import type { TestApp } from './test-app';

export interface SsoLoginReply {
  /** Our callback's answer (or the start's, when it did not send the browser to the provider). */
  status: number;
  location: string | null;
  cookies: string[];
}

export interface SsoLoginOptions {
  /** How the person ends it on the login service's page. */
  outcome?: 'login' | 'cancel' | 'fail';
  /** Whom they log in as; by default the personal code the page was given as the login hint. */
  personalCode?: string;
  method?: string;
}

const decode = (text: string) => text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));

/**
 * A login as a browser makes it (issue 21; decision 169): our `/auth/public-sso` sends it to the
 * login service (the simulator, over real HTTP), the person answers its page, and the provider sends
 * the browser back to our callback with this browser's cookie.
 */
export async function logInThroughSso(app: TestApp, client: ApiClient, originalUrl: string, options: SsoLoginOptions = {}): Promise<SsoLoginReply> {
  const cookie = client.sessionCookie ?? '';
  const query = new URLSearchParams({ originalUrl, method: options.method ?? 'SMART_ID', language: 'et' });
  const started = await app.app.request(`/auth/public-sso?${query.toString()}`, { headers: { cookie } });
  const authorize = started.status === 303 ? new URL(started.headers.get('location')!) : null;
  if (!authorize || authorize.origin !== app.simulators.origin) return { status: started.status, location: started.headers.get('location'), cookies: started.headers.getSetCookie() };

  const html = await (await fetch(authorize)).text();
  const login = decode(/name="login" value="([^"]*)"/.exec(html)![1]!);
  const action = decode(/<form method="post" action="([^"]+)"/.exec(html)![1]!);
  const hint = decode(/name="personal_code"[^>]* value="([^"]*)"/.exec(html)?.[1] ?? '');
  const body = new URLSearchParams({ login, outcome: options.outcome ?? 'login', personal_code: options.personalCode ?? (hint || '38001085718') });
  const decided = await fetch(action, { method: 'POST', redirect: 'manual', body });
  if (decided.status !== 303) throw new Error(`the login service's page answered ${decided.status}: ${await decided.text()}`);
  const callback = new URL(decided.headers.get('location')!);
  const finished = await app.app.request(`${callback.pathname}${callback.search}`, { headers: { cookie } });
  return { status: finished.status, location: finished.headers.get('location'), cookies: finished.headers.getSetCookie() };
}

/** The renewed session cookie of a login's answer, as `name=value`. */
export function renewedSessionCookie(reply: SsoLoginReply): string | undefined {
  return reply.cookies.find((cookie) => cookie.startsWith('__Host-solis_sid='))?.split(';')[0];
}
