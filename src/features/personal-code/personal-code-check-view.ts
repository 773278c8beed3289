/**
 * The personal code check's view model (personal-code-check.machine.ts), apart from the machine so
 * that a view's chunk does not carry the machine's definition (decision 041).
 */
import { MESSAGES, type MessageKey } from '../../../core/validation/messages';
import { normalisePersonalCode } from '../../../core/validation/personal-code';
import type { PersonalCodeCheckSnapshot, PersonalCodeVerdict } from './personal-code-check.machine';

export type PersonalCodeCheckStatus = 'idle' | 'checking' | PersonalCodeVerdict | 'failed';

export interface PersonalCodeCheckView {
  /** What the check says about the code in the field now (a verdict on another code says nothing). */
  status: PersonalCodeCheckStatus;
  /** Section 8: an invalid code, or a check that could not be made, blocks like an invalid code. */
  problem: MessageKey | undefined;
  /** The check failed (network, 429, 5xx): the applicant may ask again. */
  retryOffered: boolean;
  busy: boolean;
  /** A submission waits for the verdict: the submit button shows it is busy. */
  submitting: boolean;
}

const IDLE: PersonalCodeCheckView = { status: 'idle', problem: undefined, retryOffered: false, busy: false, submitting: false };

/** The view model for the field (views and tests call the same selector); idle before the logic runs. */
export function personalCodeCheckView(snapshot: PersonalCodeCheckSnapshot | undefined): PersonalCodeCheckView {
  if (!snapshot) return IDLE;
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const submitting = context.pending !== null;
  const about = context.code !== null && context.code === normalisePersonalCode(context.country, context.text ?? context.code);
  if (!about) return { ...IDLE, submitting };
  if (snapshot.matches('checking')) return { status: 'checking', problem: undefined, retryOffered: context.retry, busy, submitting };
  if (snapshot.matches('failed')) return { status: 'failed', problem: MESSAGES.personalCodeCheckFailed, retryOffered: true, busy, submitting };
  if (context.verdict === 'invalid') return { status: 'invalid', problem: MESSAGES.personalCodeInvalid, retryOffered: false, busy, submitting };
  if (context.verdict === 'valid') return { status: 'valid', problem: undefined, retryOffered: false, busy, submitting };
  return { ...IDLE, submitting };
}
