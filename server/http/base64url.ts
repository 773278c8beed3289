/**
 * Issue 23 (docs/decisions/177-secrets-session-limit-and-the-data-directory-lock.md): the parts of a signed token are read
 * only in canonical base64url (RFC 7515 section 2, RFC 4648 sections 5 and 3.5): the URL-safe
 * alphabet, no padding, and unused trailing bits zero, so that one token has one spelling. Node's
 * decoder is lenient (it takes `+`, `/`, `=` and any trailing bits); a text is accepted only when the
 * bytes it decodes to encode back to exactly that text.
 */
export function decodeBase64url(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}
