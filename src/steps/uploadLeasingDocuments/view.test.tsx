import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../../core/wire/application.schema';
import type { UploadedDocument } from '../../../core/wire/document.schema';
import type { DocumentPurpose } from '../../../core/domain/documents';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { continueButton } from '../../../tests/support/step-queries';
import { expectStepSpeaks, renderStep } from '../../../tests/support/render-step';

const KEY = 'uploadLeasingDocuments';
const MIB = 1024 * 1024;
const LEASING: Partial<TaskResponse> = {
  externalId: 'app-1',
  application: {
    externalId: 'app-1',
    businessDomain: 'corporate-banking',
    currency: 'EUR',
    source: null,
    creditConditions: { productName: 'CAR_LEASING_BUSINESS', loanAmount: 30000, loanPeriod: 60 },
    relatedPersons: { persons: [{ id: 'p-1', role: 'APPLICANT', languageCode: 'eng' }], relations: [] },
  },
};
const fileInput = () => screen.getByLabelText('Documents of the leased asset') as HTMLInputElement;
const stored = (name: string, purpose: DocumentPurpose): UploadedDocument => ({ documentId: `doc-${name}`, fileName: name, size: 2048, purpose });
const pdf = (name: string, bytes = 64) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const rows = () => within(screen.getByRole('list', { name: 'Your files' })).getAllByRole('listitem');

async function render(options: Parameters<typeof renderStep>[1] = {}) {
  const rendered = await renderStep(KEY, { domain: 'corporate-banking', task: LEASING, ...options });
  await screen.findByLabelText('Documents of the leased asset');
  return rendered;
}

describe('UploadLeasingDocuments', () => {
  it('asks for the seller’s offer of the leased asset with the corporate limits (5 MB a file, 10 files), and passes axe', async () => {
    const { view } = await render();
    expect(screen.getByRole('heading', { level: 1, name: 'Upload the seller’s offer for the leased asset' })).toBeTruthy();
    expect(screen.getByText('The bank buys the asset from the seller and leases it to the company, so we need the seller’s offer.')).toBeTruthy();
    expect(screen.getByText('PDF, ASICE, BDOC, EDOC, JPG, JPEG, PNG; up to 5 MB each and 10 files.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('sends each file as a sale offer, and lists only the sale offers already uploaded', async () => {
    const purposes: string[] = [];
    await render({
      io: {
        listDocuments: async () => [stored('statement.pdf', 'BANK_STATEMENT'), stored('dealer-offer.pdf', 'SALE_OFFER')],
        uploadDocument: async (input) => {
          purposes.push(input.purpose);
          return stored(input.file.name, input.purpose);
        },
      },
    });
    expect(rows().map((item) => item.textContent)).toEqual([expect.stringContaining('dealer-offer.pdf')]);
    fireEvent.change(fileInput(), { target: { files: [pdf('invoice.pdf')] } });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(within(rows()[1]!).getByText('Uploaded')).toBeTruthy());
    expect(purposes).toEqual(['SALE_OFFER']);
  });

  it('flags a file over 5 MB, an empty file, a duplicate and an eleventh file, and sends none of them', async () => {
    const sent: string[] = [];
    await render({
      io: {
        uploadDocument: async (input) => {
          sent.push(input.file.name);
          return stored(input.file.name, input.purpose);
        },
      },
    });
    const nine = Array.from({ length: 9 }, (_, index) => pdf(`offer-${index + 1}.pdf`));
    fireEvent.change(fileInput(), { target: { files: [pdf('too-large.pdf', 5 * MIB + 1), pdf('empty.pdf', 0), pdf('offer-1.pdf'), ...nine.slice(1)] } });
    await waitFor(() => expect(sent).toHaveLength(9));
    expect(within(screen.getByRole('list', { name: 'Files not uploaded' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'too-large.pdfThe file is too large. Upload a smaller file',
      'empty.pdfThe file is empty. Upload a file with content',
    ]);
    fireEvent.change(fileInput(), { target: { files: [pdf('offer-1.pdf'), pdf('exactly-5-mb.pdf', 5 * MIB), pdf('eleventh.pdf')] } });
    await waitFor(() => expect(sent).toHaveLength(10));
    // Decision 193: refused files leave the list; the reasons of the last files added are shown apart.
    const refused = () => within(screen.getByRole('list', { name: 'Files not uploaded' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(refused()).toEqual(['offer-1.pdfThis file has already been added', 'eleventh.pdfYou have added the maximum number of files. Remove a file to add another']);
    expect(rows().map((item) => item.textContent).filter((text) => text?.includes('offer-1.pdf'))).toHaveLength(1);
    expect(rows()).toHaveLength(10);
    expect(sent).toEqual([...nine.map((file) => file.name), 'exactly-5-mb.pdf']);
  });

  it('does not go on without a document, and says what to upload', async () => {
    const { user, submitted } = await render();
    await user.click(continueButton());
    expect(await screen.findByRole('link', { name: 'Upload the seller’s offer for the leased asset' })).toBeTruthy();
    expect(submitted).toHaveLength(0);
  });

  it('goes on once the seller’s offer is uploaded', async () => {
    const { user, submitted } = await render();
    fireEvent.change(fileInput(), { target: { files: [pdf('offer.pdf')] } });
    await waitFor(() => expect(within(rows()[0]!).getByText('Uploaded')).toBeTruthy());
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission).toMatchObject({ taskDefinitionKey: KEY, application: { applicationUpdates: {}, personUpdates: [] } });
  });

  it.each([
    ['et', 'Laadige üles müüja pakkumine liisitava vara kohta'],
    ['lv', 'Augšupielādējiet pārdevēja piedāvājumu līzingā ņemamajam aktīvam'],
    ['lt', 'Įkelkite pardavėjo pasiūlymą dėl lizinguojamo turto'],
    ['ru', 'Загрузите предложение продавца по предмету лизинга'],
  ] as const)('speaks %s', async (locale, heading) => {
    await expectStepSpeaks(KEY, locale, heading, { domain: 'corporate-banking', task: LEASING, config: { allowedLocales: ['et', 'lv', 'lt', 'ru', 'en'] } });
  });
});
