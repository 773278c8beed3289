/**
 * Issue 12: the contract and pre-contract information PDFs state the offer's figures and the parties
 * in the applicant's language, with the letters of every language (DejaVu embedded); read back from
 * uncompressed output (tests/support/pdf-text.ts).
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../core/domain/languages';
import { formatEur, formatPercent } from '../../core/validation/format/money';
import { DOCUMENT_TEXTS } from '../../server/contracts/document-texts';
import { displayDate, renderContractPdf, renderPreContractPdf, type CreditFigures } from '../../server/contracts/document-pdf';
import { figuresOf } from '../../server/contracts/contract.service';
import { pdfShows, pdfTextLines } from '../support/pdf-text';

const figures: CreditFigures = {
  productName: 'SMALL_LOAN',
  amount: 5000,
  period: 36,
  interestRate: 12.9,
  annualPercentageRate: 15.37,
  contractConclusionFee: 75,
  monthlyFee: 3.5,
  monthlyPayment: 171.23,
  totalRepaymentAmount: 6239.28,
  totalAmountTransferredToAccount: 4925,
  paymentDay: 20,
  firstPaymentDate: '2026-12-20',
  lastPaymentDate: '2029-11-20',
};

const NAMES = { en: 'John Smith', et: 'Jüri Õunapuu', lv: 'Jānis Bērziņš', lt: 'Jūratė Žemaitė', ru: 'Пётр Иванов' } as const;

describe('the contract PDF', () => {
  it.each(LOCALES)('in %s states the parties, every figure, the payment day and the schedule summary', async (locale) => {
    const pdf = await renderContractPdf(
      {
        locale,
        country: 'LV',
        reference: '3F2A-9C1B',
        drawnUpOn: '2026-11-26',
        expectedSigningDate: '2026-11-27',
        borrower: { name: NAMES[locale], personalCode: '010190-10001' },
        coBorrower: { name: 'Anna Kalniņa', personalCode: '020290-10018' },
        figures,
      },
      { compress: false },
    );
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const texts = DOCUMENT_TEXTS[locale];
    for (const shown of [
      texts.contractTitle,
      '3F2A-9C1B',
      displayDate('2026-11-27'),
      NAMES[locale],
      'Anna Kalniņa',
      'Solis Bank AS Latvijas filiāle',
      texts.productNames.SMALL_LOAN!,
      formatEur(5000, locale),
      texts.months(36),
      formatPercent(12.9, locale),
      formatPercent(15.37, locale),
      formatEur(75, locale),
      formatEur(3.5, locale),
      formatEur(171.23, locale),
      formatEur(6239.28, locale),
      formatEur(4925, locale),
      formatEur(1314.28, locale),
      '20-12-2026',
      '20-11-2029',
      texts.paymentDay,
      texts.unsignedNotice,
    ]) {
      expect(pdfShows(pdf, shown), `${locale}: ${shown}\n${pdfTextLines(pdf).filter((line) => !line.includes('\uFFFD')).join('\n')}`).toBe(true);
    }
  });

  it('leaves out a co-borrower the application does not have, and says so when the APR cannot be computed', async () => {
    const pdf = await renderContractPdf(
      { locale: 'en', country: 'EE', reference: 'AB12-CD34', drawnUpOn: '2026-11-26', expectedSigningDate: '2026-11-26', borrower: { name: 'John Smith', personalCode: null }, coBorrower: null, figures: { ...figures, annualPercentageRate: null } },
      { compress: false },
    );
    expect(pdfShows(pdf, 'Co-borrower')).toBe(false);
    expect(pdfShows(pdf, 'Solis Bank AS (10000001)')).toBe(true);
    expect(pdfShows(pdf, '—')).toBe(true);
  });
});

describe('the pre-contract information PDF', () => {
  it.each(LOCALES)('in %s is the standard European form with the offer’s costs and how long it holds', async (locale) => {
    const pdf = await renderPreContractPdf({ locale, country: 'EE', drawnUpOn: '2026-11-26', validUntil: '2026-12-10', figures }, { compress: false });
    const texts = DOCUMENT_TEXTS[locale];
    // The title may wrap: its first words are on its first line.
    for (const shown of [texts.secciTitle.split(' ').slice(0, 2).join(' '), texts.secciCosts, formatPercent(15.37, locale), formatEur(6239.28, locale), formatEur(171.23, locale), '10-12-2026']) {
      expect(pdfShows(pdf, shown), `${locale}: ${shown}`).toBe(true);
    }
  });
});

describe('the figures of a contract', () => {
  it('take the schedule from the signing date and the payment day, the month’s last day where it is shorter', () => {
    const offer = { ...figures, annualPercentageRate: 15.37 };
    expect(figuresOf(offer, 31, '2027-01-15')).toMatchObject({ paymentDay: 31, firstPaymentDate: '2027-02-28', lastPaymentDate: '2030-01-31' });
    expect(figuresOf({ ...offer, period: 1 }, 15, '2026-11-26')).toMatchObject({ firstPaymentDate: '2026-12-15', lastPaymentDate: '2026-12-15' });
  });
});
