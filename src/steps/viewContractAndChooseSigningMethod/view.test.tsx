import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DownloadDocumentInput } from '../../../machines/document-download/document-download.machine';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { SAMPLE_CONTRACT, expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const task = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, decision: { outcome: 'POSITIVE' } });
const question = () => screen.getByRole('group', { name: 'How would you like to sign the contract?' });
const downloadButton = () => screen.getByRole('button', { name: 'Download the contract (PDF)' });
const NETWORK: AppError = { kind: 'network', message: 'offline' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ViewContractAndChooseSigningMethod', () => {
  it('shows the contract’s main terms as the PDF states them, and passes axe', async () => {
    const { view } = await renderStep('viewContractAndChooseSigningMethod', { task });
    expect(screen.getByRole('heading', { level: 1, name: 'Your contract' })).toBeTruthy();
    const terms = await screen.findByRole('region', { name: 'Main terms of the contract' });
    const row = (key: string) => within(terms).getByText(key).closest('.solis-summary-list__row')?.querySelector('dd')?.textContent;
    expect(row('Loan type')).toBe('Small loan');
    expect(row('Loan amount')).toBe('€5,000');
    expect(row('Loan period')).toBe('36 months');
    expect(row('Annual interest rate')).toBe('12.9%');
    expect(row('Annual percentage rate of charge (APR)')).toBe('15.37%');
    expect(row('Contract fee')).toBe('€75');
    expect(row('Monthly administration fee')).toBe('€3.50');
    expect(row('Monthly payment')).toBe('€171.23');
    expect(row('Monthly payment day')).toBe('20');
    expect(row('First payment')).toBe('20 December 2026');
    expect(row('Last payment')).toBe('20 November 2029');
    expect(row('Paid out to your account')).toBe('€4,925');
    expect(row('Total amount to repay')).toBe('€6,239.28');
    expect(row('Expected signing date')).toBe('26 November 2026');
    const radios = within(question()).getAllByRole('radio').map((radio) => radio.closest('.solis-radio')?.textContent);
    expect(radios).toEqual(['Smart-ID', 'Mobile-ID']);
    expect(document.title).toBe('Your contract – Solis');
    await expectNoAxeViolations(view.container);
  });

  it('offers the ways to sign of the country: eParaksts, payment and post in Latvia with their flags', async () => {
    await renderStep('viewContractAndChooseSigningMethod', {
      task,
      domain: 'retail-banking-lv',
      config: { features: { eParakstsSigning: true, paymentSigning: true } },
    });
    await screen.findByRole('region', { name: 'Main terms of the contract' });
    const radios = within(question()).getAllByRole('radio').map((radio) => radio.closest('.solis-radio')?.textContent);
    expect(radios).toEqual(['Smart-ID', 'eParaksts mobile', 'eParaksts with an ID card', 'A payment from your bank account', 'At a post office']);
  });

  it('offers only the store when the partner does not let its customers sign digitally (decision 189), and passes axe', async () => {
    const partnerTask = referencedTask({
      creditConditions: { productName: 'COMP_HIRE_PURCHASE', loanAmount: 900, loanPeriod: 12 },
      decision: { outcome: 'POSITIVE' },
      source: { channel: 'PARTNER_HOSTED_FLOW', partner: { id: 'partner-elektroonika', regCode: '10000002' } },
    } as Parameters<typeof referencedTask>[0]);
    const { view } = await renderStep('viewContractAndChooseSigningMethod', {
      task: partnerTask,
      io: { contractDetails: async () => ({ ...SAMPLE_CONTRACT, signingChoices: ['PARTNER_STORE'], digitalSigning: false, sourceChannel: 'PARTNER_HOSTED_FLOW' }) },
    });
    await screen.findByRole('region', { name: 'Main terms of the contract' });
    const radios = within(question()).getAllByRole('radio').map((radio) => radio.closest('.solis-radio')?.textContent);
    expect(radios).toEqual(['At the store where you are buying']);
    await expectNoAxeViolations(view.container);
  });

  it('offers Smart-ID and Mobile-ID beside the store for a partner that allows digital signing', async () => {
    const partnerTask = referencedTask({
      creditConditions: { productName: 'CAR_HIRE_PURCHASE', loanAmount: 9000, loanPeriod: 36 },
      decision: { outcome: 'POSITIVE' },
      source: { channel: 'PARTNER_LANDING_PAGE', partner: { id: 'partner-autoplaza', regCode: '10000001' } },
    } as Parameters<typeof referencedTask>[0]);
    await renderStep('viewContractAndChooseSigningMethod', {
      task: partnerTask,
      io: { contractDetails: async () => ({ ...SAMPLE_CONTRACT, signingChoices: ['SMART_ID', 'MOBILE_SIGNATURE', 'PARTNER_STORE'], digitalSigning: true, sourceChannel: 'PARTNER_LANDING_PAGE' }) },
    });
    await screen.findByRole('region', { name: 'Main terms of the contract' });
    const radios = within(question()).getAllByRole('radio').map((radio) => radio.closest('.solis-radio')?.textContent);
    expect(radios).toEqual(['Smart-ID', 'Mobile-ID', 'At the store where you are buying']);
  });

  it('offers no payment when a credit card contract is signed beside the loan’s: one payment signs one contract', async () => {
    const card = { productName: 'CREDIT_CARD_VISA_CLASSIC', amount: 1500, cardIssuingFee: 10, fileServiceId: '3c9d2f5e-1b7a-4c8e-9f60-2a4b6d8e0c13', signed: false };
    await renderStep('viewContractAndChooseSigningMethod', {
      task,
      domain: 'retail-banking-lv',
      config: { features: { eParakstsSigning: true, paymentSigning: true } },
      io: { contractDetails: async () => ({ ...SAMPLE_CONTRACT, contractsInfo: [...SAMPLE_CONTRACT.contractsInfo, card] }) },
    });
    await screen.findByRole('region', { name: 'Main terms of the contract' });
    const radios = within(question()).getAllByRole('radio').map((radio) => radio.closest('.solis-radio')?.textContent);
    expect(radios).toEqual(['Smart-ID', 'eParaksts mobile', 'eParaksts with an ID card', 'At a post office']);
  });

  it('says what to do when no way to sign was chosen, and sends nothing', async () => {
    const { user, submitted } = await renderStep('viewContractAndChooseSigningMethod', { task });
    await screen.findByRole('region', { name: 'Main terms of the contract' });
    await user.click(screen.getByRole('button', { name: 'Continue to signing' }));
    const summary = (await screen.findByRole('heading', { name: 'There is a problem' })).closest('.solis-error-summary') as HTMLElement;
    expect(within(summary).getByRole('link', { name: 'Select how you would like to sign the contract' })).toBeTruthy();
    expect(submitted).toHaveLength(0);
  });

  it('sends the chosen way to sign as the step’s answer', async () => {
    const { user, submitted } = await renderStep('viewContractAndChooseSigningMethod', { task });
    await screen.findByRole('region', { name: 'Main terms of the contract' });
    await user.click(within(question()).getByRole('radio', { name: 'Mobile-ID' }));
    await user.click(screen.getByRole('button', { name: 'Continue to signing' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]!.submission).toMatchObject({ taskDefinitionKey: 'viewContractAndChooseSigningMethod', application: { customData: { signingMethod: 'MOBILE_SIGNATURE' } } });
  });

  it('downloads the contract by its id, says so while it comes and once it came', async () => {
    const pending = deferred<void>();
    const { user, downloads } = await renderStep('viewContractAndChooseSigningMethod', { task, io: { downloadDocument: () => pending.promise } });
    await screen.findByRole('region', { name: 'Main terms of the contract' });
    await user.click(downloadButton());
    expect(downloads).toEqual<DownloadDocumentInput[]>([{ externalId: task.externalId!, document: { kind: 'contract', fileServiceId: SAMPLE_CONTRACT.fileServiceId } }]);
    expect(await screen.findByText('Preparing the document for download…')).toBeTruthy();
    expect(downloadButton().getAttribute('aria-disabled')).toBe('true');
    await user.click(downloadButton());
    expect(downloads).toHaveLength(1);
    pending.resolve();
    expect(await screen.findByText('The document has been downloaded. Look for it in your browser’s downloads.')).toBeTruthy();
  });

  it('says a failed download with Try again, which downloads again; the choice made is kept', async () => {
    let attempts = 0;
    const { user, downloads, view } = await renderStep('viewContractAndChooseSigningMethod', {
      task,
      io: {
        downloadDocument: async () => {
          attempts += 1;
          if (attempts === 1) throw NETWORK;
        },
      },
    });
    await screen.findByRole('region', { name: 'Main terms of the contract' });
    await user.click(within(question()).getByRole('radio', { name: 'Smart-ID' }));
    await user.click(downloadButton());
    const alert = (await screen.findByRole('button', { name: 'Try again' })).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('We could not download the document just now. Nothing on this page has been lost; please try again.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The document has been downloaded. Look for it in your browser’s downloads.')).toBeTruthy();
    expect(downloads).toHaveLength(2);
    expect((within(question()).getByRole('radio', { name: 'Smart-ID' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says when the contract could not be loaded, and loads it again on request', async () => {
    let attempts = 0;
    const { user } = await renderStep('viewContractAndChooseSigningMethod', {
      task,
      io: {
        contractDetails: async () => {
          attempts += 1;
          if (attempts === 1) throw NETWORK;
          return SAMPLE_CONTRACT;
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load your contract just now. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to signing' })).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Main terms of the contract' })).toBeTruthy();
  });

  it.each([
    ['et', 'Teie leping'],
    ['lv', 'Jūsu līgums'],
    ['lt', 'Jūsų sutartis'],
    ['ru', 'Ваш договор'],
  ] as const)('speaks %s', async (locale, heading) => {
    const domain = locale === 'lv' ? 'retail-banking-lv' : locale === 'lt' ? 'retail-banking-lt' : 'retail-banking-ee';
    await expectStepSpeaks('viewContractAndChooseSigningMethod', locale, heading, { task, domain });
    expect(await screen.findByRole('button', { name: { et: 'Laadi leping alla (PDF)', lv: 'Lejupielādēt līgumu (PDF)', lt: 'Atsisiųsti sutartį (PDF)', ru: 'Скачать договор (PDF)' }[locale] })).toBeTruthy();
  });
});
