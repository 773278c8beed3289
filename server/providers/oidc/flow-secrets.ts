import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The per-transaction secrets of a redirect signing (docs/decisions/168): the `state` the provider
 * hands back, the OpenID Connect `nonce` and the PKCE `code_verifier`. They are derived from the
 * signing transaction's random id with a key of this server (HMAC-SHA256), so nothing new is stored
 * and any instance of the API behind the same secret can finish a flow another one started.
 *
 * - state = `{transaction id}.{tag}`: the tag binds the id to this server; a made-up or altered state
 *   names no transaction (RFC 6749 section 10.12).
 * - nonce and code_verifier (43 characters, RFC 7636 section 4.1) never leave this server before the
 *   token request, and only the verifier then.
 */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const derive = (key: Buffer, purpose: string, id: string) => createHmac('sha256', key).update(`${purpose}:${id}`).digest('base64url');

/** The flows' own key, separated from the server secret it comes from. */
export function flowKeyOf(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('solis:redirect-signing:v1').digest();
}

export function flowSecretsFor(key: Buffer, transactionId: string): FlowSecrets {
  return {
    state: `${transactionId}.${derive(key, 'state', transactionId).slice(0, 32)}`,
    nonce: derive(key, 'nonce', transactionId),
    codeVerifier: derive(key, 'pkce', transactionId),
  };
}

/** The transaction a state names, or null when it is not one this server made. */
export function transactionOfState(key: Buffer, state: string | undefined): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})$/.exec(state ?? '');
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(derive(key, 'state', match[1]).slice(0, 32));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}
