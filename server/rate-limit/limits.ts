import type { Context } from 'hono';
import type { AppDeps, AppEnv, Owner } from '../http/app-env';
import { ApiError } from '../http/api-error';
import { clientAddressOf } from '../http/forwarded';
import { hitRateLimit, type FixedWindowLimit, type RateLimitSubject } from './rate-limiter';

/**
 * Issue 9: limits that hold across sessions (decision 027). Each limited action is counted per
 * owner (session or token subject: one person) and per client address (what a cookie-less client
 * or one opening session after session cannot shed). Fixed windows of a minute, in the database,
 * shared by every process (decision 070).
 */
export type LimitedAction = 'create' | 'personalCode' | 'draftSave' | 'submit';
/**
 * Issue 23 (decision 177): creating a session is counted per client address only (a new session has
 * no owner yet); 400 cookie-less calls from one address made 400 sessions.
 */
export type ClientLimitedAction = LimitedAction | 'session';

const MINUTE = 60;

/** Per owner: several times what one person needs, and far from what a script would want. */
export const OWNER_LIMITS: Readonly<Record<LimitedAction, FixedWindowLimit>> = {
  // An applicant starts one application, perhaps a second for another product.
  create: { bucket: 'create', limit: 10, windowSeconds: MINUTE },
  // decision 070: the client asks once per distinct code it is given.
  personalCode: { bucket: 'validate.personalCode', limit: 20, windowSeconds: MINUTE },
  // The draft machine saves debounced, at most about once a second while typing.
  draftSave: { bucket: 'draft.save', limit: 120, windowSeconds: MINUTE },
  // A step takes a person more than two seconds to fill in.
  submit: { bucket: 'step.submit', limit: 30, windowSeconds: MINUTE },
};

/** Per client address; the limits are configuration (CLIENT_RATE_LIMIT_*), since offices share one address. */
export function clientLimit(deps: AppDeps, action: ClientLimitedAction): FixedWindowLimit {
  const bucket = action === 'session' ? 'session.create' : OWNER_LIMITS[action].bucket;
  return { bucket: `client.${bucket}`, limit: deps.config.clientLimits[action], windowSeconds: MINUTE };
}

async function enforce(deps: AppDeps, c: Context<AppEnv>, subject: RateLimitSubject, rule: FixedWindowLimit, what: string, cost = 1): Promise<void> {
  const decision = await hitRateLimit(deps.db, subject, rule, deps.clock(), cost);
  if (!decision.allowed) {
    c.header('retry-after', String(decision.retryAfterSeconds));
    throw new ApiError('RATE_LIMITED', `Too many ${what}; try again shortly.`);
  }
}

const DESCRIPTIONS: Record<ClientLimitedAction, string> = {
  create: 'new applications',
  session: 'new sessions',
  personalCode: 'personal code checks',
  draftSave: 'draft saves',
  submit: 'step submissions',
};

/**
 * Counts this request against its client address. Called before the body is read, so refused and
 * malformed requests spend the allowance too. A request with no known address (a test calling the
 * app in-process) is counted per owner only, and so is a bearer-authenticated one: its subject
 * cannot be shed like a cookie, and a partner's server sends many subjects from one address.
 */
export async function enforceClientLimit(deps: AppDeps, c: Context<AppEnv>, action: ClientLimitedAction): Promise<void> {
  if (c.get('principal').kind === 'bearer') return;
  const address = clientAddressOf(c, deps.config.trustProxyHops);
  if (address === undefined) return;
  await enforce(deps, c, { kind: 'client', id: address }, clientLimit(deps, action), DESCRIPTIONS[action]);
}

/** Counts this request against its owner (when it has one). */
export async function enforceOwnerLimit(deps: AppDeps, c: Context<AppEnv>, owner: Owner | undefined, action: LimitedAction): Promise<void> {
  if (owner === undefined) return;
  await enforce(deps, c, owner, OWNER_LIMITS[action], DESCRIPTIONS[action]);
}

/**
 * Draft saves also spend a budget of KiB a minute: a typed form is a few KiB, so people never meet
 * it, while a flood of the largest drafts (64 KiB) is slowed to a fraction of what the count limit
 * alone allows (issue 9: six clients saving large drafts slowed everyone). On average 8 KiB per
 * allowed save per owner, 16 KiB per allowed save per client address.
 */
export const DRAFT_KIB_PER_SAVE = { owner: 8, client: 16 } as const;

export async function enforceDraftBytes(deps: AppDeps, c: Context<AppEnv>, owner: Owner, bytes: number): Promise<void> {
  const kib = Math.max(1, Math.ceil(bytes / 1024));
  const ownerRule = { bucket: 'draft.kib', limit: OWNER_LIMITS.draftSave.limit * DRAFT_KIB_PER_SAVE.owner, windowSeconds: MINUTE };
  await enforce(deps, c, owner, ownerRule, 'draft data', kib);
  const address = c.get('principal').kind === 'bearer' ? undefined : clientAddressOf(c, deps.config.trustProxyHops);
  if (address === undefined) return;
  const clientRule = { bucket: 'client.draft.kib', limit: deps.config.clientLimits.draftSave * DRAFT_KIB_PER_SAVE.client, windowSeconds: MINUTE };
  await enforce(deps, c, { kind: 'client', id: address }, clientRule, 'draft data', kib);
}

const HOUR = 60 * MINUTE;

/** The client address an upload is counted against, or none (in-process, or a partner's bearer-authenticated server). */
function uploadClientOf(deps: AppDeps, c: Context<AppEnv>): RateLimitSubject | undefined {
  if (c.get('principal').kind === 'bearer') return undefined;
  const address = clientAddressOf(c, deps.config.trustProxyHops);
  return address === undefined ? undefined : { kind: 'client', id: address };
}

/**
 * Issue 23 item 4 (decision 179): one more upload, per client address and per person, in an hour's
 * fixed window. Called before the body is read: a refused, malformed or later removed upload counts too.
 */
export async function enforceUploadCount(deps: AppDeps, c: Context<AppEnv>, owner: Owner): Promise<void> {
  const limits = deps.config.uploadLimits;
  const client = uploadClientOf(deps, c);
  if (client) await enforce(deps, c, client, { bucket: 'client.upload.files', limit: limits.clientFilesPerHour, windowSeconds: HOUR }, 'uploads');
  await enforce(deps, c, owner, { bucket: 'upload.files', limit: limits.filesPerHour, windowSeconds: HOUR }, 'uploads');
}

/**
 * Decision 179: an upload's bytes (its Content-Length before the body is read, or without one the
 * file's size before it is stored), counted in KiB against the MiB an hour of the client address and
 * of the person.
 */
export async function enforceUploadBytes(deps: AppDeps, c: Context<AppEnv>, owner: Owner, bytes: number): Promise<void> {
  const limits = deps.config.uploadLimits;
  const kib = Math.max(1, Math.ceil(bytes / 1024));
  const client = uploadClientOf(deps, c);
  if (client) await enforce(deps, c, client, { bucket: 'client.upload.kib', limit: limits.clientMibPerHour * 1024, windowSeconds: HOUR }, 'uploaded data', kib);
  await enforce(deps, c, owner, { bucket: 'upload.kib', limit: limits.mibPerHour * 1024, windowSeconds: HOUR }, 'uploaded data', kib);
}
