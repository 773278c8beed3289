import { BUSINESS_DOMAINS, isBusinessDomain, type BusinessDomain } from '../core/domain/business-domains';
import type { RuntimeConfig } from '../core/wire/config.schema';
import { FEATURE_FLAGS, FLAGS_SET_ELSEWHERE, RETIRED_FLAGS, isFeatureFlag, type FeatureFlag } from './features/feature-flags';
import { loadClientConfig } from './client-config';
import { readBackOfficeSettings, type BackOfficeSettings } from './checks/back-office.settings';
import { redirectKeyOf } from './http/redirect-allowlist';
import type { DataKeyring } from './crypto/data-cipher';
import { readDataKeyring } from './crypto/data-keys.settings';
import { readProviderSettings, type ProviderSettings } from './providers/providers';
import type { CaptchaSettings } from './providers/captcha/captcha.settings';
import { readPublicOrigin } from './config/public-origin';
import {
  ConfigError,
  readInteger,
  readList,
  readMode,
  readSessionTtlSeconds,
  readString,
  type Environment,
  type SolisMode,
} from './config/env';
import { checkSecret } from './config/secrets';
import { readUploadLimits, type UploadLimitSettings } from './config/upload-limits';

export { ConfigError, type Environment, type SolisMode } from './config/env';

/**
 * The reference API's configuration, read once at start-up from the environment. `loadConfig` is
 * pure (environment in, typed object out) so every rule here is testable without a process.
 */
export type DatabaseConfig =
  | { kind: 'postgres'; url: string; connectTimeoutMs: number; statementTimeoutMs: number }
  | { kind: 'pglite'; dataDir: string };

/** How captcha tokens on create are checked (issue 9; decisions 027 and 169): server/providers/captcha/. */
export type CaptchaConfig = CaptchaSettings;

/** Requests per minute from one client address (issue 9: limits that hold across sessions). */
export interface ClientLimits {
  create: number;
  personalCode: number;
  draftSave: number;
  submit: number;
  /** Sessions created (issue 23, decision 177). */
  session: number;
}

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
  /** PUBLIC_ORIGIN: the origin browsers reach the app at; null: the one each request reached (decision 178). */
  publicOrigin: string | null;
  /** Outside addresses browser redirects may go to, as origin and path (server/http/redirect-allowlist.ts). */
  redirectAllowlist: readonly string[];
  /** Idle lifetime: every call slides the session by this much. */
  sessionTtlSeconds: number;
  /** Absolute lifetime from the session's creation, however active it is. */
  sessionAbsoluteTtlSeconds: number;
  embedTokenSecret: string;
  /** How many reverse proxies in front of the server set X-Forwarded-For/-Proto (0: trust none). */
  trustProxyHops: number;
  captcha: CaptchaConfig;
  clientLimits: ClientLimits;
  /** Issue 23 item 4 (decision 179): uploads an hour per person and per client address. */
  uploadLimits: UploadLimitSettings;
  /** The environment's flags (FEATURE_FLAGS): read only by the check-flag service, `deps.flags` (decision 191). */
  featureFlags: ReadonlySet<FeatureFlag>;
  /** What the app reads at start (section 9), checked here. */
  client: RuntimeConfig;
  /** The outside parties: real, simulated or (production only) not configured (issue 21). */
  providers: ProviderSettings;
  /** How long the reference API's back office takes over its checks (issue 22, decision 172). */
  backOffice: BackOfficeSettings;
  /**
   * Decision 175: how many days after its last change another application of the same person and
   * product still counts as handled by the bank, so that a new one is a duplicate (0: no check).
   */
  duplicateApplicationDays: number;
  /** Issue 23 (decision 176): the keys personal data is sealed with at rest, and the look-up hash key. */
  dataKeys: DataKeyring;
}

/** Fixed in test mode so a test can mint and check tokens deterministically. Public: never for production. */
export const TEST_EMBED_TOKEN_SECRET = 'solis-test-mode-embed-token-secret';
/** HS256 keys shorter than the hash output weaken it (RFC 7518 section 3.2). */
export const MIN_EMBED_TOKEN_SECRET_BYTES = 32;

/** Decision 175: an application the bank handles counts for a month after its last change. */
export const DEFAULT_DUPLICATE_APPLICATION_DAYS = 30;

export const DEFAULT_CLIENT_LIMITS: ClientLimits = { create: 60, personalCode: 100, draftSave: 600, submit: 300, session: 120 };

