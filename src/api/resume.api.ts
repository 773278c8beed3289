/**
 * Issue 26 item 2 (decision 195): the calls of the `/resume` page, a module of their own so the first
 * page does not carry them (decision 041).
 */
import { apiRequest } from './client';
import type { CallOptions } from './application.api';
import { ResumeByLoginReplySchema, ResumeLinkReplySchema, type ResumeByLoginReply, type ResumeLinkReply, type ResumeLinkRequest } from '../../core/wire/resume.schema';

/** POST /api/v1/resume/login: after a login in this session, the person's newest open application (now this session's). */
export function resumeByLogin(options: CallOptions = {}): Promise<ResumeByLoginReply> {
  return apiRequest('resume/login', { method: 'POST', schema: ResumeByLoginReplySchema, signal: options.signal });
}

/** POST /api/v1/resume/link: a one-time link to the e-mail address the application has, when personal code and address match. */
export function requestResumeLink(request: ResumeLinkRequest, options: CallOptions = {}): Promise<ResumeLinkReply> {
  return apiRequest('resume/link', { method: 'POST', body: request, schema: ResumeLinkReplySchema, signal: options.signal });
}
