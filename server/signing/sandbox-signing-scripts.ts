import type { DigitalSigningResult } from '../../core/domain/signing';
import type { SmartIdScript } from '../providers/smart-id/smart-id.adapter';
import type { MobileIdScript } from '../providers/mobile-id/mobile-id.adapter';

/**
 * Test mode (issue 21; docs/decisions/167): the sandbox controls `POST /api/sandbox/signing/smart-id`
 * and `/mobile-id` still say which section 4 result a session ends with, but the answer now comes
 * from the party's simulator through the real adapter: the service scripts the simulator with the
 * protocol's answer that the adapter turns into that result. A result the protocol has no answer
 * for (a payment's COMPLETED_OK, the bank's own ALREADY_SIGNED or INTERNAL_ERROR...) cannot be
 * scripted, and the controls refuse it.
 */
type SmartIdAnswer = Omit<SmartIdScript, 'nonce' | 'runningPolls'>;

export const SMART_ID_SCRIPTS = {
  SIGNED_CONTRACT: { endResult: 'OK' },
  // 404: no Smart-ID account for the person.
  NOT_CLIENT: { refuseWith: 404, endResult: 'OK' },
  // An OK answer with an advanced certificate, where a qualified one is asked for.
  INVALID_CERTIFICATE_LEVEL: { endResult: 'OK', certificateLevel: 'ADVANCED' },
  // An OK answer whose certificate names someone else.
  NAMES_DONT_MATCH: { endResult: 'OK', spoil: 'another-person' },
  TIMEOUT: { endResult: 'TIMEOUT' },
  USER_CANCELLED: { endResult: 'USER_REFUSED' },
  WRONG_VC: { endResult: 'WRONG_VC' },
  END_PROVIDER_MISCONFIGURATION: { endResult: 'DOCUMENT_UNUSABLE' },
  // An OK answer whose signature is over another hash: refused.
  PROVIDER_ERROR: { endResult: 'OK', spoil: 'other-hash' },
  // An end result this client does not know (the API may add some, section 2.2.9).
  UNKNOWN: { endResult: 'A_RESULT_NOT_YET_DOCUMENTED' },
} as const satisfies Partial<Record<DigitalSigningResult, SmartIdAnswer>>;

type MobileIdAnswer = Omit<MobileIdScript, 'sessionId' | 'runningPolls'>;

export const MOBILE_ID_SCRIPTS = {
  SIGNED_CONTRACT: { result: 'OK' },
  NOT_CLIENT: { result: 'NOT_MID_CLIENT' },
  TIMEOUT: { result: 'TIMEOUT' },
  USER_CANCELLED: { result: 'USER_CANCELLED' },
  END_PROVIDER_MISCONFIGURATION: { result: 'SIGNATURE_HASH_MISMATCH' },
  PROVIDER_ERROR: { result: 'PHONE_ABSENT' },
  UNKNOWN: { result: 'A_RESULT_NOT_YET_DOCUMENTED' },
} as const satisfies Partial<Record<DigitalSigningResult, MobileIdAnswer>>;

export type SmartIdScriptedResult = keyof typeof SMART_ID_SCRIPTS;
export type MobileIdScriptedResult = keyof typeof MOBILE_ID_SCRIPTS;

/** The section 4 results a test can have each party answer. */
export const SMART_ID_RESULTS = Object.keys(SMART_ID_SCRIPTS) as [SmartIdScriptedResult, ...SmartIdScriptedResult[]];
export const MOBILE_ID_RESULTS = Object.keys(MOBILE_ID_SCRIPTS) as [MobileIdScriptedResult, ...MobileIdScriptedResult[]];
