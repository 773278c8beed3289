/** Which step takes a document, which upload limits apply, and who may go on without bank statements (core/domain/documents.ts). */
import { describe, expect, it } from 'vitest';
import { uploadFlowOf, uploadSkipAllowed, uploadStepAccepts } from '../../core/domain/documents';

describe('uploadStepAccepts (decision 179)', () => {
  it('takes a document only at the step that asks for its purpose', () => {
    expect(uploadStepAccepts('uploadBankAccountStatementDocuments', 'BANK_STATEMENT')).toBe(true);
    expect(uploadStepAccepts('uploadCampaignDocuments', 'SALE_OFFER')).toBe(true);
    expect(uploadStepAccepts('uploadLeasingDocuments', 'SALE_OFFER')).toBe(true);
    expect(uploadStepAccepts('uploadBankAccountStatementDocuments', 'SALE_OFFER')).toBe(false);
    expect(uploadStepAccepts('uploadCampaignDocuments', 'BANK_STATEMENT')).toBe(false);
  });

  it('takes none at a step that asks for no documents', () => {
    expect(uploadStepAccepts('submitBackgroundInfo', 'BANK_STATEMENT')).toBe(false);
    expect(uploadStepAccepts('', 'SALE_OFFER')).toBe(false);
    expect(uploadStepAccepts('toString', 'BANK_STATEMENT')).toBe(false);
  });
});

describe('uploadFlowOf (decision 150)', () => {
  it('gives corporate banking its own limits, whatever the document', () => {
    expect(uploadFlowOf('corporate-banking', 'BANK_STATEMENT')).toBe('corporate');
    expect(uploadFlowOf('corporate-banking', 'SALE_OFFER')).toBe('corporate');
  });

  it('gives a Latvian retail bank statement the Latvian pdf limits, and nothing else', () => {
    expect(uploadFlowOf('retail-banking-lv', 'BANK_STATEMENT')).toBe('latviaPdf');
    expect(uploadFlowOf('retail-banking-lv', 'SALE_OFFER')).toBe('default');
    expect(uploadFlowOf('retail-banking-ee', 'BANK_STATEMENT')).toBe('default');
    expect(uploadFlowOf('retail-banking-lt', 'BANK_STATEMENT')).toBe('default');
    expect(uploadFlowOf('retail-banking-ee', 'SALE_OFFER')).toBe('default');
  });
});

describe('uploadSkipAllowed (decision 134)', () => {
  it('lets Estonian and Lithuanian retail go on without bank statements for a loan not secured by real estate', () => {
    expect(uploadSkipAllowed('retail-banking-ee', 'BANK_STATEMENT', 'SMALL_LOAN')).toBe(true);
    expect(uploadSkipAllowed('retail-banking-lt', 'BANK_STATEMENT', 'SMALL_LOAN')).toBe(true);
    expect(uploadSkipAllowed('retail-banking-lt', 'BANK_STATEMENT', 'CAR_LOAN')).toBe(true);
  });

  it('never in Latvia or corporate banking, for another document, a real-estate loan or an unknown product', () => {
    expect(uploadSkipAllowed('retail-banking-lv', 'BANK_STATEMENT', 'SMALL_LOAN')).toBe(false);
    expect(uploadSkipAllowed('corporate-banking', 'BANK_STATEMENT', 'SMALL_LOAN')).toBe(false);
    expect(uploadSkipAllowed('retail-banking-ee', 'SALE_OFFER', 'SMALL_LOAN')).toBe(false);
    expect(uploadSkipAllowed('retail-banking-ee', undefined, 'SMALL_LOAN')).toBe(false);
    expect(uploadSkipAllowed('retail-banking-lt', 'BANK_STATEMENT', 'HOUSING_LOAN')).toBe(false);
    expect(uploadSkipAllowed('retail-banking-ee', 'BANK_STATEMENT', null)).toBe(false);
    expect(uploadSkipAllowed('retail-banking-ee', 'BANK_STATEMENT', 'NO_SUCH_PRODUCT')).toBe(false);
  });
});
