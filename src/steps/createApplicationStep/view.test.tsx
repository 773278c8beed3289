import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { type User, continueButton, summaryOf } from '../../../tests/support/step-queries';
import { renderStep, taskFor } from '../../../tests/support/render-step';
import { installModalDialogStandIn } from '../../../tests/support/modal-dialog';

installModalDialogStandIn();

const CODE = '38001085718';

async function fillValidApplicant(user: User) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), ' mari-liis ');
  await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'maasikas');
  await user.type(screen.getByRole('textbox', { name: /Personal code/ }), CODE);
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'mari.maasikas@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '5123 4567');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the processing of my personal data/ }));
}


function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * The create step as the applicant finds it after closing the calculator modal that opens with it
 * (section 2); the modal itself is tested below.
 */
async function openStep(options: Parameters<typeof renderStep>[1] = {}) {
  const step = await renderStep('createApplicationStep', options);
  const dialog = await screen.findByRole('dialog', { name: options.locale === 'et' ? 'Laenukalkulaator' : 'Loan calculator' });
  await step.user.click(within(dialog).getByRole('button', { name: options.locale === 'et' ? 'Loobu' : 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return step;
}

describe('CreateApplicationStep', () => {
  it('labels every field, gives each an autocomplete and input mode, and shows the monthly payment', async () => {
    const { view } = await openStep();
    expect(screen.getByRole('heading', { level: 1, name: 'Apply for a loan' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Loan type' }) as HTMLSelectElement).value).toBe('SMALL_LOAN');
    expect((screen.getByRole('textbox', { name: /Loan amount/ }) as HTMLInputElement).value).toBe('3000');
    expect((screen.getByRole('textbox', { name: /Loan period/ }) as HTMLInputElement).value).toBe('36');
    for (const input of view.container.querySelectorAll('input:not([type=checkbox]), select')) {
      expect(input.getAttribute('autocomplete'), input.getAttribute('name') ?? '').toBeTruthy();
      if (input.tagName === 'INPUT') expect(input.getAttribute('inputmode'), input.getAttribute('name') ?? '').toBeTruthy();
    }
    // The product data's rate and fees, calculated as the server does: 13.9 % and €3.50 a month.
    expect(await screen.findByText('€105.89')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('tells the applicant answers are saved as they type, with a link to the privacy notice', async () => {
    await openStep();
    expect(screen.getByText(/We save your answers as you type/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How we use your personal data' }).getAttribute('href')).toBe('https://www.solis.example/ee/en/privacy');
  });

  it('names the page in the document title, and starts it with "Error:" while the error summary shows', async () => {
    const { user } = await openStep();
    expect(document.title).toBe('Apply for a loan – Solis');
    await user.click(continueButton());
    await summaryOf();
    expect(document.title).toBe('Error: Apply for a loan – Solis');
  });

  it('refuses an empty form with a summary that takes focus and names each field in its own words', async () => {
    const { user, submitted } = await openStep();
    await user.click(continueButton());
    const summary = await summaryOf();
    await waitFor(() => expect(summary.contains(document.activeElement)).toBe(true));
    const links = within(summary).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual([
      'Enter your first name',
      'Enter your surname',
      'Enter your personal code',
      'Enter your e-mail address',
      'Enter your phone number',
      'Tick the box to agree before you continue',
    ]);
    // Never the generic words, and never the same words twice.
    expect(links).not.toContain('Fill in this field');
    expect(new Set(links).size).toBe(links.length);
    await user.click(within(summary).getAllByRole('link')[0] as HTMLElement);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /First name/ }));
    expect(submitted).toHaveLength(0);
  });

  it('says nothing about empty fields a keyboard user tabs through, and checks a field once it was changed', async () => {
    const { user } = await openStep();
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    await user.click(firstName);
    await user.tab();
    await user.tab();
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Enter your first name')).toBeNull();
    // Typed, then emptied: leaving it now says what is missing.
    await user.click(firstName);
    await user.type(firstName, 'M');
    await user.clear(firstName);
    await user.tab();
    await waitFor(() => expect(firstName.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter your first name')).toBeTruthy();
  });

  it('validates a format when the field is left and clears the error once it is fixed', async () => {
    const { user } = await openStep();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'mari@gmail.ee');
    await user.tab();
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    await user.clear(email);
    await user.type(email, 'mari@gmail.com');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).not.toBe('true'));
  });

  it('states the product bounds when the amount is outside them, keeping what was typed', async () => {
    const { user } = await openStep();
    const amount = screen.getByRole('textbox', { name: /Loan amount/ });
    await user.clear(amount);
    await user.type(amount, '15 000,01');
    await user.tab();
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter an amount from €500 to €15,000')).toBeTruthy();
    expect((amount as HTMLInputElement).value).toBe('15 000,01');
  });

  it.each([
    ['en', '10,000', 10000],
    ['en', '12,500.50', 12500.5],
    ['et', '10 000', 10000],
    ['et', '10.000', 10000],
    ['et', '4 500,50', 4500.5],
    ['et', '10.000,50', 10000.5],
  ] as const)('reads money typed as people type it in %s: %j is %d', async (locale, typed, value) => {
    const { user, submitted } = await openStep({ locale });
    const amount = screen.getByRole('textbox', { name: locale === 'en' ? /Loan amount/ : /Laenusumma/ });
    await user.clear(amount);
    await user.type(amount, typed);
    await user.type(screen.getByRole('textbox', { name: locale === 'en' ? 'First name' : 'Eesnimi' }), 'Mari');
    await user.type(screen.getByRole('textbox', { name: locale === 'en' ? 'Surname' : 'Perekonnanimi' }), 'Maasikas');
    await user.type(screen.getByRole('textbox', { name: locale === 'en' ? /Personal code/ : /Isikukood/ }), CODE);
    await user.type(screen.getByRole('textbox', { name: locale === 'en' ? 'E-mail' : 'E-post' }), 'mari@example.com');
    await user.type(screen.getByRole('textbox', { name: locale === 'en' ? 'Phone number' : 'Telefoninumber' }), '51234567');
    await user.click(screen.getAllByRole('checkbox')[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Continue' : 'Jätka' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toMatchObject({ creditConditions: { loanAmount: value } });
  });

  it('refuses more than two decimals rather than rounding', async () => {
    const { user } = await openStep({ locale: 'en' });
    const amount = screen.getByRole('textbox', { name: /Loan amount/ });
    await user.clear(amount);
    await user.type(amount, '5000.555');
    await user.tab();
    expect(await screen.findByText('Enter the amount with no more than 2 digits after the decimal point')).toBeTruthy();
  });

  it('names the countries in the country-code select and offers only codes the rules accept', async () => {
    await openStep();
    const select = screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement;
    const options = [...select.options].map((option) => option.textContent);
    expect(options[0]).toBe('Estonia (+372)');
    expect(options).toContain('Finland (+358)');
    // Estonian retail accepts 11 codes (section 5); France is not one of them.
    expect(options).toHaveLength(11);
    expect(options.some((option) => option?.includes('+33'))).toBe(false);
  });

  it('does not double a prefix typed with the number: "+358 40 123 4567" moves +358 into the select', async () => {
    const { user, submitted } = await openStep();
    await fillValidApplicant(user);
    const phone = screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '+358 40 123 4567');
    await user.tab();
    await waitFor(() => expect(phone.value).toBe('401234567'));
    expect((screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement).value).toBe('+358');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ declaredData: { phoneNumber: { code: '+358', number: '401234567' } } });
  });

  it('sends exactly the step payload: normalised names, parsed money, the applicant, the consents, the typed draft', async () => {
    const { user, actor, submitted } = await openStep();
    const amount = screen.getByRole('textbox', { name: /Loan amount/ });
    await user.clear(amount);
    await user.type(amount, '4,500.50');
    await fillValidApplicant(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    const [call] = submitted;
    expect(call?.externalId).toBe('app-1');
    const { draft, ...submission } = call?.submission ?? {};
    expect(submission).toEqual({
      taskDefinitionKey: 'createApplicationStep',
      version: 1,
      application: {
        applicationUpdates: {
          creditConditions: { productName: 'SMALL_LOAN', loanAmount: 4500.5, loanPeriod: 36, monthlyPaymentDay: 15 },
        },
        personUpdates: [
          {
            role: 'APPLICANT',
            languageCode: 'eng',
            personalCode: CODE,
            declaredData: {
              firstName: 'Mari-Liis',
              surname: 'Maasikas',
              email: 'mari.maasikas@example.com',
              phoneNumber: { code: '+372', number: '51234567' },
            },
            consents: { dataProcessing: true, marketing: false },
          },
        ],
        addRelations: [],
        customData: {},
      },
      variables: {},
    });
    // What was typed, as typed: kept as the step's draft so Back to it shows the answers.
    expect(draft).toMatchObject({ firstName: ' mari-liis ', loanAmount: '4,500.50' });
    await waitFor(() => expect(actor.getSnapshot().context.taskKey).toBe('viewThankYouPage'));
  });

  it('shows the server’s field errors on their fields and keeps everything typed', async () => {
    const rejection: AppError = {
      kind: 'validation',
      message: 'Invalid',
      fieldErrors: { 'personUpdates.0.declaredData.email': ['validation.messages.emailInvalid'] },
    };
    const { user } = await openStep({ io: { submit: async () => Promise.reject(rejection) } });
    await fillValidApplicant(user);
    await user.click(continueButton());
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect((email as HTMLInputElement).value).toBe('mari.maasikas@example.com');
    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe(' mari-liis ');
    expect(screen.getByText(/Some answers need correcting/)).toBeTruthy();
  });

  it('keeps the data and shows a retryable error on the button when the server fails', async () => {
    let answer: () => Promise<ReturnType<typeof taskFor>> = async () => Promise.reject({ kind: 'server', message: 'boom', status: 500 } satisfies AppError);
    const { user, submitted } = await openStep({ io: { submit: () => answer() } });
    await fillValidApplicant(user);
    await user.click(continueButton());
    expect(await screen.findByText(/Something went wrong on our side/)).toBeTruthy();
    answer = async () => taskFor('viewThankYouPage', 'retail-banking-ee', { version: 2, stepCount: 2 });
    await act(async () => {
      await user.click(continueButton());
    });
    await waitFor(() => expect(submitted).toHaveLength(2));
  });
});

describe('CreateApplicationStep: the personal code server check (sections 5 and 8)', () => {
  const personalCodeInput = () => screen.getByRole('textbox', { name: /Personal code/ }) as HTMLInputElement;

  it('asks the server once the local checks pass, says it is checking, then lets the applicant continue', async () => {
    const answer = deferred<{ valid: boolean }>();
    let server = () => answer.promise;
    const { user, checked, submitted } = await openStep({ io: { checkPersonalCode: () => server() } });
    const input = personalCodeInput();
    await user.type(input, '3800108571'); // 10 digits: the local check fails, the server is not asked
    await user.tab();
    expect(checked).toEqual([]);
    await user.click(input);
    await user.type(input, '8');
    await user.tab();
    expect(checked).toEqual([{ code: CODE, country: 'EE' }]);
    expect(await screen.findByText('Checking your personal code…')).toBeTruthy();
    expect(screen.getByText('Checking your personal code…').closest('[role="status"]')).toBeTruthy();
    answer.resolve({ valid: true });
    await waitFor(() => expect(screen.queryByText('Checking your personal code…')).toBeNull());
    expect(input.getAttribute('aria-invalid')).not.toBe('true');

    server = async () => ({ valid: true });
    await user.clear(input);
    await fillValidApplicant(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ personalCode: CODE });
    // Blur, then submit, the same code: the check knows its verdict and asks nothing more.
    expect(checked).toHaveLength(1);
  });

  it('shows "invalid" on the field and in the error summary, and sends nothing', async () => {
    let valid = false;
    const { user, checked, submitted } = await openStep({ io: { checkPersonalCode: async () => ({ valid }) } });
    await fillValidApplicant(user);
    const input = personalCodeInput();
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Check the personal code: it does not match a real personal code')).toBeTruthy();

    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getByRole('link', { name: /does not match a real personal code/ })).toBeTruthy();
    expect(submitted).toHaveLength(0);
    expect(input.value).toBe(CODE);

    // Another code is another question, and its answer replaces the error.
    valid = true;
    await user.clear(input);
    await user.type(input, '49403136526');
    await user.tab();
    await waitFor(() => expect(input.getAttribute('aria-invalid')).not.toBe('true'));
    expect(checked.map((call) => call.code)).toContain('49403136526');
  });

  it('blocks on a failed check, says it could not be made, offers to check again, and keeps what was typed', async () => {
    let server: () => Promise<{ valid: boolean }> = async () => {
      throw { kind: 'server', message: 'Too many personal code checks; try again shortly.', status: 429, code: 'RATE_LIMITED' } satisfies AppError;
    };
    const { user, submitted, checked } = await openStep({ io: { checkPersonalCode: () => server() } });
    await fillValidApplicant(user);
    const input = personalCodeInput();
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('We could not check the personal code just now. Try again')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();

    // Continuing asks again and, failing again, is refused.
    await user.click(continueButton());
    await summaryOf();
    expect(submitted).toHaveLength(0);
    expect(checked).toHaveLength(2);

    // The server is back: "Check again" asks, clears the error and returns focus to the field.
    const answer = deferred<{ valid: boolean }>();
    server = () => answer.promise;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Checking your personal code…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' }).getAttribute('aria-disabled')).toBe('true');
    answer.resolve({ valid: true });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull());
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input));

    // Nothing typed was lost.
    expect(input.value).toBe(CODE);
    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe(' mari-liis ');
    expect((screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).value).toBe('5123 4567');

    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(checked).toHaveLength(3);
  });

  it('shares one request between a check still in flight and the submit that follows it', async () => {
    const answer = deferred<{ valid: boolean }>();
    const { user, checked, submitted } = await openStep({ io: { checkPersonalCode: () => answer.promise } });
    await fillValidApplicant(user);
    await user.click(continueButton());
    expect(submitted).toHaveLength(0);
    answer.resolve({ valid: true });
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(checked).toHaveLength(1);
  });
});

describe('CreateApplicationStep: the marketing consent and what it means (section 2)', () => {
  const marketing = () => screen.getByRole('checkbox', { name: /I would like to receive offers and news from Solis/ }) as HTMLInputElement;
  const whatThisMeans = () => screen.getByRole('button', { name: /What this means/ });

  it('opens a dialog, named by its heading and with focus in it, that says what the consent covers', async () => {
    const { user, view } = await openStep();
    expect(whatThisMeans().getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(whatThisMeans());
    const dialog = screen.getByRole('dialog', { name: 'Offers and news from Solis' });
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Offers and news from Solis' }));
    for (const text of ['by e-mail', 'by text message (SMS)', 'by phone']) expect(within(dialog).getByText(text)).toBeTruthy();
    expect(within(dialog).getByText(/withdraw your consent at any time in self-service or by contacting us/)).toBeTruthy();
    expect(within(dialog).getByText(/not needed for this loan/)).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('"I agree" ticks the box, closes the dialog and returns focus; the submission carries the consent', async () => {
    const { user, submitted } = await openStep();
    expect(marketing().checked).toBe(false);
    await user.click(whatThisMeans());
    await user.click(screen.getByRole('button', { name: 'I agree' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(marketing().checked).toBe(true);
    expect(document.activeElement).toBe(whatThisMeans());
    await fillValidApplicant(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ consents: { dataProcessing: true, marketing: true } });
  });

  it('"No, thank you" unticks it, and Escape leaves it as it was', async () => {
    const { user, drafts } = await openStep({ task: {} });
    await user.click(marketing());
    expect(marketing().checked).toBe(true);
    await user.click(whatThisMeans());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(marketing().checked).toBe(true);
    expect(document.activeElement).toBe(whatThisMeans());
    await user.click(whatThisMeans());
    await user.click(screen.getByRole('button', { name: 'No, thank you' }));
    expect(marketing().checked).toBe(false);
    // The choice is typed data like any other: it reaches the draft.
    await waitFor(() => expect(drafts.at(-1)?.data).toMatchObject({ consentMarketing: false }), { timeout: 3000 });
  });
});

describe('CreateApplicationStep: the calculator modal (section 2)', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'Loan calculator' });

  it('opens with the step, with a slider and a typed input for amount and period, and the figures announced politely', async () => {
    const { view } = await renderStep('createApplicationStep');
    const modal = await screen.findByRole('dialog', { name: 'Loan calculator' });
    expect(within(modal).getByRole('slider', { name: 'Loan amount' }).getAttribute('aria-valuetext')).toBe('€3,000');
    expect((within(modal).getByRole('textbox', { name: 'Loan amount' }) as HTMLInputElement).value).toBe('3,000');
    expect((within(modal).getByRole('textbox', { name: 'Loan period (months)' }) as HTMLInputElement).value).toBe('36');
    const status = within(modal).getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(status.textContent).toMatch(/€105\.89 a month\. Annual percentage rate of charge \(APR\) \d/));
    expect(within(modal).getByText('Annual interest rate').nextElementSibling?.textContent).toBe('13.9%');
    expect(within(modal).getByText('Contract fee').nextElementSibling?.textContent).toBe('€60');
    expect(within(modal).getByText('Monthly administration fee').nextElementSibling?.textContent).toBe('€3.50');
    expect(within(modal).getByText(/^Representative example: a loan of €3,000 for 36 months at a fixed annual interest rate of 13.9%/)).toBeTruthy();
    await expectNoAxeViolations(view.container.ownerDocument.body);
  });

  it('applies amount and period to the step only with “Use these figures”; the rest of the form is untouched', async () => {
    const { user, drafts } = await renderStep('createApplicationStep');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Mari');
    const modal = await screen.findByRole('dialog', { name: 'Loan calculator' });
    const amount = within(modal).getByRole('textbox', { name: 'Loan amount' });
    await user.clear(amount);
    await user.type(amount, '5000');
    await user.clear(within(modal).getByRole('textbox', { name: 'Loan period (months)' }));
    await user.type(within(modal).getByRole('textbox', { name: 'Loan period (months)' }), '48');
    // Nothing reaches the step while the modal is open.
    expect((screen.getAllByRole('textbox', { name: /Loan amount/ })[0] as HTMLInputElement).value).toBe('3000');
    await user.click(within(modal).getByRole('button', { name: 'Use these figures' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: /Loan amount/ }) as HTMLInputElement).value).toBe('5,000');
    expect((screen.getByRole('textbox', { name: /Loan period/ }) as HTMLInputElement).value).toBe('48');
    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Mari');
    await waitFor(() => expect(drafts.at(-1)?.data).toMatchObject({ loanAmount: '5,000', loanPeriod: '48', firstName: 'Mari' }));
  });

  it('cancelling keeps the step’s values, and the button opens it again with them', async () => {
    const { user } = await renderStep('createApplicationStep');
    const modal = await screen.findByRole('dialog', { name: 'Loan calculator' });
    await user.clear(within(modal).getByRole('textbox', { name: 'Loan amount' }));
    await user.type(within(modal).getByRole('textbox', { name: 'Loan amount' }), '9000');
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: /Loan amount/ }) as HTMLInputElement).value).toBe('3000');
    // Focus goes where the applicant can open it again.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open the loan calculator' }));
    await user.clear(screen.getByRole('textbox', { name: /Loan amount/ }));
    await user.type(screen.getByRole('textbox', { name: /Loan amount/ }), '7 000');
    await user.click(screen.getByRole('button', { name: 'Open the loan calculator' }));
    expect((within(dialog()).getByRole('textbox', { name: 'Loan amount' }) as HTMLInputElement).value).toBe('7,000');
  });

  it('says what is wrong with a typed amount and applies nothing until it is right', async () => {
    const { user } = await renderStep('createApplicationStep');
    const modal = await screen.findByRole('dialog', { name: 'Loan calculator' });
    const amount = within(modal).getByRole('textbox', { name: 'Loan amount' });
    await user.clear(amount);
    await user.type(amount, '20000');
    await user.tab();
    expect(await within(modal).findByText('Enter an amount from €500 to €15,000')).toBeTruthy();
    expect(within(modal).getByRole('status').textContent).toBe('The payment is shown when the amount and period are within the limits.');
    await user.click(within(modal).getByRole('button', { name: 'Use these figures' }));
    expect(screen.getByRole('dialog', { name: 'Loan calculator' })).toBeTruthy();
  });

  it('is not there in embedded mode (section 2)', async () => {
    await renderStep('createApplicationStep', { embedded: true });
    // The step's own figures are there; the modal and its button are not.
    expect(await screen.findByText('€105.89')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open the loan calculator' })).toBeNull();
  });

  it('goes away for a credit card, whose limit has no instalment plan', async () => {
    const { user } = await openStep();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Loan type' }), 'CREDIT_CARD_VISA_CLASSIC');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open the loan calculator' })).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Apply for a credit card' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Credit limit/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Loan period/ })).toBeNull();
  });

  it('is hidden for a partner-hosted flow whose partner set the amount, and the product is the partner’s', async () => {
    await renderStep('createApplicationStep', {
      task: {
        application: {
          externalId: 'app-1',
          businessDomain: 'retail-banking-ee',
          currency: 'EUR',
          creditConditions: { productName: 'COMP_HIRE_PURCHASE', loanAmount: 899, loanPeriod: 12 },
          source: { channel: 'PARTNER_HOSTED_FLOW', partner: { id: 'partner-elektroonika', regCode: '10000002' } },
          goodsName: 'laptop',
          goodsPrice: 899,
          relatedPersons: { persons: [{ id: 'p-1', role: 'APPLICANT', languageCode: 'eng' }], relations: [] },
        },
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Product: Hire purchase for goods')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Loan type' })).toBeNull();
    expect((screen.getByRole('textbox', { name: /Loan amount/ }) as HTMLInputElement).value).toBe('899');
  });

  it('asks a current account’s applicant for no amount at all', async () => {
    const { user, submitted } = await renderStep('createApplicationStep', {
      task: { application: { ...taskFor('createApplicationStep', 'retail-banking-ee').application, creditConditions: { productName: 'CURRENT_ACCOUNT', loanAmount: null, loanPeriod: null } } },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Open a current account' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Loan amount/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    await fillValidApplicant(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({ creditConditions: { productName: 'CURRENT_ACCOUNT', monthlyPaymentDay: 15 } });
  });
});

