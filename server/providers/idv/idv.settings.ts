import { randomBytes } from 'node:crypto';
import { ConfigError, readInteger, readString, type Environment, type SolisMode } from '../../config/env';
import { readProviderSource, requireSecretWith, requireWith, type ProviderSource, type ProviderVariable } from '../provider-source';

/**
 * Remote identification's provider (issue 21; docs/decisions/171-remote-identification-provider.md,
 * docs/providers/remote-identification.md): a hosted identity-verification session service in the
 * shape of Veriff's public API v1. Its base URL, the integration's API key, the shared secret that
 * signs the decision webhooks and the polled decisions, and, where the provider's pages live on
 * another origin than its API, that origin.
 */
export interface IdvSettings {
  source: ProviderSource;
  /** Sent as `X-AUTH-CLIENT` (the integration's API key: it names the integration, it is no secret). */
  apiKey: string;
  /** The shared secret of the HMAC-SHA256 signatures (webhooks in, decision polls out). */
  webhookSecret: string;
  /** The origin of the provider's hosted pages (the person's browser goes there); null: the API's. */
  pageOrigin: string | null;
  /** The deadline of every call to the provider. */
  timeoutMs: number;
}

/** A shared secret shorter than this is refused at start-up (HMAC-SHA256 wants 32 bytes of key). */
export const MIN_IDV_WEBHOOK_SECRET_BYTES = 32;
export const DEFAULT_IDV_TIMEOUT_MS = 10_000;

/** The simulator's integration: its API key names it; the secret is this process's own. */
export const SIMULATOR_IDV_API_KEY = 'solis-idv-simulator';
const SIMULATOR_IDV_SECRET = randomBytes(32).toString('hex');

export const IDV_VARIABLES: ProviderVariable[] = [
  {
    name: 'IDV_URL',
    meaning: 'Base URL of the identity-verification provider\'s API (sessions are created at `/v1/sessions`); unset: the simulator (in production: remote identification is not offered).',
    example: 'https://stationapi.veriff.com',
    required: true,
  },
  {
    name: 'IDV_API_KEY',
    meaning: 'The integration\'s API key at the provider, sent as `X-AUTH-CLIENT`.',
    example: 'f4c2a8e0-1b7d-4c39-9a51-2d8e6f0b3c71',
    required: true,
  },
  {
    name: 'IDV_WEBHOOK_SECRET',
    meaning: `The integration's shared secret: checks the HMAC-SHA256 signature of the decision webhooks and signs the decision polls (at least ${MIN_IDV_WEBHOOK_SECRET_BYTES} bytes).`,
    example: '9b1e6d4f-7a3c-4e2b-8f5d-0c6a1b9e3d27',
    required: true,
  },
  {
    name: 'IDV_PAGE_ORIGIN',
    meaning: 'The origin of the provider\'s hosted verification pages when it is not IDV_URL\'s (the browser is sent there, so it joins the redirect allowlist).',
    example: 'https://alchemy.veriff.com',
    required: false,
  },
  {
    name: 'IDV_TIMEOUT_MS',
    meaning: `How long a call to the provider may take before the person is told to try again (default ${DEFAULT_IDV_TIMEOUT_MS}).`,
    example: '10000',
    required: false,
  },
];

export function readIdvSettings(env: Environment, mode: SolisMode): IdvSettings {
  const source = readProviderSource(env, mode, 'IDV_URL');
  const apiKey = requireWith(env, source, 'IDV_API_KEY');
  const secret = requireSecretWith(env, source, 'IDV_WEBHOOK_SECRET', mode, { minBytes: MIN_IDV_WEBHOOK_SECRET_BYTES });
  const pageOrigin = readPageOrigin(env, mode);
  const timeoutMs = readInteger(env, 'IDV_TIMEOUT_MS', DEFAULT_IDV_TIMEOUT_MS, { min: 100, max: 120_000 });
  if (source.kind !== 'real') {
    // The simulator (or nothing): its key is public, its secret this process's own unless one is given.
    return { source, apiKey: apiKey || SIMULATOR_IDV_API_KEY, webhookSecret: secret || SIMULATOR_IDV_SECRET, pageOrigin: null, timeoutMs };
  }
  return { source, apiKey, webhookSecret: secret, pageOrigin, timeoutMs };
}

function readPageOrigin(env: Environment, mode: SolisMode): string | null {
  const raw = readString(env, 'IDV_PAGE_ORIGIN');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('IDV_PAGE_ORIGIN', `is "${raw}", which is not an http(s) origin.`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== raw.replace(/\/+$/, '')) {
    throw new ConfigError('IDV_PAGE_ORIGIN', `is "${raw}"; expected an origin only, such as https://alchemy.veriff.com.`);
  }
  if (mode === 'production' && url.protocol !== 'https:') throw new ConfigError('IDV_PAGE_ORIGIN', `is "${raw}": production sends the browser to https pages only.`);
  return url.origin;
}
