import { ConfigError, readString, type Environment, type SolisMode } from '../config/env';
import { checkSecret, type SecretRule } from '../config/secrets';

/**
 * How a party is reached and what it needs (issue 21; docs/decisions/166), apart from the registry
 * (providers.ts) so that each party's settings module can use it while the registry imports them
 * (no import cycles, tests/server/import-cycles.test.ts).
 */

/**
 * One variable of a party, for the README's table of provider variables (a test keeps the table
 * and these lists the same). Each party's settings module exports its list.
 */
export interface ProviderVariable {
  name: string;
  /** What it is, in one sentence; the example value is shown beside it. */
  meaning: string;
  example: string;
  /** Needed when the party is real (its URL is set). */
  required: boolean;
}

/** How one party is reached. */
export type ProviderSource =
  | { kind: 'real'; url: string }
  /** Its simulator on loopback (demonstration and test only). */
  | { kind: 'simulator' }
  /** Production without the party's variables: whatever needs it is not offered. */
  | { kind: 'none' };

/**
 * Reads a party's base URL variable. Set: the real party (https only in production: a plain-http
 * party is a simulator or a mistake). Unset: its simulator, except in production.
 */
export function readProviderSource(env: Environment, mode: SolisMode, urlVariable: string): ProviderSource {
  const raw = readString(env, urlVariable);
  if (raw === undefined) return mode === 'production' ? { kind: 'none' } : { kind: 'simulator' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(urlVariable, `is "${raw}", which is not an http(s) URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(urlVariable, `is "${raw}", which is not an http(s) URL.`);
  if (url.username || url.password) throw new ConfigError(urlVariable, 'must not carry credentials in the URL; use the party\'s own variables.');
  if (mode === 'production' && url.protocol !== 'https:') {
    throw new ConfigError(urlVariable, `is "${raw}": production talks to outside parties over https only (a plain-http party is a simulator or a mistake).`);
  }
  return { kind: 'real', url: raw.replace(/\/+$/, '') };
}

/** A variable the party needs when it is real; absent is a start-up error naming it. */
export function requireWith(env: Environment, source: ProviderSource, name: string): string {
  const value = readString(env, name);
  if (source.kind === 'real' && value === undefined) throw new ConfigError(name, 'is required when its provider\'s URL is set.');
  return value ?? '';
}

/**
 * A secret-valued variable of a party (issue 23): as `requireWith`, and when set, refused if it is a
 * value published in the project or too weak (server/config/secrets.ts), naming it, never its value.
 */
export function requireSecretWith(env: Environment, source: ProviderSource, name: string, mode: SolisMode, rule: SecretRule = {}): string {
  const value = requireWith(env, source, name);
  return value ? checkSecret(name, value, mode, rule) : value;
}
