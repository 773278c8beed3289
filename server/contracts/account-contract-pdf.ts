/**
 * The current account contract as PDF (issue 12; docs/decisions/144-current-account-contract.md),
 * drawn with the loan contract's pdfkit helpers (document-pdf.ts): DejaVu Sans embedded, in the
 * applicant's language. Account terms only, no credit figures.
 */
import type { Locale } from '../../core/domain/languages';
import { formatEur, formatPercent } from '../../core/validation/format/money';
import { ACCOUNT_CONTRACT_TEXTS } from './account-contract-texts';
import { LENDERS } from './document-texts';
import { displayDate, finished, heading, newDocument, table, type DocumentParty, type RenderOptions } from './document-pdf';

export interface AccountContractInput {
  locale: Locale;
  country: 'EE' | 'LV' | 'LT';
  reference: string;
  /** yyyy-MM-dd */
  drawnUpOn: string;
  holder: DocumentParty;
  currency: 'EUR';
  monthlyFee: number;
  balanceInterestRate: number;
  holderNoticeDays: number;
}

export function renderAccountContractPdf(input: AccountContractInput, options: RenderOptions = {}): Promise<Buffer> {
  const texts = ACCOUNT_CONTRACT_TEXTS[input.locale];
  const bank = LENDERS[input.country];
  const doc = newDocument(texts.title, input.locale, options);
  doc.font('bold').fontSize(16).text(texts.title).font('regular').fontSize(10).moveDown(0.5);
  table(doc, [
    [texts.contractNumber, input.reference],
    [texts.drawnUpOn, displayDate(input.drawnUpOn)],
  ]);
  heading(doc, texts.parties);
  const holder = input.holder.personalCode ? `${input.holder.name}, ${texts.personalCode} ${input.holder.personalCode}` : input.holder.name;
  table(doc, [
    [texts.bank, `${bank.name} (${bank.registryCode})`],
    [texts.accountHolder, holder],
  ]);
  heading(doc, texts.accountTerms);
  table(doc, [
    [texts.product, texts.productName],
    [texts.currency, input.currency],
    [texts.monthlyFee, formatEur(input.monthlyFee, input.locale)],
    [texts.balanceInterest, formatPercent(input.balanceInterestRate, input.locale)],
    [texts.overdraft, texts.overdraftValue],
    [texts.statements, texts.statementsValue],
  ]);
  heading(doc, texts.termsHeading);
  for (const clause of texts.clauses) doc.text(clause).moveDown(0.4);
  doc.text(texts.closing(input.holderNoticeDays));
  doc.moveDown(0.8).font('bold').text(texts.unsignedNotice).font('regular');
  return finished(doc);
}
