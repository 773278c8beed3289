import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startOfDay, startOfMonth, subDays, subMonths } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { UploadedDocument } from '../../../core/wire/document.schema';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'uploadBankAccountStatementDocuments';
const pdf = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const fileInput = () => screen.getByLabelText('Bank statements') as HTMLInputElement;
const files = () => within(screen.getByRole('list', { name: 'Your files' })).getAllByRole('listitem');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
/** Decision 193: the files not taken, each with its reason, in an alert apart from "Your files". */
const notUploaded = () => within(screen.getByRole('list', { name: 'Files not uploaded' })).getAllByRole('listitem').map((item) => item.textContent);
const stored = (name: string): UploadedDocument => ({ documentId: `doc-${name}`, fileName: name, size: 2048, purpose: 'BANK_STATEMENT' });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const SMALL_LOAN = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });
const HOUSING_LOAN = referencedTask({ creditConditions: { productName: 'HOUSING_LOAN', loanAmount: 150000, loanPeriod: 300 } });
const day = (date: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);

/** The server refuses the file and tells the attempts left (decision 133). */
const refusedWith = (left: number) => async (): Promise<UploadedDocument> => {
  throw { kind: 'validation', message: 'no', fieldErrors: { file: ['validation.messages.fileContentMismatch'] }, details: { uploadAttemptsLeft: left } } satisfies AppError;
};

async function render(options: Parameters<typeof renderStep>[1] = {}) {
  const rendered = await renderStep(KEY, { task: SMALL_LOAN, ...options });
  await screen.findByLabelText('Bank statements');
  return rendered;
}

