import * as v from 'valibot';
import { LOCALES } from '../domain/languages';

/**
 * Issue 26 item 2 (decision 195): coming back to an application on any day and any device. The
 * request for a one-time link by e-mail names the applicant by their personal code and the e-mail
 * address they gave; the server checks both (the country's personal-code rules and the e-mail rules).
 */
export const ResumeLinkRequestSchema = v.object({
  email: v.pipe(v.string(), v.maxLength(300)),
  personalCode: v.pipe(v.string(), v.maxLength(40)),
  /** The language of the e-mail: the page's. */
  language: v.optional(v.picklist(LOCALES)),
});
export type ResumeLinkRequest = v.InferOutput<typeof ResumeLinkRequestSchema>;

/**
 * The same answer whether or not an application matched (nobody learns whose application exists);
 * `expiresInMinutes`: how long a link that was sent works.
 */
export const ResumeLinkReplySchema = v.object({ accepted: v.literal(true), expiresInMinutes: v.number() });
export type ResumeLinkReply = v.InferOutput<typeof ResumeLinkReplySchema>;

/**
 * After a login through the bank's login service: the newest open application of the person who
 * logged in, now this session's (null: none, or nobody logged in in this session).
 */
export const ResumeByLoginReplySchema = v.object({ authenticated: v.boolean(), externalId: v.nullable(v.string()) });
export type ResumeByLoginReply = v.InferOutput<typeof ResumeByLoginReplySchema>;
