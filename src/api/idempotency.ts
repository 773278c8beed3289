/**
 * A fresh idempotency key for one submission (its retries reuse it). `crypto.randomUUID` exists only
 * in secure contexts; a plain-http address on a local network still gets a 122-bit random key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
