import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * Who is on the other end, and over what (decision 026). X-Forwarded-For and X-Forwarded-Proto are
 * only believed with TRUST_PROXY set to the number of reverse proxies in front: anyone can send
 * them, so without a proxy that overwrites them they would let a client pick its own address (and
 * escape its rate limit) or pretend to be on https.
 */
function listHeader(c: Context, name: string): string[] {
  return (c.req.header(name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** The entry our outermost trusted proxy saw: each proxy appends what it received from. */
function trustedEntry(entries: readonly string[], hops: number): string | undefined {
  if (hops <= 0 || entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - hops)];
}

/** The TCP peer (@hono/node-server puts the Node request in `c.env.incoming`); none in-process. */
function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? undefined;
}

/** IPv4 peers arrive as ::ffff:a.b.c.d on a dual-stack socket; one client, one spelling. */
function normalise(address: string): string {
  const unmapped = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return unmapped.length > 64 ? unmapped.slice(0, 64) : unmapped;
}

/**
 * The client's address for per-client limits, or undefined when the request did not come over a
 * socket (tests calling the app in-process without a trusted X-Forwarded-For).
 */
export function clientAddressOf(c: Context, trustProxyHops: number): string | undefined {
  const forwarded = trustedEntry(listHeader(c, 'x-forwarded-for'), trustProxyHops);
  const address = forwarded ?? socketAddress(c);
  return address ? normalise(address) : undefined;
}

/** https or http, as the browser sees it (the proxy's X-Forwarded-Proto when trusted). */
export function requestProtocolOf(c: Context, trustProxyHops: number): 'https:' | 'http:' {
  const forwarded = trustedEntry(listHeader(c, 'x-forwarded-proto'), trustProxyHops)?.toLowerCase();
  if (forwarded === 'https' || forwarded === 'http') return `${forwarded}:`;
  return new URL(c.req.url).protocol === 'https:' ? 'https:' : 'http:';
}

/** This server's origin as the browser addressed it: its page's Origin header must equal it. */
export function ownOriginOf(c: Context, trustProxyHops: number): string {
  return `${requestProtocolOf(c, trustProxyHops)}//${new URL(c.req.url).host}`;
}

/**
 * The origin to build browser-facing addresses from (issue 23; docs/decisions/178): PUBLIC_ORIGIN
 * where configured, so a forged Host header steers nothing; else the origin the request reached.
 */
export function publicOriginOf(c: Context, config: { publicOrigin: string | null; trustProxyHops: number }): string {
  return config.publicOrigin ?? ownOriginOf(c, config.trustProxyHops);
}
