import { isCorporate, type BusinessDomain } from './business-domains';
import { productTypeOf } from './products';

/** Section 3 "Document purpose": what an uploaded document is evidence of. */
export const DOCUMENT_PURPOSES = ['BANK_STATEMENT', 'SALE_OFFER'] as const;
export type DocumentPurpose = (typeof DOCUMENT_PURPOSES)[number];

/**
 * The upload steps and what each asks for (decisions 150, 159): the server refuses to go on from one
 * while the person has no document of its purpose on the application.
 */
export const UPLOAD_STEP_PURPOSES: Readonly<Partial<Record<string, DocumentPurpose>>> = {
  uploadBankAccountStatementDocuments: 'BANK_STATEMENT',
  uploadCampaignDocuments: 'SALE_OFFER',
  // Decision 182: the corporate leasing products' seller's offer for the leased asset.
  uploadLeasingDocuments: 'SALE_OFFER',
};

/**
 * Issue 23 item 4 (docs/decisions/179-upload-limits-steps-and-names.md): a document is taken (and
 * removed) only while the person's current step asks for documents of its purpose; the seller's
 * offer, then, only on an application whose campaign asks for it (the process goes to its step only then).
 */
export function uploadStepAccepts(taskKey: string, purpose: DocumentPurpose): boolean {
  return UPLOAD_STEP_PURPOSES[taskKey] === purpose;
}

/** Which of section 5's upload limits apply to a document (core/validation/uploads/limits.ts). */
export type UploadFlow = 'default' | 'corporate' | 'latviaPdf';

/**
 * Which of section 5's upload limits apply (docs/decisions/150-uploads.md): corporate banking has its
 * own; a Latvian retail bank statement is the Latvian pdf flow; everything else the default.
 */
export function uploadFlowOf(domain: BusinessDomain, purpose: DocumentPurpose): UploadFlow {
  if (isCorporate(domain)) return 'corporate';
  if (domain === 'retail-banking-lv' && purpose === 'BANK_STATEMENT') return 'latviaPdf';
  return 'default';
}

/**
 * The bank statement step's failed attempts allowed (docs/decisions/133-upload-attempts.md): files the
 * server refused and submissions of the step it refused, per person and application step. The one
 * that reaches the limit ends the step at the upload-limit page; the server counts, not the client.
 */
export const UPLOAD_ATTEMPT_LIMIT = 5;

/** The refusal's detail that tells the attempts left (decision 133), as the server sends it and the page reads it. */
export const ATTEMPTS_LEFT_DETAIL = 'uploadAttemptsLeft';

/** The steps whose failed attempts are counted (decision 133): the bank statements'. */
export const COUNTED_UPLOAD_STEPS: ReadonlySet<string> = new Set(['uploadBankAccountStatementDocuments']);

/**
 * Whether the applicant may go on without bank statements, for a loan specialist to review the
 * application by hand (docs/decisions/134-upload-skip.md): only for bank statements, in
 * Estonian and Lithuanian retail, and not for a loan secured by real estate. Latvia reads income
 * only from statements (decision 152), and a mortgage needs documented income.
 */
export function uploadSkipAllowed(domain: BusinessDomain, purpose: DocumentPurpose | undefined, productName: string | null | undefined): boolean {
  if (purpose !== 'BANK_STATEMENT') return false;
  if (domain !== 'retail-banking-ee' && domain !== 'retail-banking-lt') return false;
  // The product must be known: a loan secured by real estate is never sent on without them.
  const type = productTypeOf(productName);
  return type !== undefined && type !== 'REAL_ESTATE_LOAN';
}