describe('UploadBankAccountStatementDocuments', () => {
  it('asks for the statements of the months the bank needs, and passes axe', async () => {
    const { view } = await render();
    expect(screen.getByRole('heading', { level: 1, name: 'Upload your bank statements' })).toBeTruthy();
    // Section 5: from the first day of the month four months back to yesterday.
    const today = startOfDay(new Date());
    expect(screen.getByText(new RegExp(`from ${day(startOfMonth(subMonths(today, 4)))} to ${day(subDays(today, 1))}\\.`))).toBeTruthy();
    expect(fileInput().multiple).toBe(true);
    expect(fileInput().accept).toBe('.pdf,.asice,.bdoc,.edoc,.jpg,.jpeg,.png');
    expect(screen.getByText('PDF, ASICE, BDOC, EDOC, JPG, JPEG, PNG; up to 20 MB each and 15 files.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('asks a housing loan applicant for three months', async () => {
    await render({ task: HOUSING_LOAN });
    const today = startOfDay(new Date());
    expect(screen.getByText(new RegExp(`from ${day(startOfMonth(subMonths(today, 3)))} to ${day(subDays(today, 1))}\\.`))).toBeTruthy();
  });

  it('shows the files already uploaded after a reload', async () => {
    await render({ io: { listDocuments: async () => [stored('march.pdf')] } });
    expect(files().map((item) => item.textContent)).toEqual([expect.stringContaining('march.pdf')]);
    expect(within(files()[0]!).getByText('Uploaded')).toBeTruthy();
  });

  it('sends each chosen file with its progress; a file the rules refuse leaves the list, its reason announced, and is never sent', async () => {
    const pending = deferred<UploadedDocument>();
    const sent: string[] = [];
    let progress: (fraction: number) => void = () => undefined;
    const { view } = await render({
      io: {
        uploadDocument: (input) => {
          sent.push(input.file.name);
          progress = input.onProgress;
          return pending.promise;
        },
      },
    });
    fireEvent.change(fileInput(), { target: { files: [pdf('march.pdf'), pdf('setup.exe')] } });
    await waitFor(() => expect(files()).toHaveLength(1));
    progress(0.4);
    expect(await screen.findByRole('progressbar', { name: 'Uploading march.pdf' })).toBeTruthy();
    expect(screen.getByText('40% uploaded')).toBeTruthy();
    // Issue 26 item 5: the refused file is not in "Your files"; its reason is in an alert, apart.
    expect(notUploaded()).toEqual(['setup.exeUpload a PDF, JPG, PNG, ASICE, BDOC or EDOC file']);
    expect(screen.getByRole('list', { name: 'Files not uploaded' }).closest('[role="alert"]')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Your files' })).queryByText('setup.exe')).toBeNull();
    await expectNoAxeViolations(view.container);
    pending.resolve(stored('march.pdf'));
    await waitFor(() => expect(within(files()[0]!).getByText('Uploaded')).toBeTruthy());
    expect(sent).toEqual(['march.pdf']);
    expect(screen.getByText('Files uploaded: 1 of 1')).toBeTruthy();
  });

  it('a file that fails to arrive is tried again on request, the others untouched', async () => {
    const attempts: string[] = [];
    let failing = true;
    const { user } = await render({
      io: {
        uploadDocument: async (input) => {
          attempts.push(input.file.name);
          if (input.file.name === 'march.pdf' && failing) throw { kind: 'network', message: 'offline' } satisfies AppError;
          return stored(input.file.name);
        },
      },
    });
    fireEvent.change(fileInput(), { target: { files: [pdf('march.pdf'), pdf('april.pdf', 4096)] } });
    await screen.findByText('This file could not be uploaded. Check your connection and try again.');
    await waitFor(() => expect(within(files()[1]!).getByText('Uploaded')).toBeTruthy());
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again march.pdf' }));
    await waitFor(() => expect(within(files()[0]!).getByText('Uploaded')).toBeTruthy());
    expect(attempts).toEqual(['march.pdf', 'april.pdf', 'march.pdf']);
  });

  it.each([
    ['too many uploads in the hour (429)', { kind: 'server', message: 'no', status: 429, code: 'RATE_LIMITED' }, 'You have uploaded many files in a short time. Please wait a while and try again.'],
    ['a step that takes no more files (409)', { kind: 'conflict', message: 'no', code: 'STEP_OUT_OF_ORDER' }, 'This step no longer takes files. Reload the page to see where your application is.'],
  ] satisfies [string, AppError, string][])('says why a file was not taken: %s (decision 179)', async (_what, error, text) => {
    await render({
      io: {
        uploadDocument: async () => {
          throw error;
        },
      },
    });
    fireEvent.change(fileInput(), { target: { files: [pdf('statement.pdf')] } });
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it("takes a file the server refuses (checked by content) out of the list and says why, uncounted", async () => {
    await render({
      io: {
        uploadDocument: async (input) => {
          if (input.file.name === 'statement.pdf') throw { kind: 'validation', message: 'no', fieldErrors: { file: ['validation.messages.fileContentMismatch'] } } satisfies AppError;
          return stored(input.file.name);
        },
      },
    });
    fireEvent.change(fileInput(), { target: { files: [pdf('statement.pdf'), pdf('april.pdf')] } });
    await waitFor(() => expect(notUploaded()).toEqual(["statement.pdfThe file's content does not match its type. Upload the original file"]));
    await waitFor(() => expect(screen.getByText('Files uploaded: 1 of 1')).toBeTruthy());
    expect(files().map((item) => item.textContent)).toEqual([expect.stringContaining('april.pdf')]);
  });

  it('draws the file field as a drop zone with a button in the page’s language: labelled, keyboard operable, files dropped are taken (issue 26 item 5)', async () => {
    const sent: string[] = [];
    const { user } = await render({ io: { uploadDocument: async (input) => (sent.push(input.file.name), stored(input.file.name)) } });
    // One control: the file input, named by the question and the button's words, in the tab order.
    expect(screen.getByLabelText('Choose files')).toBe(fileInput());
    expect(screen.getByText('Choose files').tagName).toBe('LABEL');
    await user.tab();
    while (document.activeElement !== fileInput() && document.activeElement !== document.body) await user.tab();
    expect(document.activeElement).toBe(fileInput());
    // The button opens the picker (a label of the input: a click on it is a click on the input).
    let opened = 0;
    fileInput().addEventListener('click', (event) => {
      opened += 1;
      event.preventDefault();
    });
    await user.click(screen.getByText('Choose files'));
    expect(opened).toBe(1);
    // Dropped on the zone.
    const zone = fileInput().closest('.solis-drop-zone') as HTMLElement;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone.className).toContain('solis-drop-zone--active');
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('dropped.pdf'), pdf('notes.txt')] } });
    await waitFor(() => expect(sent).toEqual(['dropped.pdf']));
    expect(zone.className).not.toContain('solis-drop-zone--active');
    expect(notUploaded()).toEqual(['notes.txtUpload a PDF, JPG, PNG, ASICE, BDOC or EDOC file']);
    await waitFor(() => expect(screen.getByText('Files uploaded: 1 of 1')).toBeTruthy());
  });

  it('removes an uploaded file on the server, and focus goes back to the file input', async () => {
    const removed: string[] = [];
    const { user } = await render({ io: { listDocuments: async () => [stored('march.pdf')], removeDocument: async (input) => removed.push(input.documentId) } });
    await user.click(screen.getByRole('button', { name: 'Remove march.pdf' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Your files' })).toBeNull());
    expect(removed).toEqual(['doc-march.pdf']);
    expect(document.activeElement).toBe(fileInput());
  });

  it('says what to do when nothing is uploaded, in the error summary with focus, and sends nothing', async () => {
    const { user, submitted } = await render();
    await user.click(continueButton());
    const summary = (await screen.findByRole('heading', { name: 'There is a problem' })).closest('.solis-error-summary') as HTMLElement;
    expect(document.activeElement).toBe(summary);
    await user.click(within(summary).getByRole('link', { name: 'Upload at least one bank statement' }));
    expect(document.activeElement).toBe(fileInput());
    expect(submitted).toHaveLength(0);
  });

  it('goes on once a file is uploaded', async () => {
    const { user, submitted } = await render({ io: { listDocuments: async () => [stored('march.pdf')] } });
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ submission: { taskDefinitionKey: KEY } });
  });

  it("tells a co-borrower to upload only their own statements (the co-borrower's variant)", async () => {
    const { view } = await render({ role: 'COBORROWER' });
    expect(screen.getByRole('heading', { level: 1, name: 'Upload your bank statements' })).toBeTruthy();
    expect(screen.getByText('Upload only your own statements. The main applicant uploads theirs, and neither of you sees the other’s files.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('does not tell the applicant about a co-borrower', async () => {
    await render();
    expect(screen.queryByText(/Upload only your own statements/)).toBeNull();
  });

  describe('the attempts left (decision 133)', () => {
    it('says how many attempts are left when the server refuses a file, in a status message', async () => {
      const { view } = await render({ io: { uploadDocument: refusedWith(3) } });
      fireEvent.change(fileInput(), { target: { files: [pdf('statement.pdf')] } });
      const notice = await screen.findByText(
        'A file was not accepted. You have 3 more attempts. If they fail too, the upload stops and a loan specialist will contact you.',
      );
      expect(notice.closest('[role="status"]')).toBeTruthy();
      await expectNoAxeViolations(view.container);
    });

    it('says it for the last attempt in the singular', async () => {
      await render({ io: { uploadDocument: refusedWith(1) } });
      fireEvent.change(fileInput(), { target: { files: [pdf('statement.pdf')] } });
      expect(
        await screen.findByText('A file was not accepted. You have 1 more attempt. If it fails too, the upload stops and a loan specialist will contact you.'),
      ).toBeTruthy();
    });

    it('says nothing of attempts before the server counts one (a refusal by the rules here is not sent)', async () => {
      await render();
      fireEvent.change(fileInput(), { target: { files: [pdf('setup.exe')] } });
      await waitFor(() => expect(notUploaded()).toHaveLength(1));
      expect(screen.queryByText(/more attempt/)).toBeNull();
    });
  });

  describe('going on without statements (decision 134)', () => {
    const skipButton = () => screen.getByRole('button', { name: 'Continue without statements' });

    it('asks to confirm in a dialog, by keyboard; Escape keeps the person on the step and sends nothing', async () => {
      const { user, submitted } = await render();
      skipButton().focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'Send your application without bank statements?' });
      expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Send your application without bank statements?' }));
      expect(within(dialog).getByText(/A loan specialist will review your application without them/)).toBeTruthy();
      await expectNoAxeViolations(document.body);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(document.activeElement).toBe(skipButton());
      expect(submitted).toHaveLength(0);
    });

    it('sends the step with the variable skipped once confirmed, with no file uploaded', async () => {
      const { user, submitted } = await render();
      await user.click(skipButton());
      const dialog = await screen.findByRole('dialog');
      await user.tab();
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Send without statements' }));
      await user.keyboard('{Enter}');
      await waitFor(() => expect(submitted).toHaveLength(1));
      expect(submitted[0]?.submission).toMatchObject({ taskDefinitionKey: KEY, variables: { skipped: true } });
    });

    it('Cancel closes the dialog and sends nothing', async () => {
      const { user, submitted } = await render();
      await user.click(skipButton());
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(submitted).toHaveLength(0);
    });

    it("shows the server's refusal, translated, in the error summary", async () => {
      const { user } = await render({
        io: {
          submit: async () => {
            throw { kind: 'validation', message: 'no', fieldErrors: { 'variables.skipped': ['validation.messages.uploadSkipNotAllowed'] } } satisfies AppError;
          },
        },
      });
      await user.click(skipButton());
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send without statements' }));
      const summary = (await screen.findByRole('heading', { name: 'There is a problem' })).closest('.solis-error-summary') as HTMLElement;
      expect(within(summary).getByText('This application cannot be sent without your bank statements. Please upload them')).toBeTruthy();
    });

    it.each([
      ['in Latvia', { domain: 'retail-banking-lv' as const }],
      ['for a housing loan', { task: HOUSING_LOAN }],
    ])('is not offered %s', async (_, options) => {
      await render(options);
      expect(screen.queryByRole('button', { name: 'Continue without statements' })).toBeNull();
    });

    it('speaks Estonian, the attempts left too', async () => {
      await renderStep(KEY, { task: SMALL_LOAN, locale: 'et', io: { uploadDocument: refusedWith(2) } });
      expect(await screen.findByRole('button', { name: 'Jätka ilma väljavõteteta' })).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Pangakonto väljavõtted'), { target: { files: [pdf('statement.pdf')] } });
      expect(await screen.findByText(/Teil on veel 2 katset/)).toBeTruthy();
      // Decision 193: the button and the reason of a file not taken, in Estonian too.
      expect(screen.getByLabelText('Valige failid')).toBeTruthy();
      const refused = within(screen.getByRole('list', { name: 'Üles laadimata failid' })).getByRole('listitem');
      expect(refused.textContent).toMatch(/^statement\.pdf/);
      expect(refused.textContent).not.toContain('validation.messages');
    });
  });

  it.each([
    ['et', 'Laadige üles oma pangakonto väljavõtted'],
    ['lv', 'Augšupielādējiet savus bankas konta izrakstus'],
    ['lt', 'Įkelkite savo banko sąskaitos išrašus'],
    ['ru', 'Загрузите выписки с Вашего банковского счёта'],
  ] as const)('speaks %s', async (locale, heading) => {
    await expectStepSpeaks(KEY, locale, heading, { task: SMALL_LOAN });
  });
});
