import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { decodeBase64url } from '../http/base64url';
import { hasControlCharacters, hasUnstorableCharacters } from '../http/text-safety';

/**
 * Embedded mode's bearer token (section 6): a compact JWT signed with HMAC-SHA256 under
 * `EMBED_TOKEN_SECRET`, carrying the subject, the user groups (section 3), when it was issued and
 * when it expires.
 */
export interface EmbedTokenClaims {
  sub: string;
  userGroups: string[];
  /** Seconds since the epoch. */
  iat: number;
  /** Seconds since the epoch. */
  exp: number;
}

/** Issue 9: a token lives at most an hour from its issue; a longer one is refused, however signed. */
export const MAX_TOKEN_LIFETIME_SECONDS = 3600;
/** Clocks of the parent page's server and ours may differ a little. */
export const CLOCK_LEEWAY_SECONDS = 60;

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;

/** Seconds since the epoch that a Date can hold (year 275760): anything else is no time at all. */
const EpochSeconds = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(8_640_000_000_000));

const ClaimsSchema = v.object({
  sub: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(256),
    v.check((sub) => !hasControlCharacters(sub) && !hasUnstorableCharacters(sub)),
  ),
  userGroups: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(50)), []),
  iat: EpochSeconds,
  exp: EpochSeconds,
});

const HeaderSchema = v.object({ alg: v.literal('HS256') });

/** Why a token was refused; the reply says only "Invalid token specified" (section 8). */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signEmbedToken(claims: EmbedTokenClaims, secret: string): string {
  const unsigned = `${encode(HEADER)}.${encode(claims)}`;
  return `${unsigned}.${sign(unsigned, secret).toString('base64url')}`;
}

/** A part's bytes, in canonical base64url only (issue 23: one token, one spelling). */
function bytesOf(part: string): Buffer {
  const bytes = decodeBase64url(part);
  if (bytes === null) throw new InvalidTokenError('Token part is not canonical base64url.');
  return bytes;
}

function decodePart(part: string): unknown {
  const bytes = bytesOf(part);
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new InvalidTokenError('Token part is not base64url JSON.');
  }
}

export function verifyEmbedToken(token: string, secret: string, now: Date): EmbedTokenClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new InvalidTokenError('Token is not a compact JWT.');
  const [header, payload, signature] = parts as [string, string, string];
  bytesOf(header);
  bytesOf(payload);
  const given = bytesOf(signature);
  const expected = sign(`${header}.${payload}`, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new InvalidTokenError('Bad signature.');
  if (!v.is(HeaderSchema, decodePart(header))) throw new InvalidTokenError('Unsupported algorithm.');
  const claims = v.safeParse(ClaimsSchema, decodePart(payload));
  if (!claims.success) throw new InvalidTokenError('Claims are malformed.');
  const { iat, exp } = claims.output;
  const nowSeconds = now.getTime() / 1000;
  if (iat > nowSeconds + CLOCK_LEEWAY_SECONDS) throw new InvalidTokenError('Token is issued in the future.');
  if (exp <= iat || exp - iat > MAX_TOKEN_LIFETIME_SECONDS) throw new InvalidTokenError('Token lives longer than allowed.');
  if (exp <= nowSeconds) throw new InvalidTokenError('Token has expired.');
  return claims.output;
}