export function loadConfig(env: Environment): SolisConfig {
  const mode = readMode(env);
  const businessDomain = readBusinessDomain(env);
  const sessionTtlSeconds = readSessionTtlSeconds(env);
  // What the app reads is checked first: its mistakes are the likeliest and name the app's variables.
  const client = loadClientConfig(env, businessDomain);
  const providers = readProviderSettings(env, mode);
  return {
    port: readInteger(env, 'PORT', 3000, { min: 0, max: 65535 }),
    host: readString(env, 'HOST') ?? '0.0.0.0',
    businessDomain,
    database: readDatabase(env),
    mode,
    staticDir: readString(env, 'STATIC_DIR') ?? 'dist',
    allowedOrigins: readOrigins(env),
    publicOrigin: readPublicOrigin(env),
    redirectAllowlist: readRedirectAllowlist(env),
    sessionTtlSeconds,
    sessionAbsoluteTtlSeconds: readAbsoluteTtlSeconds(env, sessionTtlSeconds),
    embedTokenSecret: readEmbedTokenSecret(env, mode),
    trustProxyHops: readTrustProxy(env),
    captcha: providers.captcha,
    clientLimits: readClientLimits(env),
    uploadLimits: readUploadLimits(env),
    featureFlags: readFeatureFlags(env),
    client,
    providers,
    backOffice: readBackOfficeSettings(env),
    duplicateApplicationDays: readInteger(env, 'DUPLICATE_APPLICATION_DAYS', DEFAULT_DUPLICATE_APPLICATION_DAYS, { min: 0, max: 365 }),
    dataKeys: readDataKeyring(env, mode),
  };
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
  return {
    kind: 'postgres',
    url,
    // A host that accepts and never answers must not hang start-up or a request (issue 9).
    connectTimeoutMs: readInteger(env, 'DATABASE_CONNECT_TIMEOUT_SECONDS', 5, { min: 1, max: 60 }) * 1000,
    statementTimeoutMs: readInteger(env, 'DATABASE_STATEMENT_TIMEOUT_SECONDS', 10, { min: 1, max: 600 }) * 1000,
  };
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

/** REDIRECT_ALLOWLIST: absolute http(s) addresses without query, fragment or credentials. */
function readRedirectAllowlist(env: Environment): string[] {
  return readList(env, 'REDIRECT_ALLOWLIST').map((item) => {
    const key = redirectKeyOf(item);
    if (key === null || (key !== item && key !== `${item}/`)) {
      throw new ConfigError('REDIRECT_ALLOWLIST', `contains "${item}", which is not an address such as https://provider.example/sign (no query, fragment or credentials).`);
    }
    return key;
  });
}

/** OWASP ASVS 5.0 V7.3: an absolute lifetime besides the idle one; 8 hours by default. */
function readAbsoluteTtlSeconds(env: Environment, idleSeconds: number): number {
  const seconds = readInteger(env, 'SESSION_ABSOLUTE_TTL_SECONDS', Math.max(28_800, idleSeconds), { min: 30, max: 7 * 86_400 });
  if (seconds < idleSeconds) {
    throw new ConfigError('SESSION_ABSOLUTE_TTL_SECONDS', `is ${seconds}; it must be at least SESSION_TTL_SECONDS (${idleSeconds}).`);
  }
  return seconds;
}

/**
 * Issue 9: production never signs or accepts tokens with a value written in the source. Test mode
 * keeps a fixed development value so tests can mint tokens. Issue 23: outside test mode a value
 * ever published in the project, or one too weak, is refused (server/config/secrets.ts).
 */
function readEmbedTokenSecret(env: Environment, mode: SolisMode): string {
  const raw = env['EMBED_TOKEN_SECRET'];
  if (raw === undefined || raw === '') {
    if (mode === 'test') return TEST_EMBED_TOKEN_SECRET;
    throw new ConfigError(
      'EMBED_TOKEN_SECRET',
      `is required in production: at least ${MIN_EMBED_TOKEN_SECRET_BYTES} random bytes, e.g. \`openssl rand -base64 48\` (SOLIS_MODE=test runs with a development value).`,
    );
  }
  return checkSecret('EMBED_TOKEN_SECRET', raw, mode, { minBytes: MIN_EMBED_TOKEN_SECRET_BYTES });
}

/** TRUST_PROXY: `false` (default), `true` (one proxy) or the number of proxies in front, up to 10. */
function readTrustProxy(env: Environment): number {
  const raw = readString(env, 'TRUST_PROXY')?.toLowerCase();
  if (raw === undefined || raw === 'false') return 0;
  if (raw === 'true') return 1;
  if (/^\d{1,2}$/.test(raw) && Number(raw) <= 10) return Number(raw);
  throw new ConfigError('TRUST_PROXY', `is "${raw}"; expected false, true or the number of proxies in front (0 to 10).`);
}

function readClientLimits(env: Environment): ClientLimits {
  const read = (name: string, fallback: number) => readInteger(env, name, fallback, { min: 1, max: 1_000_000 });
  return {
    create: read('CLIENT_RATE_LIMIT_CREATE', DEFAULT_CLIENT_LIMITS.create),
    personalCode: read('CLIENT_RATE_LIMIT_PERSONAL_CODE', DEFAULT_CLIENT_LIMITS.personalCode),
    draftSave: read('CLIENT_RATE_LIMIT_DRAFT_SAVE', DEFAULT_CLIENT_LIMITS.draftSave),
    submit: read('CLIENT_RATE_LIMIT_SUBMIT', DEFAULT_CLIENT_LIMITS.submit),
    session: read('CLIENT_RATE_LIMIT_SESSION', DEFAULT_CLIENT_LIMITS.session),
  };
}

function readFeatureFlags(env: Environment): Set<FeatureFlag> {
  const flags = new Set<FeatureFlag>();
  for (const name of readList(env, 'FEATURE_FLAGS')) {
    const retired = Object.hasOwn(RETIRED_FLAGS, name) ? RETIRED_FLAGS[name] : undefined;
    if (retired) throw new ConfigError('FEATURE_FLAGS', `names the retired flag "${name}" (decision 191): ${retired}. Remove it.`);
    const elsewhere = isFeatureFlag(name) ? FLAGS_SET_ELSEWHERE[name] : undefined;
    if (elsewhere) throw new ConfigError('FEATURE_FLAGS', `names "${name}", which ${elsewhere} switches; set ${elsewhere} instead.`);
    if (!isFeatureFlag(name)) {
      throw new ConfigError('FEATURE_FLAGS', `names the unknown flag "${name}"; known flags: ${FEATURE_FLAGS.filter((flag) => !FLAGS_SET_ELSEWHERE[flag]).join(', ')}.`);
    }
    flags.add(name);
  }
  return flags;
}
