/**
 * Whether an origin is one of an allowlist's (issue 25, decision 187: the parents that may embed the
 * app): an exact match of a serialised origin (scheme, host, port), never a prefix or a wildcard,
 * and never `null` (a sandboxed frame or a file) or `*`.
 */
export function isListedOrigin(origin: string | null | undefined, allowlist: readonly string[]): origin is string {
  if (!origin || origin === 'null' || origin === '*') return false;
  return allowlist.includes(origin);
}
