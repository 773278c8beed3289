import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InstitutionList } from '../../../core/wire/open-banking.schema';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { SANDBOX_INSTITUTIONS, expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'provideBasViaOpenBanking';
const TASK = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });
const search = () => screen.getByLabelText('Find your bank') as HTMLInputElement;
const banks = () => within(screen.getByRole('list', { name: 'Banks' })).getAllByRole('button');
const ENROLLED: InstitutionList = {
  ...SANDBOX_INSTITUTIONS,
  enrolled: [{ id: 'LUMINOR_LV', name: 'Luminor', bic: 'RIKOLV2X', countryCode: 'LV', logo: 'data:image/svg+xml;base64,', accounts: [{ iban: 'LV12RIKO0000000000001', id: 'l-1' }] }],
  lastConsent: { institutionId: 'LUMINOR_LV', status: 'APPROVED' },
};

async function render(options: Parameters<typeof renderStep>[1] = {}) {
  const rendered = await renderStep(KEY, { domain: 'retail-banking-lv', task: TASK, ...options });
  await screen.findByRole('heading', { level: 1, name: 'Share your bank statements' });
  return rendered;
}

describe('ProvideBasViaOpenBanking', () => {
  it('lists the banks with their logos and BIC, filtered as the person types, and passes axe', async () => {
    const { view } = await render();
    await screen.findByLabelText('Find your bank');
    expect(banks().map((button) => button.textContent)).toEqual(['CitadelePARXLV22', 'SwedbankHABALV22']);
    expect(view.container.querySelectorAll('img[alt=""]')).toHaveLength(2);
    fireEvent.change(search(), { target: { value: 'swed' } });
    expect(banks().map((button) => button.textContent)).toEqual(['SwedbankHABALV22']);
    expect(screen.getByText('Banks found: 1')).toBeTruthy();
    fireEvent.change(search(), { target: { value: 'nothing like it' } });
    expect(screen.getByText('No bank matches your search.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('choosing a bank by keyboard sends the browser to its consent page, in the language of the page', async () => {
    const asked: unknown[] = [];
    const { redirected, user } = await render({ io: { selectInstitution: async (input) => (asked.push(input), { redirectUrl: 'http://127.0.0.1:41234/psd2/sca/6f1c2b0e-auth-c1' }) } });
    const citadele = (await screen.findAllByRole('button', { name: /Citadele/ }))[0]!;
    citadele.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(redirected).toEqual(['http://127.0.0.1:41234/psd2/sca/6f1c2b0e-auth-c1']));
    expect(asked).toEqual([{ externalId: TASK.externalId, institutionId: 'CITADELE_LV', userLanguage: 'en' }]);
  });

  it('without a bank that shared statements, Continue shows the error summary and sends nothing; no upload is named where none is offered', async () => {
    const { submitted } = await render();
    await screen.findByLabelText('Find your bank');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = (await screen.findByRole('heading', { name: 'There is a problem' })).closest('.solis-error-summary') as HTMLElement;
    expect(document.activeElement).toBe(summary);
    expect(within(summary).getByRole('link', { name: 'Choose a bank and give your consent there' })).toBeTruthy();
    expect(screen.queryByText(/upload/i)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload statements yourself instead' })).toBeNull();
    expect(submitted).toEqual([]);
  });

  it('where the manual upload is offered, the same error names it beside its button (issue 26 item 5)', async () => {
    await render({ config: { features: { manualBankStatementUpload: true } } });
    await screen.findByLabelText('Find your bank');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = (await screen.findByRole('heading', { name: 'There is a problem' })).closest('.solis-error-summary') as HTMLElement;
    expect(within(summary).getByRole('link', { name: 'Choose a bank and give your consent there, or upload your statements yourself' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload statements yourself instead' })).toBeTruthy();
  });

  it('shows the banks that shared statements with the consent reference, and goes on with them', async () => {
    const { submitted } = await render({ io: { listInstitutions: async () => ENROLLED, consentReference: async () => ({ reference: 'CONSENT-ABC123' }) } });
    expect(await screen.findByText('Consent reference: CONSENT-ABC123')).toBeTruthy();
    expect(screen.getByText(/Luminor: LV12RIKO0000000000001/)).toBeTruthy();
    expect(screen.getByText('Your bank has shared your statements.')).toBeTruthy();
    expect(screen.getByLabelText('Add another bank')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ submission: { taskDefinitionKey: KEY, variables: { uploadBasManually: false } } });
  });

  it.each([
    ['REFUSED', 'You did not give your consent in your bank, so we did not receive your statements.'],
    ['CANCELLED', 'You cancelled the consent in your bank, so we did not receive your statements.'],
    ['TIMED_OUT', 'The consent in your bank timed out, so we did not receive your statements.'],
  ] as const)('after a %s consent says so and lets the person choose again', async (status, message) => {
    await render({ io: { listInstitutions: async () => ({ ...SANDBOX_INSTITUTIONS, lastConsent: { institutionId: 'CITADELE_LV', status }, failedAttempts: 1 }) } });
    expect(await screen.findByText(message, { exact: false })).toBeTruthy();
    expect(banks()).toHaveLength(2);
  });

  it('offers the manual upload only behind its flag, and says when the bank allows no more attempts', async () => {
    const exhausted = async () => ({ ...SANDBOX_INSTITUTIONS, lastConsent: { institutionId: 'CITADELE_LV', status: 'REFUSED' as const }, failedAttempts: 5 });
    const { submitted, view } = await render({ io: { listInstitutions: exhausted }, config: { features: { manualBankStatementUpload: true } } });
    expect(await screen.findByText('Your bank allows no more attempts to give consent for this application.', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Banks' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload statements yourself instead' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ submission: { taskDefinitionKey: KEY, variables: { uploadBasManually: true } } });
    await expectNoAxeViolations(view.container);
  });

  it('where open banking is not offered (production without an aggregator), says so and offers the manual upload, flag or not', async () => {
    const empty = async () => ({ ...SANDBOX_INSTITUTIONS, available: [] });
    const providers = { smartId: false, mobileId: false, eparaksts: false, bankPayment: [], openBanking: false, remoteIdentification: false, login: false };
    const { submitted, view } = await render({ io: { listInstitutions: empty }, config: { providers } });
    expect(await screen.findByText(/Sharing them through your bank is not available here, so please upload them yourself\./)).toBeTruthy();
    expect(screen.queryByLabelText('Find your bank')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload statements yourself instead' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ submission: { taskDefinitionKey: KEY, variables: { uploadBasManually: true } } });
    await expectNoAxeViolations(view.container);
  });

  it("a list that cannot be loaded is emptied and goes to the application's error handler (section 8); Try again there shows the step afresh", async () => {
    let calls = 0;
    let failFirst: (error: unknown) => void = () => undefined;
    const { actor } = await render({
      config: {},
      io: {
        listInstitutions: () => {
          calls += 1;
          if (calls === 1) return new Promise<InstitutionList>((_, reject) => (failFirst = reject));
          return Promise.resolve(SANDBOX_INSTITUTIONS);
        },
      },
    });
    expect(screen.getByText('Loading the list of banks…')).toBeTruthy();
    failFirst({ kind: 'network', message: 'offline' });
    await waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ error: { kind: 'network' }, failedWhile: 'step' });
    // The common error handler's recovery: the application is continued and the step loaded again.
    actor.send({ type: 'app.retried' });
    await waitFor(() => expect(actor.getSnapshot().matches('step')).toBe(true));
    await waitFor(() => expect(calls).toBe(2));
  });

  it.each([
    ['lv', 'Kopīgojiet savus bankas konta izrakstus'],
    ['ru', 'Предоставьте выписки по Вашему банковскому счёту'],
  ] as const)('speaks %s', async (locale, heading) => {
    await expectStepSpeaks(KEY, locale, heading, { domain: 'retail-banking-lv', task: TASK });
  });

  it.each([
    ['et', 'Jagage oma pangakonto väljavõtteid'],
    ['lt', 'Pateikite savo banko sąskaitos išrašus'],
  ] as const)('speaks %s', async (locale, heading) => {
    await expectStepSpeaks(KEY, locale, heading, { domain: locale === 'et' ? 'retail-banking-ee' : 'retail-banking-lt', task: TASK });
  });
});
