import type { DigitalSigningResult } from '../../../core/domain/signing';
import type { HashType } from './hashes';

/**
 * What the Smart-ID and Mobile-ID adapters answer the signing service (issue 21; docs/decisions/167),
 * already in section 4's words: the provider's own result is kept beside it for the record. A
 * signature counts as `SIGNED_CONTRACT` only once the adapter has verified it (sk-eid/certificates.ts);
 * an answer it does not believe is a failed signing, never a signed one.
 */

/** The data the person signs: its hash is what travels, the data itself stays with the bank. */
export interface SignableData {
  data: Uint8Array;
  hashType: HashType;
}

/** A session the provider opened, or its refusal to open one (an unknown person, an unusable account). */
export type SigningStart =
  | { kind: 'session'; sessionId: string }
  | { kind: 'refused'; status: FinalSigningResult; providerResult: string };

export type FinalSigningResult = Exclude<DigitalSigningResult, 'RUNNING' | 'ALREADY_IDENTIFIED'>;

export interface VerifiedSignature {
  /** DER, base64: the signer's certificate. */
  certificate: string;
  /** Base64: the signature value, with its algorithm. */
  value: string;
  algorithm: string;
}

export type SigningPoll =
  | { kind: 'running' }
  | {
      kind: 'complete';
      status: FinalSigningResult;
      /** The provider's end result, and why an answer was refused (for the record, never for the person). */
      providerResult: string;
      /** Present exactly when `status` is SIGNED_CONTRACT. */
      signature: VerifiedSignature | null;
    };
