import type { Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit, type DateAnswer, type Role } from '../step-kit';

/** SubmitBankDetailsAndIdentificationDocumentInfo (src/steps/submitBankDetailsAndIdentificationDocumentInfo). */

export interface BankDetailsAnswers {
  iban: string;
  /** Select value: ID_CARD or PASSPORT. */
  documentType: 'ID_CARD' | 'PASSPORT';
  documentNumber: string;
  issued: DateAnswer;
  expires: DateAnswer;
  /** The applicant's only (the application's payment day); a select value. */
  paymentDay?: string;
}

export function bankDetailsStep(page: Page, locale: TestLocale, role: Role = 'applicant') {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading(role === 'applicant' ? 'Your bank account and identity document' : 'Your bank account and identity document as a co-borrower'),
    iban: kit.textbox('Bank account number (IBAN)'),
    paymentDay: kit.combobox('Monthly payment day'),
    documentType: kit.combobox('Document type'),
    documentNumber: kit.textbox('Document number'),
    async fill(answers: BankDetailsAnswers) {
      await this.iban.fill(answers.iban);
      if (answers.paymentDay) await this.paymentDay.selectOption(answers.paymentDay);
      await this.documentType.selectOption(answers.documentType);
      await this.documentNumber.fill(answers.documentNumber);
      await kit.date('Date of issue', answers.issued);
      await kit.date('Expiry date', answers.expires);
      // The first country of tax residency is the country served, and "Loan" is a purpose already.
    },
  };
}
