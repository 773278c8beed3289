import { isCorporate, type BusinessDomain } from './business-domains';
import type { UploadFlow } from '../validation/uploads/limits';

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
};

/**
 * Which of section 5's upload limits apply (docs/decisions/150-uploads.md): corporate banking has its
 * own; a Latvian retail bank statement is the Latvian pdf flow; everything else the default.
 */
export function uploadFlowOf(domain: BusinessDomain, purpose: DocumentPurpose): UploadFlow {
  if (isCorporate(domain)) return 'corporate';
  if (domain === 'retail-banking-lv' && purpose === 'BANK_STATEMENT') return 'latviaPdf';
  return 'default';
}
