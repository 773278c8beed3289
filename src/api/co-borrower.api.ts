/**
 * The calls of issue 11 that only some pages make (the check-answers page, a co-borrower's
 * invitation link): a module of their own, imported when those pages need it, so the first page
 * does not carry them (decision 041).
 */
import { apiRequest } from './client';
import { processPath, type CallOptions } from './application.api';
import { AcceptedInvitationSchema, AnswersSchema } from '../../core/wire/process.schema';
import type { AcceptedInvitation, Answers } from '../../core/wire/process.schema';
import { roleQueryOf, type StepRole } from '../../core/domain/persons';

/** GET /api/v1/application-process/{externalId}/answers?role=... (issue 11): this person's answers, task by task. */
export function answersOf(externalId: string, options: CallOptions & { role?: StepRole } = {}): Promise<Answers> {
  return apiRequest(processPath(externalId, 'answers'), {
    query: { role: roleQueryOf(options.role ?? 'APPLICANT') },
    schema: AnswersSchema,
    signal: options.signal,
  });
}

/**
 * POST /api/v1/invitations/accept (issue 11): a co-borrower opens the link they were sent; their own
 * session gets access to the application under the co-borrower role. Not retried: the token is single-use.
 */
export function acceptInvitation(token: string, options: CallOptions = {}): Promise<AcceptedInvitation> {
  return apiRequest('invitations/accept', {
    method: 'POST',
    body: { token },
    schema: AcceptedInvitationSchema,
    signal: options.signal,
  });
}
