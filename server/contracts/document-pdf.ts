/**
 * The contract and the standard pre-contract information as PDF (issue 12;
 * docs/decisions/135-contract-documents.md), drawn with pdfkit. DejaVu Sans is embedded (subset) so
 * Estonian, Latvian, Lithuanian and Russian letters render whatever the reader has installed.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Locale } from '../../core/domain/languages';
import { LOCALE_TAG } from '../../core/domain/languages';
import { formatEur, formatPercent } from '../../core/validation/format/money';
import { DOCUMENT_TEXTS, LENDERS, productNameIn, type DocumentTexts } from './document-texts';
import { BUSINESS_DOCUMENT_TEXTS } from './business-document-texts';
import type { LeasingOfferTerms } from '../../core/domain/offers';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface DocumentParty {
  name: string;
  personalCode: string | null;
}

/** The figures both documents show (an offer's, core/domain/pricing.ts). */
export interface CreditFigures {
  productName: string;
  amount: number;
  period: number;
  interestRate: number;
  annualPercentageRate: number | null;
  contractConclusionFee: number;
  monthlyFee: number;
  monthlyPayment: number;
  totalRepaymentAmount: number;
  totalAmountTransferredToAccount: number;
  paymentDay: number;
  firstPaymentDate: string;
  lastPaymentDate: string;
}

export interface ContractDocumentInput {
  locale: Locale;
  country: 'EE' | 'LV' | 'LT';
  reference: string;
  /** yyyy-MM-dd */
  drawnUpOn: string;
  expectedSigningDate: string;
  borrower: DocumentParty;
  coBorrower: DocumentParty | null;
  figures: CreditFigures;
  /**
   * A company's contract (decision 184): the company borrows (or leases) and `borrower` is the
   * representative who signs for it; a leasing's terms are shown with the credit terms.
   */
  business?: { company: { name: string; registrationCode: string }; leasing?: LeasingOfferTerms };
}

export interface PreContractDocumentInput {
  locale: Locale;
  country: 'EE' | 'LV' | 'LT';
  drawnUpOn: string;
  validUntil: string;
  figures: CreditFigures;
}

export interface RenderOptions {
  /** Off only in tests, so the page's text can be read back. */
  compress?: boolean;
}

