/**
 * Readers of the environment shared by `server/config.ts` (the server's own settings) and
 * `server/client-config.ts` (what the app reads at start). They live here, apart from both, so the
 * two configuration modules depend on this one and never on each other.
 */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Issue 21 (docs/decisions/166): `demonstration`, the default, is the product as a bank runs it with
 * the outside parties' simulators standing in for every provider not configured; `production`
 * refuses to start with a simulator; `test` is a demonstration with the per-session sandbox controls
 * of the browser tests besides.
 */
export type SolisMode = 'production' | 'demonstration' | 'test';

export const SOLIS_MODES: readonly SolisMode[] = ['production', 'demonstration', 'test'];

/** A configuration mistake: section 8 calls an unknown business domain a configuration error. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}

export function readString(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function readList(env: Environment, name: string): string[] {
  return (readString(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

export function readInteger(env: Environment, name: string, fallback: number, bounds: { min: number; max: number }): number {
  const raw = readString(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(value) || value < bounds.min || value > bounds.max) {
    throw new ConfigError(name, `is "${raw}"; expected an integer from ${bounds.min} to ${bounds.max}.`);
  }
  return value;
}

export function readBoolean(env: Environment, name: string): boolean {
  const raw = readString(env, name)?.toLowerCase();
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new ConfigError(name, `is "${raw}"; expected true or false.`);
}

/** An http(s) URL, or null when unset. */
export function readUrl(env: Environment, name: string): string | null {
  const raw = readString(env, name);
  if (raw === undefined) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
    return url.toString();
  } catch {
    throw new ConfigError(name, `is "${raw}", which is not an http(s) URL.`);
  }
}

export function readMode(env: Environment): SolisMode {
  const raw = readString(env, 'SOLIS_MODE') ?? 'demonstration';
  if (!(SOLIS_MODES as readonly string[]).includes(raw)) {
    throw new ConfigError('SOLIS_MODE', `is "${raw}"; allowed values: ${SOLIS_MODES.join(', ')}.`);
  }
  return raw as SolisMode;
}

/** SESSION_TTL_SECONDS: the session's idle length, 15 minutes by default. */
export function readSessionTtlSeconds(env: Environment): number {
  return readInteger(env, 'SESSION_TTL_SECONDS', 900, { min: 30, max: 86400 });
}
