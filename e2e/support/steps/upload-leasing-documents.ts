import { expect, type Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit } from '../step-kit';

/** A small real PDF (its signature is checked against its type on the server). */
export function pdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** UploadLeasingDocuments (src/steps/uploadLeasingDocuments): the seller's offer, SALE_OFFER (issue 24). */
export function uploadLeasingDocumentsStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('Upload the seller’s offer for the leased asset'),
    input: page.getByLabel(kit.tx('Documents of the leased asset'), { exact: true }),
    /** Uploads the seller's offer and waits until the server has it. */
    async upload(fileName: string) {
      await this.input.setInputFiles([{ name: fileName, mimeType: 'application/pdf', buffer: pdf(`the seller's offer ${fileName}`) }]);
      const files = page.getByRole('list', { name: kit.tx('Your files') }).getByRole('listitem');
      await expect(files.filter({ hasText: fileName })).toContainText(kit.tx('Uploaded'), { timeout: 15_000 });
    },
  };
}