/** Section 9's display date, dd-MM-yyyy. */
export function displayDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}-${month}-${year}`;
}

function totalCostOfCredit(figures: CreditFigures): number {
  return Math.round((figures.totalRepaymentAmount - figures.totalAmountTransferredToAccount) * 100) / 100;
}

function rows(texts: DocumentTexts, locale: Locale, figures: CreditFigures): [string, string][] {
  const eur = (value: number) => formatEur(value, locale);
  return [
    [texts.product, productNameIn(texts, figures.productName)],
    [texts.loanAmount, eur(figures.amount)],
    [texts.period, texts.months(figures.period)],
    [texts.interestRate, formatPercent(figures.interestRate, locale)],
    [texts.apr, figures.annualPercentageRate === null ? '—' : formatPercent(figures.annualPercentageRate, locale)],
    [texts.conclusionFee, eur(figures.contractConclusionFee)],
    [texts.monthlyFee, eur(figures.monthlyFee)],
    [texts.monthlyPayment, eur(figures.monthlyPayment)],
    [texts.paymentDay, String(figures.paymentDay)],
    [texts.totalTransferred, eur(figures.totalAmountTransferredToAccount)],
    [texts.totalCostOfCredit, eur(totalCostOfCredit(figures))],
    [texts.totalToRepay, eur(figures.totalRepaymentAmount)],
  ];
}

export function newDocument(title: string, locale: Locale, options: RenderOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: options.compress ?? true,
    lang: LOCALE_TAG[locale],
    displayTitle: true,
    info: { Title: title, Author: 'Solis', Creator: 'Solis reference API' },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  doc.font('regular');
  return doc;
}

export function finished(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export function heading(doc: PDFKit.PDFDocument, text: string, size = 12): void {
  doc.moveDown(0.8).font('bold').fontSize(size).text(text).font('regular').fontSize(10).moveDown(0.3);
}

export function table(doc: PDFKit.PDFDocument, entries: readonly [string, string][]): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  for (const [label, value] of entries) {
    const y = doc.y;
    doc.font('regular').fontSize(10).text(label, left, y, { width: width * 0.6 });
    const after = doc.y;
    doc.font('bold').text(value, left + width * 0.6, y, { width: width * 0.4, align: 'right' });
    doc.font('regular');
    doc.x = left;
    doc.y = Math.max(after, doc.y) + 2;
  }
}

function partyLine(texts: DocumentTexts, party: DocumentParty): string {
  return party.personalCode ? `${party.name}, ${texts.personalCode} ${party.personalCode}` : party.name;
}

/** The contract of an application, unsigned, in the applicant's language. */
export function renderContractPdf(input: ContractDocumentInput, options: RenderOptions = {}): Promise<Buffer> {
  if (input.business) return renderBusinessContractPdf(input, input.business, options);
  const texts = DOCUMENT_TEXTS[input.locale];
  const lender = LENDERS[input.country];
  const doc = newDocument(texts.contractTitle, input.locale, options);
  doc.font('bold').fontSize(16).text(texts.contractTitle).font('regular').fontSize(10).moveDown(0.5);
  table(doc, [
    [texts.contractNumber, input.reference],
    [texts.drawnUpOn, displayDate(input.drawnUpOn)],
    [texts.expectedSigningDate, displayDate(input.expectedSigningDate)],
  ]);
  heading(doc, texts.parties);
  table(doc, [
    [texts.lender, `${lender.name} (${lender.registryCode})`],
    [texts.borrower, partyLine(texts, input.borrower)],
    ...(input.coBorrower ? ([[texts.coBorrower, partyLine(texts, input.coBorrower)]] as [string, string][]) : []),
  ]);
  heading(doc, texts.creditTerms);
  table(doc, rows(texts, input.locale, input.figures));
  heading(doc, texts.schedule);
  table(doc, [
    [texts.numberOfPayments, String(input.figures.period)],
    [texts.monthlyPayment, formatEur(input.figures.monthlyPayment, input.locale)],
    [texts.firstPayment, displayDate(input.figures.firstPaymentDate)],
    [texts.lastPayment, displayDate(input.figures.lastPaymentDate)],
  ]);
  doc.moveDown(0.5).text(texts.scheduleNote);
  doc.moveDown(0.8).text(texts.withdrawal);
  doc.moveDown(0.8).font('bold').text(texts.unsignedNotice).font('regular');
  return finished(doc);
}

/**
 * A company's contract (issue 24, decision 184): the company is the borrower (a leasing's lessee),
 * named with its registration code, and its representative signs for it with their own personal
 * code; a leasing shows the price financed, the down payment and the residual paid with the last
 * payment; a company has no consumer's right of withdrawal.
 */
function renderBusinessContractPdf(input: ContractDocumentInput, business: NonNullable<ContractDocumentInput['business']>, options: RenderOptions): Promise<Buffer> {
  const texts = DOCUMENT_TEXTS[input.locale];
  const words = BUSINESS_DOCUMENT_TEXTS[input.locale];
  const lender = LENDERS[input.country];
  const eur = (value: number) => formatEur(value, input.locale);
  const leasing = business.leasing;
  const title = leasing ? words.leasingContractTitle : words.loanContractTitle;
  const doc = newDocument(title, input.locale, options);
  doc.font('bold').fontSize(16).text(title).font('regular').fontSize(10).moveDown(0.5);
  table(doc, [
    [texts.contractNumber, input.reference],
    [texts.drawnUpOn, displayDate(input.drawnUpOn)],
    [texts.expectedSigningDate, displayDate(input.expectedSigningDate)],
  ]);
  heading(doc, texts.parties);
  table(doc, [
    [texts.lender, `${lender.name} (${lender.registryCode})`],
    [leasing ? words.lessee : words.borrower, `${business.company.name}, ${words.registrationCode} ${business.company.registrationCode}`],
    [words.representative, partyLine(texts, input.borrower)],
  ]);
  heading(doc, texts.creditTerms);
  const terms = rows(texts, input.locale, input.figures).map(([label, value]): [string, string] =>
    label === texts.product ? [label, words.productNames[input.figures.productName as keyof typeof words.productNames] ?? value] : label === texts.loanAmount && leasing ? [words.financedAmount, value] : [label, value],
  );
  table(doc, [
    ...(leasing
      ? ([
          [words.financedPrice, eur(leasing.financedPrice)],
          [words.downPayment, eur(leasing.downPayment)],
          [words.residual, eur(leasing.residual)],
        ] as [string, string][])
      : []),
    ...terms,
  ]);
  heading(doc, texts.schedule);
  table(doc, [
    [texts.numberOfPayments, String(input.figures.period)],
    [texts.monthlyPayment, eur(input.figures.monthlyPayment)],
    [texts.firstPayment, displayDate(input.figures.firstPaymentDate)],
    [texts.lastPayment, displayDate(input.figures.lastPaymentDate)],
  ]);
  doc.moveDown(0.5).text(texts.scheduleNote);
  doc.moveDown(0.8).text(words.businessNotice);
  doc.moveDown(0.8).font('bold').text(texts.unsignedNotice).font('regular');
  return finished(doc);
}

/** The standard European consumer credit information of an offer (Directive 2008/48/EC, Annex II). */
export function renderPreContractPdf(input: PreContractDocumentInput, options: RenderOptions = {}): Promise<Buffer> {
  const texts = DOCUMENT_TEXTS[input.locale];
  const lender = LENDERS[input.country];
  const doc = newDocument(texts.secciTitle, input.locale, options);
  doc.font('bold').fontSize(16).text(texts.secciTitle).font('regular').fontSize(10).moveDown(0.5);
  doc.text(texts.secciIntro);
  table(doc, [
    [texts.drawnUpOn, displayDate(input.drawnUpOn)],
    [texts.secciValidUntil, displayDate(input.validUntil)],
  ]);
  heading(doc, texts.secciCreditor);
  table(doc, [[texts.lender, `${lender.name} (${lender.registryCode})`]]);
  doc.text(`${lender.address}, ${lender.email}`);
  heading(doc, texts.secciFeatures);
  const all = rows(texts, input.locale, input.figures);
  const features = new Set([texts.product, texts.loanAmount, texts.period, texts.monthlyPayment, texts.paymentDay, texts.totalToRepay]);
  table(doc, [
    ...all.filter(([label]) => features.has(label)),
    [texts.firstPayment, displayDate(input.figures.firstPaymentDate)],
    [texts.lastPayment, displayDate(input.figures.lastPaymentDate)],
  ]);
  heading(doc, texts.secciCosts);
  table(doc, all.filter(([label]) => !features.has(label)));
  heading(doc, texts.secciLegal);
  doc.text(texts.withdrawal).moveDown(0.5).text(texts.secciEarlyRepayment).moveDown(0.5).text(texts.secciDraftRight);
  return finished(doc);
}
