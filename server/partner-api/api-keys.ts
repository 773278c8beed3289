/**
 * Decision 188: the API keys of the server-to-server channels (partner API, partner remote, broker
 * API). A key is `solis_<keyId>_<43 characters of base64url>` (32 random bytes): the id finds the
 * entry, the whole key's SHA-256 (hex) is what the product data file keeps, compared in constant
 * time. The key itself is never stored, logged or answered again.
 *
 * Test mode: a test draws a key at run time through `POST /api/sandbox/api-keys` (no key is ever a
 * literal in the tree, decision 177); such keys live in `sandbox_api_credentials` and go with a
 * sandbox reset. Production: a key whose hash is a published secret's (server/config/published-secrets.ts)
 * stops the start (`publishedApiKeyProblems`) and is refused should one be met.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { PUBLISHED_SECRET_SHA256 } from '../config/published-secrets';
import type { ServerChannel } from '../applications/channels';
import type { PricingData } from '../pricing/pricing-data-file';

export const API_KEY = /^solis_([a-z0-9][a-z0-9-]{2,63})_([A-Za-z0-9_-]{43})$/;

export type PartyKind = 'partner' | 'broker';

/** Who a valid key proves the caller is. */
export interface ApiCaller {
  keyId: string;
  partyKind: PartyKind;
  /** The partner's or broker's id in the product data file (or a test's sandbox partner). */
  partyId: string;
  channel: ServerChannel;
  /** Test mode: the session that registered the key (its sandbox partners are seen); null otherwise. */
  lookupOwner: Owner | null;
}

export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key for this id (test mode's sandbox, and the shape docs/partner-api.md tells a bank to make). */
export function newApiKey(keyId: string): string {
  return `solis_${keyId}_${randomBytes(32).toString('base64url')}`;
}

function unauthorized(): ApiError {
  return new ApiError('UNAUTHORIZED', 'A valid API key is required (Authorization: Bearer <key>).');
}

interface CredentialRow {
  key_hash: string;
  party_kind: PartyKind;
  party_id: string;
  channel: ServerChannel;
  owner_kind?: Owner['kind'];
  owner_id?: string;
}

async function credentialOf(deps: AppDeps, keyId: string): Promise<CredentialRow | undefined> {
  const filed = await deps.db.query<CredentialRow>('select key_hash, party_kind, party_id, channel from api_credentials where key_id = $1', [keyId]);
  if (filed[0]) return filed[0];
  if (deps.config.mode !== 'test') return undefined;
  const drawn = await deps.db.query<CredentialRow>(
    'select key_hash, party_kind, party_id, channel, owner_kind, owner_id from sandbox_api_credentials where key_id = $1',
    [keyId],
  );
  return drawn[0];
}

/**
 * The caller a request's `Authorization: Bearer <key>` proves, or 401 (a missing, malformed,
 * unknown or wrong key alike: the reply does not say which).
 */
export async function authenticateApiKey(deps: AppDeps, authorization: string | undefined): Promise<ApiCaller> {
  const key = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const parsed = key ? API_KEY.exec(key) : null;
  if (!key || !parsed?.[1]) throw unauthorized();
  const keyId = parsed[1];
  const credential = await credentialOf(deps, keyId);
  const given = Buffer.from(apiKeyHash(key), 'hex');
  // Compared in constant time; an unknown id is compared against itself so it costs the same.
  const expected = Buffer.from(credential?.key_hash ?? apiKeyHash(key), 'hex');
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  if (!credential || !matches) throw unauthorized();
  if (deps.config.mode === 'production' && PUBLISHED_SECRET_SHA256.has(credential.key_hash)) throw unauthorized();
  return {
    keyId,
    partyKind: credential.party_kind,
    partyId: credential.party_id,
    channel: credential.channel,
    lookupOwner: credential.owner_kind && credential.owner_id ? { kind: credential.owner_kind, id: credential.owner_id } : null,
  };
}

/** Test mode: a key drawn now for a partner or broker, registered for the session that asked. */
export async function registerSandboxApiKey(
  db: Queryable,
  owner: Owner,
  party: { partyKind: PartyKind; partyId: string; channel: ServerChannel },
  now: Date,
): Promise<{ key: string; keyId: string }> {
  const keyId = `sandbox-${randomBytes(8).toString('hex')}`;
  const key = newApiKey(keyId);
  await db.query(
    `insert into sandbox_api_credentials (key_id, key_hash, party_kind, party_id, channel, owner_kind, owner_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [keyId, apiKeyHash(key), party.partyKind, party.partyId, party.channel, owner.kind, owner.id, now],
  );
  return { key, keyId };
}

/** Production: the product data file's keys that are published (their hash is a known secret's). */
export function publishedApiKeyProblems(pricing: Pick<PricingData, 'partners' | 'brokers'>): string[] {
  const entries = [
    ...pricing.partners.flatMap((partner) => partner.apiCredentials.map((key) => ({ owner: `partners: ${partner.id}`, key }))),
    ...pricing.brokers.flatMap((broker) => broker.apiCredentials.map((key) => ({ owner: `brokers: ${broker.id}`, key }))),
  ];
  return entries
    .filter(({ key }) => PUBLISHED_SECRET_SHA256.has(key.sha256))
    .map(({ owner, key }) => `${owner}: the key ${key.keyId} is a published one (its hash is in server/config/published-secrets.ts); draw a new key`);
}
