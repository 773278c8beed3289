import * as v from 'valibot';
import { TrackingSchema, adClickExpiry, type StoredTracking, type TrackingInput, type TrackingReply } from '../../core/wire/tracking.schema';
import { NOTHING_KNOWN, withoutPersonalData, type KnownPersonalData } from '../../core/wire/tracking-privacy';
import type { Queryable } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import { ROOT_FIELD_ERROR_KEY, toFieldErrors } from '../http/validation';
import type { AppDeps, Owner } from '../http/app-env';
import { findOwnedApplication } from './application-repository';
import { listPersons, type PersonRow } from './person-repository';

/**
 * Issue 25 item 3 (docs/decisions/190): the application's `source.metaData.tracking` (kept as
 * `data.sourceMetaData.tracking`). Nothing is kept without the applicant's consent; what looks like
 * personal data is dropped; the ad click counts for 90 days from its cookie time (section 9) and an
 * expired one is not kept.
 */

/** A click stamped more than this far ahead of the server's clock is not believed. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface TrackingDecision {
  tracking: StoredTracking | undefined;
  reply: TrackingReply;
}

/** What may be kept of a tracking the app sent, at `now`, given the personal data already known. */
export function decideTracking(input: TrackingInput | undefined, now: Date, known: KnownPersonalData = NOTHING_KNOWN): TrackingDecision {
  if (!input?.consent) return { tracking: undefined, reply: { stored: [], dropped: input ? Object.keys(input) : [] } };
  const { tracking: clean, dropped } = withoutPersonalData(input, known);
  const { adClick, consent, ...rest } = clean;
  const stored: StoredTracking = { ...rest, consent: consent ?? input.consent };
  if (adClick) {
    const clickedAt = new Date(adClick.clickedAt);
    const expiresAt = adClickExpiry(clickedAt);
    if (expiresAt.getTime() > now.getTime() && clickedAt.getTime() <= now.getTime() + CLOCK_SKEW_MS) {
      stored.adClick = { ...adClick, expiresAt: expiresAt.toISOString() };
    } else dropped.push('adClick');
  }
  return { tracking: stored, reply: { stored: Object.keys(stored).sort(), dropped: dropped.sort() } };
}

/**
 * `{ tracking }` for a new application's `sourceMetaData`, or nothing without consent. A tracking
 * that breaks the schema refuses the request (422 under `path`), as any other malformed field does.
 */
export function trackingMetaData(input: unknown, now: Date, path = 'application.source.tracking'): { tracking?: StoredTracking } {
  if (input === undefined) return {};
  const parsed = v.safeParse(TrackingSchema, input);
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(Object.entries(toFieldErrors(parsed.issues)).map(([key, messages]) => [key === ROOT_FIELD_ERROR_KEY ? path : `${path}.${key}`, messages]));
    throw new ApiError('VALIDATION_FAILED', 'The tracking is invalid.', { fieldErrors });
  }
  const { tracking } = decideTracking(parsed.output, now);
  return tracking ? { tracking } : {};
}

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

/** The names, codes, e-mails and phone numbers the application's persons gave. */
export function knownPersonalData(persons: readonly PersonRow[]): KnownPersonalData {
  const names: string[] = [];
  const codes: string[] = [];
  const emails: string[] = [];
  const phones: string[] = [];
  for (const person of persons) {
    const declared = person.declared_data;
    names.push(...textsOf(declared['firstName']), ...textsOf(declared['surname']));
    emails.push(...textsOf(declared['email']));
    const phone = declared['phoneNumber'];
    if (phone && typeof phone === 'object') {
      const { code, number } = phone as { code?: unknown; number?: unknown };
      if (typeof number === 'string') phones.push(number, `${typeof code === 'string' ? code : ''}${number}`);
    } else phones.push(...textsOf(phone));
    if (person.personal_code) codes.push(person.personal_code);
  }
  return { names, codes, emails, phones };
}

async function ownedOrNotFound(db: Queryable, owner: Owner, externalId: string) {
  const application = await findOwnedApplication(db, externalId, owner, 'update');
  if (!application) throw notFound();
  return application;
}

/**
 * PUT /api/v1/application-process/{externalId}/tracking: a consent given after the application was
 * created. Only its owner (the applicant: tracking says how the application came in); replaces what
 * was kept. The application's version is not changed: this is not an answer of a step.
 */
export async function saveTracking(deps: AppDeps, owner: Owner, externalId: string, input: TrackingInput): Promise<TrackingReply> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const application = await ownedOrNotFound(tx, owner, externalId);
    const decision = decideTracking(input, now, knownPersonalData(await listPersons(tx, application.id)));
    if (decision.tracking) {
      await tx.query(
        `update applications set data = jsonb_set(data, '{sourceMetaData}', coalesce(data->'sourceMetaData', '{}'::jsonb) || jsonb_build_object('tracking', $2::jsonb)), updated_at = $3 where id = $1`,
        [application.id, JSON.stringify(decision.tracking), now],
      );
    } else await removeTracking(tx, application.id, now);
    return decision.reply;
  });
}

async function removeTracking(db: Queryable, applicationId: string, now: Date): Promise<void> {
  await db.query(`update applications set data = data #- '{sourceMetaData,tracking}', updated_at = $2 where id = $1`, [applicationId, now]);
}

/** DELETE /api/v1/application-process/{externalId}/tracking: the consent was withdrawn; nothing of it stays. */
export async function deleteTracking(deps: AppDeps, owner: Owner, externalId: string): Promise<{ removed: true }> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const application = await ownedOrNotFound(tx, owner, externalId);
    await removeTracking(tx, application.id, now);
    return { removed: true };
  });
}

/** The tracking the owner's application keeps, or null (the sandbox's read, decision 190). */
export async function storedTrackingOf(deps: AppDeps, owner: Owner, externalId: string): Promise<unknown> {
  const application = await findOwnedApplication(deps.db, externalId, owner);
  if (!application) throw notFound();
  const data = application.data as { sourceMetaData?: { tracking?: unknown } };
  return data.sourceMetaData?.tracking ?? null;
}
