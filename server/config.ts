import { BUSINESS_DOMAINS, isBusinessDomain, type BusinessDomain } from '../src/domain/business-domains';
import { FEATURE_FLAGS, isFeatureFlag, type FeatureFlag } from './features/feature-flags';
import type { RuntimeConfig } from '../src/api/schemas/config.schema';
import { loadClientConfig } from './client-config';

/**
 * The reference API's configuration, read once at start-up from the environment. `loadConfig` is
 * pure (environment in, typed object out) so every rule here is testable without a process.
 */
export type SolisMode = 'production' | 'test';

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string };

export interface SolisConfig {
  port: number;
  host: string;
  businessDomain: BusinessDomain;
  database: DatabaseConfig;
  /** `test` enables the sandbox controls (docs/architecture.md, "Sandbox controls"). */
  mode: SolisMode;
  staticDir: string;
  /** Origins (scheme://host[:port]) allowed to embed the app and to send cookie-authenticated writes. */
  allowedOrigins: readonly string[];
  sessionTtlSeconds: number;
  embedTokenSecret: string;
  featureFlags: ReadonlySet<FeatureFlag>;
  /** What the app reads at start (section 9), checked here. */
  client: RuntimeConfig;
}

export type Environment = Readonly<Record<string, string | undefined>>;

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

const DEV_EMBED_TOKEN_SECRET = 'solis-development-only-embed-token-secret';
/** Fixed in test mode so a test can mint and check tokens deterministically. */
export const TEST_EMBED_TOKEN_SECRET = 'solis-test-mode-embed-token-secret';
const SOLIS_MODES: readonly SolisMode[] = ['production', 'test'];

export function loadConfig(env: Environment): SolisConfig {
  const mode = readMode(env);
  const businessDomain = readBusinessDomain(env);
  return {
    port: readInteger(env, 'PORT', 3000, { min: 0, max: 65535 }),
    host: readString(env, 'HOST') ?? '0.0.0.0',
    businessDomain,
    database: readDatabase(env),
    mode,
    staticDir: readString(env, 'STATIC_DIR') ?? 'dist',
    allowedOrigins: readOrigins(env),
    sessionTtlSeconds: readSessionTtlSeconds(env),
    embedTokenSecret: readString(env, 'EMBED_TOKEN_SECRET') ?? (mode === 'test' ? TEST_EMBED_TOKEN_SECRET : DEV_EMBED_TOKEN_SECRET),
    featureFlags: readFeatureFlags(env),
    client: loadClientConfig(env, businessDomain),
  };
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

/** SESSION_TTL_SECONDS: the session's length, 15 minutes by default. */
export function readSessionTtlSeconds(env: Environment): number {
  return readInteger(env, 'SESSION_TTL_SECONDS', 900, { min: 30, max: 86400 });
}

function readInteger(env: Environment, name: string, fallback: number, bounds: { min: number; max: number }): number {
  const raw = readString(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw new ConfigError(name, `is "${raw}"; expected an integer from ${bounds.min} to ${bounds.max}.`);
  }
  return value;
}

export function readMode(env: Environment): SolisMode {
  const raw = readString(env, 'SOLIS_MODE') ?? 'production';
  if (!(SOLIS_MODES as readonly string[]).includes(raw)) {
    throw new ConfigError('SOLIS_MODE', `is "${raw}"; allowed values: ${SOLIS_MODES.join(', ')}.`);
  }
  return raw as SolisMode;
}

function readBusinessDomain(env: Environment): BusinessDomain {
  const raw = readString(env, 'BUSINESS_DOMAIN') ?? 'retail-banking-ee';
  if (!isBusinessDomain(raw)) {
    throw new ConfigError('BUSINESS_DOMAIN', `is "${raw}"; allowed values: ${BUSINESS_DOMAINS.join(', ')}.`);
  }
  return raw;
}

function readDatabase(env: Environment): DatabaseConfig {
  const url = readString(env, 'DATABASE_URL');
  if (url === undefined) return { kind: 'pglite', dataDir: readString(env, 'DATA_DIR') ?? '.data/pglite' };
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// or postgresql:// URL.');
  }
  return { kind: 'postgres', url };
}

function readOrigins(env: Environment): string[] {
  return readList(env, 'ALLOWED_ORIGINS').map((item) => {
    let parsed: URL;
    try {
      parsed = new URL(item);
    } catch {
      throw new ConfigError('ALLOWED_ORIGINS', `contains "${item}", which is not an origin such as https://bank.example.`);
    }
    if (!['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== item.replace(/\/$/, '')) {
      throw new ConfigError('ALLOWED_ORIGINS', `contains "${item}", which is not an origin such as https://bank.example.`);
    }
    return parsed.origin;
  });
}

function readFeatureFlags(env: Environment): Set<FeatureFlag> {
  const flags = new Set<FeatureFlag>();
  for (const name of readList(env, 'FEATURE_FLAGS')) {
    if (!isFeatureFlag(name)) {
      throw new ConfigError('FEATURE_FLAGS', `names the unknown flag "${name}"; known flags: ${FEATURE_FLAGS.join(', ')}.`);
    }
    flags.add(name);
  }
  return flags;
}
