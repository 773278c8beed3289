import * as v from 'valibot';
import { REMOTE_IDENTIFICATION_STATUSES } from '../domain/identification';
import { localeFromLanguageCode } from '../domain/languages';

/**
 * Section 7's identity calls (issue 13; decision 157): `POST /api/v1/identity/{externalId}` starts a
 * remote identification in the applicant's language and answers where to send the browser;
 * `GET /api/v1/identity/{externalId}/status` answers its status, with whether the bank asks for it
 * on this application (`enabled`: the flag and the product, section 6), whether the applicant is
 * already identified and whether a provider is configured (`available`), so the client applies
 * section 4's rule to the server's facts.
 */
export const StartRemoteIdentificationRequestSchema = v.strictObject({
  languageCode: v.pipe(v.string(), v.maxLength(3), v.check((code) => localeFromLanguageCode(code) !== undefined, 'Unknown language.')),
});
export type StartRemoteIdentificationRequest = v.InferOutput<typeof StartRemoteIdentificationRequestSchema>;

export const StartedRemoteIdentificationSchema = v.object({ redirectUrl: v.pipe(v.string(), v.url()) });
export type StartedRemoteIdentification = v.InferOutput<typeof StartedRemoteIdentificationSchema>;

export const RemoteIdentificationStatusSchema = v.picklist(REMOTE_IDENTIFICATION_STATUSES);

export const RemoteIdentificationStateSchema = v.object({
  status: RemoteIdentificationStatusSchema,
  enabled: v.boolean(),
  identified: v.boolean(),
  /**
   * Issue 21 (decision 171): whether an identity-verification provider is configured. Without one
   * (production only) the bank still asks for it where `enabled`: the step waits and says so.
   */
  available: v.optional(v.boolean(), true),
});
export type RemoteIdentificationState = v.InferOutput<typeof RemoteIdentificationStateSchema>;
