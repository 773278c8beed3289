import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../../machines/application/application.actors';
import type { RemoteIdentificationState } from '../../../core/wire/identity.schema';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, renderStep } from '../../../tests/support/render-step';
import { ssoHref } from './view';

function applicant(authenticated: boolean): Partial<TaskResponse> {
  return {
    application: {
      externalId: 'app-1',
      businessDomain: 'retail-banking-ee',
      currency: 'EUR',
      creditConditions: { productName: 'CURRENT_ACCOUNT', loanAmount: null, loanPeriod: null },
      source: null,
      relatedPersons: { persons: [{ id: 'p-1', role: 'APPLICANT', languageCode: 'eng', authentication: { isAuthenticated: authenticated } }], relations: [] },
    } as TaskResponse['application'],
  };
}

const remote = (state: Partial<RemoteIdentificationState>) => async (): Promise<RemoteIdentificationState> => ({ status: 'NO_STATUS', enabled: true, identified: false, available: true, ...state });

describe('IdentifyCustomer', () => {
  it('offers the country’s login methods; a method opens the authentication modal, which leads to the login service and back', async () => {
    const { view, user } = await renderStep('identifyCustomer', { task: applicant(false) });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your identity' })).toBeTruthy();
    const methods = within(screen.getByRole('list', { name: 'Choose how to log in' })).getAllByRole('button').map((button) => button.textContent);
    expect(methods).toEqual(['Smart-ID', 'Mobile-ID', 'ID card']);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await expectNoAxeViolations(view.container);

    await user.click(screen.getByRole('button', { name: 'Mobile-ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in with Mobile-ID' });
    const link = within(dialog).getByRole('link', { name: 'Continue to log in' });
    const target = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(target.pathname).toBe('/auth/public-sso');
    expect(target.searchParams.get('method')).toBe('MOBILE_ID');
    expect(target.searchParams.get('language')).toBe('en');
    expect(target.searchParams.get('originalUrl')).toBe(`${window.location.origin}/?externalId=app-1&lang=en`);
    await expectNoAxeViolations(document.body);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mobile-ID' }));
  });

  it('Escape closes the authentication modal', async () => {
    const { user } = await renderStep('identifyCustomer', { task: applicant(false) });
    await user.click(screen.getByRole('button', { name: 'Smart-ID' }));
    await screen.findByRole('dialog', { name: 'Log in with Smart-ID' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['retail-banking-lv', ['Smart-ID', 'ID card', 'Internet bank']],
    ['retail-banking-lt', ['Smart-ID', 'Mobile-ID', 'ID card']],
  ] as const)('%s offers its own methods', async (domain, expected) => {
    await renderStep('identifyCustomer', { domain, task: { ...applicant(false), application: { ...applicant(false).application!, businessDomain: domain } } });
    expect(within(screen.getByRole('list', { name: 'Choose how to log in' })).getAllByRole('button').map((button) => button.textContent)).toEqual(expected);
  });

  it('a logged-in applicant whom the bank does not ask to identify remotely goes on', async () => {
    const step = await renderStep('identifyCustomer', { task: applicant(true) });
    expect(screen.getByText('You have logged in.')).toBeTruthy();
    await step.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(step.submitted).toHaveLength(1));
    expect(step.submitted[0]?.submission.taskDefinitionKey).toBe('identifyCustomer');
  });

  it('remote identification required: Continue opens the modal; starting sends the browser to the provider', async () => {
    const step = await renderStep('identifyCustomer', { task: applicant(true), io: { loadRemoteIdentification: remote({}) } });
    expect(await screen.findByText(/We also need to identify you remotely/)).toBeTruthy();
    await step.user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Identify yourself remotely' });
    expect(step.submitted).toHaveLength(0);
    await expectNoAxeViolations(document.body);
    await step.user.click(within(dialog).getByRole('button', { name: 'Start identification' }));
    await waitFor(() => expect(step.redirected).toEqual(['http://localhost/sandbox/remote-identification?reference=r']));
  });

  it('a technical error when starting shows the error and a try again that starts again', async () => {
    let attempts = 0;
    const step = await renderStep('identifyCustomer', {
      task: applicant(true),
      io: {
        loadRemoteIdentification: remote({}),
        startRemoteIdentification: async () => {
          attempts += 1;
          if (attempts === 1) throw { kind: 'server', message: 'down', status: 503 };
          return { redirectUrl: 'http://localhost/sandbox/remote-identification?reference=r2' };
        },
      },
    });
    await step.user.click(await screen.findByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Identify yourself remotely' });
    await step.user.click(within(dialog).getByRole('button', { name: 'Start identification' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'The identification could not be started because of a technical error. Please try again.');
    await expectNoAxeViolations(document.body);
    await step.user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(step.redirected).toEqual(['http://localhost/sandbox/remote-identification?reference=r2']));
  });

  it('asked for while no provider is configured: says so, keeps the application, offers no way on (decision 171)', async () => {
    const step = await renderStep('identifyCustomer', { task: applicant(true), io: { loadRemoteIdentification: remote({ available: false }) } });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'We cannot identify you remotely at the moment, so your application cannot go on yet. What you have entered is kept: please come back later, or contact us.',
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(step.submitted).toHaveLength(0);
    await expectNoAxeViolations(document.body);
  });

  it('completed before: says the identity is verified and goes on', async () => {
    const step = await renderStep('identifyCustomer', { task: applicant(true), io: { loadRemoteIdentification: remote({ status: 'COMPLETED_OK' }) } });
    expect(await screen.findByText('Your identity has been verified.')).toBeTruthy();
    await step.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(step.submitted).toHaveLength(1));
  });

  it('back from the login service as someone other than the applicant, says so and offers the methods again', async () => {
    window.history.replaceState(null, '', '/?externalId=app-1&ssoResult=mismatch');
    try {
      await renderStep('identifyCustomer', { task: applicant(false) });
      expect(screen.getByRole('alert').textContent).toBe('You logged in as someone other than the applicant. Only the applicant can continue this application: log in with your own details.');
      expect(screen.getByRole('list', { name: 'Choose how to log in' })).toBeTruthy();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('where the bank’s login service is not configured (production), offers no method and says so', async () => {
    const providers = { smartId: false, mobileId: false, eparaksts: false, bankPayment: [], openBanking: false, remoteIdentification: false, login: false };
    const { view } = await renderStep('identifyCustomer', { task: applicant(false), config: { providers } });
    expect(screen.getByText('Logging in is not available at the moment, so the application cannot continue online. Please contact the bank.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Choose how to log in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('builds the login service address with the return address, the method and the language', () => {
    const href = new URL(ssoHref('ID_CARD', 'ru', 'ext 1', 'https://bank.example'), 'https://bank.example');
    expect(Object.fromEntries(href.searchParams)).toEqual({ originalUrl: 'https://bank.example/?externalId=ext+1&lang=ru', method: 'ID_CARD', language: 'ru' });
  });

  it.each([
    ['et', 'Kinnitage oma isik'],
    ['lv', 'Apstipriniet savu identitāti'],
    ['lt', 'Patvirtinkite savo tapatybę'],
    ['ru', 'Подтвердите свою личность'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks('identifyCustomer', locale, heading, { task: applicant(false) }));

  it.each([
    ['et', 'Tuvastage end kaugelt', 'Kinnitage oma isik'],
    ['lv', 'Identificējieties attālināti', 'Apstipriniet savu identitāti'],
    ['lt', 'Nustatykite savo tapatybę nuotoliniu būdu', 'Patvirtinkite savo tapatybę'],
    ['ru', 'Пройдите удалённую идентификацию', 'Подтвердите свою личность'],
  ] as const)('the remote identification modal speaks %s and passes axe', async (locale, title, heading) => {
    const step = await renderStep('identifyCustomer', { locale, task: applicant(true), io: { loadRemoteIdentification: remote({}) } });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    const submit = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (!button) throw new Error('no submit button yet');
      return button;
    });
    await step.user.click(submit);
    expect(await screen.findByRole('dialog', { name: title })).toBeTruthy();
    await expectNoAxeViolations(document.body);
  });
});
