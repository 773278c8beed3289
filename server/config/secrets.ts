import { createHash } from 'node:crypto';
import { ConfigError, readString, type Environment, type SolisMode } from './env';
import { PUBLISHED_SECRET_SHA256 } from './published-secrets';
import { MIN_SECRET_BITS, estimateSecretBits } from './secret-strength';

/**
 * Issue 23 (docs/decisions/177-secrets-session-limit-and-the-data-directory-lock.md): a secret-valued variable is refused
 * at start when its value was ever written in the project (its SHA-256 is in
 * `published-secrets.ts`) or when it is too weak to stand a guesser (`secret-strength.ts`). Checked
 * in production always and in a demonstration whenever the variable is set (a simulator's own
 * defaults are not configuration); test mode runs with the project's published test values. A
 * refusal names the variable, never the value.
 */
export interface SecretRule {
  /** Bytes of UTF-8 at least, in every mode (secrets this server keys an HMAC with). */
  minBytes?: number;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function isPublishedSecret(value: string): boolean {
  return PUBLISHED_SECRET_SHA256.has(sha256Hex(value));
}

const ADVICE = 'Set a secret of its own, e.g. `openssl rand -base64 48` (or the one the provider issued).';

/** Refuses a value of the secret-valued variable `name` (see above); returns it unchanged. */
export function checkSecret(name: string, value: string, mode: SolisMode, rule: SecretRule = {}): string {
  const bytes = Buffer.byteLength(value, 'utf8');
  if (rule.minBytes !== undefined && bytes < rule.minBytes) {
    throw new ConfigError(name, `is ${bytes} bytes long; it must be at least ${rule.minBytes}.`);
  }
  if (mode === 'test') return value;
  if (isPublishedSecret(value)) {
    throw new ConfigError(name, `is a value published in the Solis project (its source, tests or documentation): anyone can use it. ${ADVICE}`);
  }
  const bits = estimateSecretBits(value);
  if (bits < MIN_SECRET_BITS) {
    throw new ConfigError(name, `is too easy to guess: about ${Math.floor(bits)} bits of entropy estimated, at least ${MIN_SECRET_BITS} needed (repeated characters, patterns or words count little). ${ADVICE}`);
  }
  return value;
}

/** A secret-valued variable: undefined when unset, else its value, checked. */
export function readSecret(env: Environment, name: string, mode: SolisMode, rule: SecretRule = {}): string | undefined {
  const value = readString(env, name);
  return value === undefined ? undefined : checkSecret(name, value, mode, rule);
}
