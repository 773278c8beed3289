import * as v from 'valibot';
import type { DIGITAL_SIGNING_RESULTS} from '../../core/domain/signing';
import { ESIGN_ERROR_CODES, SIGNING_DISABLED_REASONS } from '../../core/domain/signing';
import { MOBILE_ID_RESULTS, SMART_ID_RESULTS } from './sandbox-signing-scripts';
import type { Queryable } from '../db/database';
import type { Owner } from '../http/app-env';

/**
 * What the sandbox signing providers answer (test mode; docs/decisions/139; Smart-ID and Mobile-ID
 * by scripting their simulators, decision 167): set per test through
 * `POST /api/sandbox/signing/{esignature|smart-id|mobile-id|payment}` as a lasting sandbox setting of the
 * test's session (migration 051's kinds), and read for the application's owner, whoever calls (the
 * provider's page has no session of its own). Without a setting the e-signature and payment providers
 * succeed, and the Smart-ID and Mobile-ID simulators wait for a person on their pages. The redirect
 * parties (eParaksts, the banks) are simulators since decision 168: their setting is handed to the
 * simulator as the answer its page opens with; the rest stays this server's own doing.
 */
const Outcome = v.picklist(['SUCCESS', 'FAILED']);
const ErrorCode = v.pipe(v.string(), v.regex(/^[A-Z][A-Z0-9_]{0,63}$/));
const Status = v.pipe(v.string(), v.regex(/^[A-Z][A-Z0-9_]{0,63}$/));

export const EsignatureSettingSchema = v.object({
  /** The outcome the simulator's page has chosen when it opens (the test may choose another there). */
  authentication: v.optional(Outcome, 'SUCCESS'),
  signing: v.optional(Outcome, 'SUCCESS'),
  /**
   * The errorCode a failed signing at the provider carries: its refusal, or (the simulator's
   * "certificate not active" answer, decision 168) the inactive certificate.
   */
  signingErrorCode: v.optional(v.nullable(v.picklist(ESIGN_ERROR_CODES)), null),
  /** The signing call itself is refused with this errorCode (section 8: e.g. the inactive certificate). */
  refuseSigningWith: v.optional(v.nullable(ErrorCode), null),
  /** The status call answers this, whatever happened (any status, known to section 4 or not). */
  status: v.optional(v.nullable(Status), null),
});
export type EsignatureSetting = v.InferOutput<typeof EsignatureSettingSchema>;

/** The polling providers (Smart-ID, Mobile-ID): how many polls answer RUNNING before the result. */
const RunningPollsSchema = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(20)), 1);

export const SmartIdSettingSchema = v.object({
  /** The result after the RUNNING polls: a section 4 result Smart-ID's protocol can lead to (sandbox-signing-scripts.ts). */
  result: v.optional(v.picklist(SMART_ID_RESULTS), 'SIGNED_CONTRACT'),
  /** How many polls answer RUNNING first. */
  runningPolls: RunningPollsSchema,
  /**
   * Section 4: digital signing (Smart-ID, Mobile-ID and the e-signature provider) is disabled for this reason;
   * the contract's details say so and the signing calls refuse.
   */
  disabledReason: v.optional(v.nullable(v.picklist(SIGNING_DISABLED_REASONS)), null),
});
export type SmartIdSetting = v.InferOutput<typeof SmartIdSettingSchema>;

/**
 * What Mobile-ID can answer (docs/decisions/143, 167): the section 4 results its protocol leads to
 * (sandbox-signing-scripts.ts). The person does not choose a verification code on the phone (no
 * WRONG_VC), and every Mobile-ID certificate is a qualified one (no INVALID_CERTIFICATE_LEVEL).
 */
export { MOBILE_ID_RESULTS, SMART_ID_RESULTS };

export const MobileIdSettingSchema = v.object({
  /** The result after the RUNNING polls. */
  result: v.optional(v.picklist(MOBILE_ID_RESULTS), 'SIGNED_CONTRACT'),
  /** How many polls answer RUNNING first. */
  runningPolls: RunningPollsSchema,
});
export type MobileIdSetting = v.InferOutput<typeof MobileIdSettingSchema>;

/**
 * What a bank can answer (decision 168): the payment confirmed, declined by the bank, cancelled by
 * the person, or the bank failing. Section 4's other results have no counterpart at a bank.
 */
export const BANK_PAYMENT_RESULTS = ['COMPLETED_OK', 'COMPLETED_FAILURE', 'USER_CANCELLED', 'PROVIDER_ERROR'] as const satisfies readonly (typeof DIGITAL_SIGNING_RESULTS)[number][];

export const PaymentSettingSchema = v.object({
  /** The answer the simulated bank's page has chosen when it opens. */
  result: v.optional(v.picklist(BANK_PAYMENT_RESULTS), 'COMPLETED_OK'),
  /** The restriction check answers restricted. */
  restricted: v.optional(v.boolean(), false),
});
export type PaymentSetting = v.InferOutput<typeof PaymentSettingSchema>;

const SCHEMAS = { esignature: EsignatureSettingSchema, 'smart-id': SmartIdSettingSchema, 'mobile-id': MobileIdSettingSchema, payment: PaymentSettingSchema } as const;
type Kind = keyof typeof SCHEMAS;
type SettingOf<K extends Kind> = v.InferOutput<(typeof SCHEMAS)[K]>;

export async function setSandboxSigning<K extends Kind>(db: Queryable, owner: Owner, kind: K, setting: SettingOf<K>, now: Date): Promise<void> {
  await db.query(
    `insert into sandbox_settings (owner_kind, owner_id, kind, key, value, created_at) values ($1, $2, $3, '', $4::jsonb, $5)
     on conflict (owner_kind, owner_id, kind, key) do update set value = excluded.value, created_at = excluded.created_at`,
    [owner.kind, owner.id, kind, JSON.stringify(setting), now],
  );
}

async function storedSetting(db: Queryable, applicationId: string, kind: Kind): Promise<unknown> {
  const rows = await db.query<{ value: unknown }>(
    `select s.value from sandbox_settings s join applications a on a.owner_kind = s.owner_kind and a.owner_id = s.owner_id
     where a.id = $1 and s.kind = $2 and s.key = ''`,
    [applicationId, kind],
  );
  return rows[0]?.value;
}

/**
 * The Smart-ID or Mobile-ID setting the application's owner made, or null (outside test mode, or
 * none made): without one, the party's simulator waits for a person on its page (docs/decisions/167).
 */
export async function sandboxScriptOf<K extends 'smart-id' | 'mobile-id'>(db: Queryable, testMode: boolean, applicationId: string, kind: K): Promise<SettingOf<K> | null> {
  if (!testMode) return null;
  const stored = await storedSetting(db, applicationId, kind);
  return stored === undefined ? null : v.parse(SCHEMAS[kind] as v.GenericSchema<unknown, SettingOf<K>>, stored);
}

/** The setting of the application's owner; the defaults outside test mode or without one. */
export async function sandboxSigningOf<K extends Kind>(db: Queryable, testMode: boolean, applicationId: string, kind: K): Promise<SettingOf<K>> {
  const schema = SCHEMAS[kind] as v.GenericSchema<unknown, SettingOf<K>>;
  if (!testMode) return v.parse(schema, {});
  return v.parse(schema, (await storedSetting(db, applicationId, kind)) ?? {});
}