describe('CreateApplicationStep: a housing loan’s price and own contribution (section 5)', () => {
  const housing = { task: { application: taskFor('createApplicationStep', 'retail-banking-ee').application } } as const;
  const housingTask = {
    task: {
      application: {
        ...housing.task.application,
        creditConditions: { productName: 'HOUSING_LOAN', loanAmount: 120000, loanPeriod: 300 },
      },
    },
  };
  const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

  it('asks the price and the own contribution, and the amount is the price less the contribution', async () => {
    const { user, view } = await openStep(housingTask);
    // The product's own contribution (€30,000) with the price it makes the amount of.
    expect(field('Price of the home').value).toBe('150000');
    expect(field(/Your own contribution/).value).toBe('30000');
    const amount = field(/Loan amount/);
    expect(amount.value).toBe('120000');
    expect(amount.readOnly).toBe(true);
    await user.clear(field('Price of the home'));
    await user.type(field('Price of the home'), '200000');
    await waitFor(() => expect(field(/Loan amount/).value).toBe('170,000'));
    await user.clear(field(/Your own contribution/));
    await user.type(field(/Your own contribution/), '50000');
    await waitFor(() => expect(field(/Loan amount/).value).toBe('150,000'));
    await expectNoAxeViolations(view.container);
  });

  it('sends the price and own contribution with the loan’s credit conditions', async () => {
    const { user, submitted } = await openStep(housingTask);
    await user.clear(field('Price of the home'));
    await user.type(field('Price of the home'), '180000');
    await fillValidApplicant(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toMatchObject({
      creditConditions: { productName: 'HOUSING_LOAN', loanAmount: 150000, loanPeriod: 300, price: 180000, selfFinancingAmount: 30000 },
    });
  });

  it('refuses an own contribution above 90% of the price', async () => {
    const { user, submitted } = await openStep(housingTask);
    await user.clear(field(/Your own contribution/));
    await user.type(field(/Your own contribution/), '140000');
    await fillValidApplicant(user);
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getByRole('link', { name: 'Your own contribution can be up to 90% of the price' })).toBeTruthy();
    expect(submitted).toHaveLength(0);
  });

  it('takes the price and own contribution the calculator applied, with the amount they make', async () => {
    const { user, submitted } = await renderStep('createApplicationStep', housingTask);
    const modal = await screen.findByRole('dialog', { name: 'Loan calculator' });
    const price = within(modal).getByRole('textbox', { name: 'Price of the home' });
    await user.clear(price);
    await user.type(price, '160000');
    await user.click(within(modal).getByRole('button', { name: 'Use these figures' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field('Price of the home').value).toBe('160,000');
    expect(field(/Your own contribution/).value).toBe('30,000');
    expect(field(/Loan amount/).value).toBe('130,000');
    await fillValidApplicant(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toMatchObject({
      creditConditions: { productName: 'HOUSING_LOAN', loanAmount: 130000, price: 160000, selfFinancingAmount: 30000 },
    });
  });

  it('opens the calculator with the price and own contribution typed on the step', async () => {
    const { user } = await openStep(housingTask);
    await user.clear(field('Price of the home'));
    await user.type(field('Price of the home'), '200000');
    await waitFor(() => expect(field(/Loan amount/).value).toBe('170,000'));
    await user.click(screen.getByRole('button', { name: 'Open the loan calculator' }));
    const modal = await screen.findByRole('dialog', { name: 'Loan calculator' });
    expect((within(modal).getByRole('textbox', { name: 'Price of the home' }) as HTMLInputElement).value).toBe('200,000');
    expect((within(modal).getByRole('textbox', { name: 'Your own contribution' }) as HTMLInputElement).value).toBe('30,000');
  });

  it('sends no price for a loan that finances none', async () => {
    const { user, submitted } = await openStep();
    expect(screen.queryByRole('textbox', { name: 'Price of the home' })).toBeNull();
    await fillValidApplicant(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).not.toHaveProperty('creditConditions.price');
  });
});
