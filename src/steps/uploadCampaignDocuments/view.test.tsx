import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UploadedDocument } from '../../../core/wire/document.schema';
import type { DocumentPurpose } from '../../../core/domain/documents';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'uploadCampaignDocuments';
const CAR_LOAN = referencedTask({ campaignCode: 'AUTO2026', creditConditions: { productName: 'CAR_LOAN', loanAmount: 8000, loanPeriod: 48 } });
const fileInput = () => screen.getByLabelText('Seller’s offer') as HTMLInputElement;
const stored = (name: string, purpose: DocumentPurpose): UploadedDocument => ({ documentId: `doc-${name}`, fileName: name, size: 2048, purpose });

async function render(options: Parameters<typeof renderStep>[1] = {}) {
  const rendered = await renderStep(KEY, { task: CAR_LOAN, ...options });
  await screen.findByLabelText('Seller’s offer');
  return rendered;
}

describe('UploadCampaignDocuments', () => {
  it("names the campaign and asks for the seller's offer, and passes axe", async () => {
    const { view } = await render();
    expect(screen.getByRole('heading', { level: 1, name: 'Upload the seller’s offer for the campaign' })).toBeTruthy();
    expect(screen.getByText('Your application has the campaign code AUTO2026. The campaign’s terms ask for the seller’s offer for what you are buying.')).toBeTruthy();
    expect(screen.getByText('Upload a price offer, invoice or sales contract in your name that shows the seller, what is sold and the price.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('sends each file as a sale offer, and lists only the sale offers already uploaded (not bank statements)', async () => {
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
    const list = () => within(screen.getByRole('list', { name: 'Your files' })).getAllByRole('listitem');
    expect(list().map((item) => item.textContent)).toEqual([expect.stringContaining('dealer-offer.pdf')]);
    fireEvent.change(fileInput(), { target: { files: [new File([new Uint8Array(64)], 'invoice.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(list()).toHaveLength(2));
    await waitFor(() => expect(within(list()[1]!).getByText('Uploaded')).toBeTruthy());
    expect(purposes).toEqual(['SALE_OFFER']);
  });

  it('says what to do when nothing is uploaded', async () => {
    const { user, submitted } = await render();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('link', { name: 'Upload the seller’s offer' })).toBeTruthy();
    expect(submitted).toHaveLength(0);
  });

  it('still asks when the code is not known to the page', async () => {
    await render({ task: referencedTask({ creditConditions: { productName: 'CAR_LOAN', loanAmount: 8000, loanPeriod: 48 } }) });
    expect(screen.getByText('Your application has a campaign code. The campaign’s terms ask for the seller’s offer for what you are buying.')).toBeTruthy();
  });

  it.each([
    ['et', 'Laadige üles müüja pakkumine kampaania jaoks'],
    ['lv', 'Augšupielādējiet pārdevēja piedāvājumu akcijai'],
    ['lt', 'Įkelkite pardavėjo pasiūlymą akcijai'],
    ['ru', 'Загрузите предложение продавца для акции'],
  ] as const)('speaks %s', async (locale, heading) => {
    await expectStepSpeaks(KEY, locale, heading, { task: CAR_LOAN });
  });
});
