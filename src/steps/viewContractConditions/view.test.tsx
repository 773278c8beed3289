import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContractDetails } from '../../../core/wire/contract.schema';
import type { SigningDisabledReason } from '../../../core/domain/signing';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { SAMPLE_CONTRACT, expectStepSpeaks, referencedTask, renderStep, taskFor, type StepIo } from '../../../tests/support/render-step';
import { expectMovedOnTo, expectSentBySigning, heldSubmit } from '../../../tests/support/signed-step';

const KEY = 'viewContractConditions';
const task = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, decision: { outcome: 'POSITIVE' } });
const lvTask = referencedTask({
  businessDomain: 'retail-banking-lv',
  creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 },
  decision: { outcome: 'POSITIVE' },
});

function contractWith(overrides: Partial<ContractDetails>): ContractDetails {
  return { ...SAMPLE_CONTRACT, ...overrides };
}

const smartId = (overrides: Partial<ContractDetails> = {}) => contractWith({ signingMethod: 'SMART_ID', ...overrides });

/** The Smart-ID status answers, in turn (the last repeats). */
function statuses(...answers: string[]): StepIo['signingStatus'] {
  let call = 0;
  return async () => {
    const status = answers[Math.min(call, answers.length - 1)] ?? 'RUNNING';
    call += 1;
    return { method: 'SMART_ID', status, verificationCode: '4821' };
  };
}

async function renderSmartId(io: Partial<StepIo>, details = smartId()) {
  return renderStep(KEY, { task, io: { contractDetails: async () => details, ...io } });
}

describe('ViewContractConditions: Mobile-ID (decision 143)', () => {
  const mobileId = (overrides: Partial<ContractDetails> = {}) => contractWith({ signingMethod: 'MOBILE_SIGNATURE', ...overrides });

  it('starts Mobile-ID signing on the Smart-ID machine, shows the code, and goes on once signed', async () => {
    const starts: unknown[] = [];
    const step = await renderSmartId(
      {
        startSigning: async (input) => {
          starts.push(input);
          return { method: 'MOBILE_SIGNATURE', status: 'RUNNING', verificationCode: '7305', redirectUrl: null };
        },
        signingStatus: statuses('RUNNING', 'SIGNED_CONTRACT'),
        submit: heldSubmit().submit,
      },
      mobileId(),
    );
    expect(await screen.findByRole('region', { name: 'Signing with Mobile-ID' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Signing with Smart-ID' })).toBeNull();
    await expectNoAxeViolations(step.view.container);
    await step.user.click(await screen.findByRole('button', { name: 'Sign with Mobile-ID' }));
    expect(await screen.findByText('7305')).toBeTruthy();
    expect(screen.getByText('Check that your phone shows this code, then confirm the signing with your Mobile-ID PIN2. This page moves on by itself.')).toBeTruthy();
    expect(starts).toEqual([{ externalId: task.externalId, method: 'MOBILE_SIGNATURE', fileServiceId: SAMPLE_CONTRACT.fileServiceId }]);
    await expectSentBySigning(step, KEY);
  }, 15_000);

  it.each([
    ['TIMEOUT', 'The signing was not confirmed in time. Please try again and confirm it on your phone with your Mobile-ID PIN2.', true],
    ['USER_CANCELLED', 'The signing was cancelled on your phone. You can try again when you are ready.', true],
    ['PROVIDER_ERROR', 'The Mobile-ID service had a problem. Please try again.', true],
    ['NOT_CLIENT', 'We could not find an active Mobile-ID for your phone number and personal code. Please choose another way to sign.', false],
    ['NAMES_DONT_MATCH', 'The name on your Mobile-ID does not match the name in the application. Please choose another way to sign.', false],
    ['END_PROVIDER_MISCONFIGURATION', 'Signing with Mobile-ID is not available just now. Please choose another way to sign.', false],
  ] as const)('%s: the error modal says why in Mobile-ID words', async (status, message, retries) => {
    const step = await renderSmartId({ signingStatus: statuses(status) }, mobileId());
    await step.user.click(await screen.findByRole('button', { name: 'Sign with Mobile-ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'The contract is not signed' }, { timeout: 8000 });
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Try again' }) !== null).toBe(retries);
    expect(step.submitted).toHaveLength(0);
  }, 15_000);

  it('disabled digital signing: says why and offers another way only', async () => {
    await renderSmartId({}, mobileId({ digitalSigningDisabledReason: 'OVER_LIMIT' }));
    expect(await screen.findByText('The loan amount is over the limit for signing online. Please choose another way to sign.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign with Mobile-ID' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose another way to sign' })).toBeTruthy();
  });
});

describe('ViewContractConditions: Smart-ID', () => {
  it('shows the expected signing date, starts signing, shows the verification code large and announced, and goes on by itself once signed', async () => {
    const starts: unknown[] = [];
    const send = heldSubmit();
    const step = await renderSmartId({
      startSigning: async (input) => {
        starts.push(input);
        return { method: 'SMART_ID', status: 'RUNNING', verificationCode: '4821', redirectUrl: null };
      },
      signingStatus: statuses('RUNNING', 'SIGNED_CONTRACT'),
      submit: send.submit,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign your contract' })).toBeTruthy();
    expect(await screen.findByText('Expected signing date: 26 November 2026')).toBeTruthy();
    const start = await screen.findByRole('button', { name: 'Sign with Smart-ID' });
    await expectNoAxeViolations(step.view.container);
    await step.user.click(start);
    const code = await screen.findByText('4821');
    expect(code.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(starts).toEqual([{ externalId: task.externalId, method: 'SMART_ID', fileServiceId: SAMPLE_CONTRACT.fileServiceId }]);
    await expectNoAxeViolations(step.view.container);
    // Decision 211: no "signed, Continue" screen: the step is sent with no click, then the next page shows.
    await expectSentBySigning(step, KEY);
    expect(screen.getByRole('heading', { level: 1, name: 'Your contract is signed' })).toBeTruthy();
    await expectNoAxeViolations(step.view.container);
    send.succeed(taskFor('viewContractSigned', 'retail-banking-ee', { version: 2 }));
    await expectMovedOnTo(step, 'viewContractSigned');
    expect(step.submitted).toHaveLength(1);
  }, 15_000);

  it.each([
    ['server', { kind: 'server', message: 'down', status: 503 }, 'Something went wrong on our side. Your answers are kept; please continue again in a moment.'],
    ['timeout', { kind: 'timeout', message: 'slow' }, 'The bank did not answer in time. Continue again in a moment; your answers are kept.'],
    ['network', { kind: 'network', message: 'offline' }, 'We could not reach the bank. Check your connection and continue again; your answers are kept.'],
  ] as const)('signed, but the automatic send fails (%s): Continue is offered with the reason, the heading takes focus, and Continue sends it again', async (_kind, error, reason) => {
    const send = heldSubmit();
    const step = await renderSmartId({ signingStatus: statuses('SIGNED_CONTRACT'), submit: send.submit });
    await step.user.click(await screen.findByRole('button', { name: 'Sign with Smart-ID' }));
    await expectSentBySigning(step, KEY);
    send.fail(error);
    const again = await screen.findByRole('button', { name: 'Continue' });
    expect(screen.getByText('Thank you. Your contract is signed. Continue to finish.')).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
    expect(again.getAttribute('aria-describedby')).toBeTruthy();
    const heading = screen.getByRole('heading', { level: 1, name: 'Your contract is signed' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await expectNoAxeViolations(step.view.container);
    // Continue sends the same step again; while it is under way the button stays (busy), focus with it.
    await step.user.click(again);
    await waitFor(() => expect(step.submitted).toHaveLength(2));
    expect(step.submitted[1]?.submission).toEqual(step.submitted[0]?.submission);
    expect(screen.getByRole('button', { name: 'Continue' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Your contract is signed. Finishing your application…')).toBeNull();
    send.succeed(taskFor('viewContractSigned', 'retail-banking-ee', { version: 2 }));
    await expectMovedOnTo(step, 'viewContractSigned');
  }, 15_000);

  it.each([
    ['COMPLETED_OK'],
    ['ALREADY_SIGNED'],
  ])('%s counts as signed', async (status) => {
    const step = await renderSmartId({ signingStatus: statuses(status), submit: heldSubmit().submit });
    await step.user.click(await screen.findByRole('button', { name: 'Sign with Smart-ID' }));
    await expectSentBySigning(step, KEY);
  }, 15_000);

  it.each([
    ['WRONG_VC', 'The verification code you chose in the Smart-ID app was not the one shown here. Please try again and choose the code shown on this page.', true],
    ['TIMEOUT', 'The signing was not confirmed in time. Please try again and confirm it in the Smart-ID app.', true],
    ['USER_CANCELLED', 'The signing was cancelled in the Smart-ID app. You can try again when you are ready.', true],
    ['PROVIDER_ERROR', 'The Smart-ID service had a problem. Please try again.', true],
    ['INTERNAL_ERROR', 'Something went wrong on our side. Please try again.', true],
    ['COMPLETED_FAILURE', 'The contract was not signed. Please try again.', true],
    ['UNKNOWN', 'The signing did not finish. Please try again.', true],
    ['NOT_CLIENT', 'We could not find a Smart-ID account for you. Please choose another way to sign.', false],
    ['INVALID_CERTIFICATE_LEVEL', 'Your Smart-ID account cannot be used to sign a contract. Please choose another way to sign.', false],
    ['NAMES_DONT_MATCH', 'The name on your Smart-ID account does not match the name in the application. Please choose another way to sign.', false],
    ['END_PROVIDER_MISCONFIGURATION', 'Signing with Smart-ID is not available just now. Please choose another way to sign.', false],
  ] as const)('%s: the error modal says why and offers the next action', async (status, message, retries) => {
    const step = await renderSmartId({ signingStatus: statuses(status) });
    await step.user.click(await screen.findByRole('button', { name: 'Sign with Smart-ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'The contract is not signed' }, { timeout: 8000 });
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Try again' }) !== null).toBe(retries);
    expect(within(dialog).getByRole('button', { name: 'Choose another way to sign' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('The contract is not signed');
    await expectNoAxeViolations(step.view.container);
    expect(step.submitted).toHaveLength(0);
  }, 15_000);

  it('after a failure, tries again and signs', async () => {
    let starts = 0;
    const step = await renderSmartId({
      startSigning: async () => {
        starts += 1;
        return { method: 'SMART_ID', status: 'RUNNING', verificationCode: starts === 1 ? '1111' : '2222', redirectUrl: null };
      },
      signingStatus: async () => ({ method: 'SMART_ID', status: starts === 1 ? 'USER_CANCELLED' : 'SIGNED_CONTRACT', verificationCode: null }),
      submit: heldSubmit().submit,
    });
    await step.user.click(await screen.findByRole('button', { name: 'Sign with Smart-ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'The contract is not signed' }, { timeout: 8000 });
    await step.user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2222')).toBeTruthy();
    await expectSentBySigning(step, KEY);
    expect(starts).toBe(2);
  }, 20_000);

  it('choosing another way to sign leaves the signing screen', async () => {
    const step = await renderSmartId({});
    await step.user.click(await screen.findByRole('button', { name: 'Choose another way to sign' }));
    expect(await screen.findByText('Taking you back to the ways of signing…')).toBeTruthy();
    expect(step.submitted).toHaveLength(0);
  });

  it.each([
    ['RESTRICTED_HOURS', 'Contracts cannot be signed online at this time of day. Please come back later, or choose another way to sign.'],
    ['OVER_LIMIT', 'The loan amount is over the limit for signing online. Please choose another way to sign.'],
    ['PRODUCT_NOT_ENABLED', 'This loan cannot be signed online. Please choose another way to sign.'],
    ['NAMES_DONT_MATCH', 'The name in the application does not match the name of the signer. Please choose another way to sign.'],
    ['TECHNICAL_ISSUES', 'Signing online is not available just now because of technical issues. Please try again later, or choose another way to sign.'],
  ] as const)('disabled for %s: says why, and offers only another way', async (reason, message) => {
    const step = await renderSmartId({}, smartId({ digitalSigningDisabledReason: reason }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign with Smart-ID' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose another way to sign' })).toBeTruthy();
    await expectNoAxeViolations(step.view.container);
  });
});

describe('ViewContractConditions: eParaksts', () => {
  const esign = (overrides: Partial<ContractDetails> = {}) => contractWith({ signingMethod: 'EPARAKSTS', signingChoices: ['SMART_ID', 'EPARAKSTS', 'EPARAKSTS_EID'], ...overrides });

  it('NOT_STARTED sends the browser to the provider to authenticate', async () => {
    const authentications: unknown[] = [];
    const step = await renderStep(KEY, {
      task: lvTask,
      domain: 'retail-banking-lv',
      io: {
        contractDetails: async () => esign(),
        esignAuthenticate: async (input) => {
          authentications.push(input);
          return { redirectUrl: 'http://localhost/sandbox/providers/eparaksts?transaction=a1' };
        },
      },
    });
    await waitFor(() => expect(step.redirected).toEqual(['http://localhost/sandbox/providers/eparaksts?transaction=a1']));
    expect(authentications).toEqual([{ externalId: lvTask.externalId, languageCode: 'en', signingMethod: 'EPARAKSTS', fileServiceId: SAMPLE_CONTRACT.fileServiceId }]);
    expect(screen.getByText('Taking you to eParaksts…')).toBeTruthy();
  });

  it('back with AUTHENTICATION_SUCCESS: goes on to sign at the provider', async () => {
    const step = await renderStep(KEY, {
      task: lvTask,
      domain: 'retail-banking-lv',
      io: {
        contractDetails: async () => esign(),
        esignStatus: async () => ({ status: 'AUTHENTICATION_SUCCESS', errorCode: null, signedFileServiceIds: [] }),
        esignSign: async () => ({ redirectUrl: 'http://localhost/sandbox/providers/eparaksts?transaction=s1' }),
      },
    });
    await waitFor(() => expect(step.redirected).toEqual(['http://localhost/sandbox/providers/eparaksts?transaction=s1']));
  });

  it.each([
    ['AUTHENTICATION_FAILED', null, 'We could not confirm your identity with eParaksts. Please try again.'],
    ['SIGNING_FAILED', 'ESIGN_SIGNING_REFUSED', 'The contract was not signed. Please try again.'],
    ['SIGNING_FAILED', 'ESIGN_CERTIFICATE_INACTIVE', 'Your eParaksts signing certificate is not active. Please activate it, or choose another way to sign.'],
    ['SOMETHING_ELSE', null, 'The contract was not signed. Please try again.'],
  ] as const)('back with %s (%s): says why and offers to try again', async (status, errorCode, message) => {
    const step = await renderStep(KEY, {
      task: lvTask,
      domain: 'retail-banking-lv',
      io: { contractDetails: async () => esign(), esignStatus: async () => ({ status, errorCode, signedFileServiceIds: [] }) },
    });
    expect(await screen.findByText(message)).toBeTruthy();
    await expectNoAxeViolations(step.view.container);
    await step.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(step.redirected).toEqual(['http://localhost/sandbox/providers/eparaksts?transaction=t-auth']));
  });

  it('back with SIGNING_SUCCESS: the contract is signed and the step goes on by itself', async () => {
    const send = heldSubmit();
    const step = await renderStep(KEY, {
      task: lvTask,
      domain: 'retail-banking-lv',
      io: {
        contractDetails: async () => esign(),
        esignStatus: async () => ({ status: 'SIGNING_SUCCESS', errorCode: null, signedFileServiceIds: [SAMPLE_CONTRACT.fileServiceId] }),
        submit: send.submit,
      },
    });
    // Decision 211: back from the provider signed, the step goes on with no click.
    await expectSentBySigning(step, KEY);
    send.succeed(taskFor('viewContractSigned', 'retail-banking-lv', { version: 2 }));
    await expectMovedOnTo(step, 'viewContractSigned');
  });

  it.each([
    ['RESTRICTED_HOURS', 'Contracts cannot be signed online at this time of day. Please come back later, or choose another way to sign.'],
    ['OVER_LIMIT', 'The loan amount is over the limit for signing online. Please choose another way to sign.'],
    ['PRODUCT_NOT_ENABLED', 'This way of signing is not available for your contract just now. Please choose another way to sign.'],
    ['NAMES_DONT_MATCH', 'This way of signing is not available for your contract just now. Please choose another way to sign.'],
    ['TECHNICAL_ISSUES', 'This way of signing is not available for your contract just now. Please choose another way to sign.'],
  ] as const)('disabled for %s: section 8’s e-signature words where it has them', async (reason: SigningDisabledReason, message) => {
    const step = await renderStep(KEY, { task: lvTask, domain: 'retail-banking-lv', io: { contractDetails: async () => esign({ digitalSigningDisabledReason: reason }) } });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(step.redirected).toEqual([]);
    expect(screen.getByRole('button', { name: 'Choose another way to sign' })).toBeTruthy();
  });
});

describe('ViewContractConditions: payment signing', () => {
  const payment = () => contractWith({ signingMethod: 'PAYMENT', signingChoices: ['SMART_ID', 'PAYMENT', 'POST'], sourceChannel: 'WEB' });

  it('lists the four banks with their BICs and sends the browser to the chosen bank', async () => {
    const payments: unknown[] = [];
    const step = await renderStep(KEY, {
      task: lvTask,
      domain: 'retail-banking-lv',
      io: {
        contractDetails: async () => payment(),
        startPayment: async (input) => {
          payments.push(input);
          return { method: 'PAYMENT', status: 'RUNNING', verificationCode: null, redirectUrl: 'http://127.0.0.1:4010/bank-payment/HABALV22/authorize?state=p1' };
        },
      },
    });
    const banks = await screen.findByRole('group', { name: 'Your bank' });
    const labels = within(banks)
      .getAllByRole('radio')
      .map((radio) => radio.closest('.solis-radio')?.textContent);
    expect(labels).toEqual(['Citadele (BIC PARXLV22)', 'Luminor (BIC RIKOLV2X)', 'SEB (BIC UNLALV2X)', 'Swedbank (BIC HABALV22)']);
    await expectNoAxeViolations(step.view.container);
    await step.user.click(screen.getByRole('button', { name: 'Pay and sign' }));
    expect(await screen.findByText('Choose your bank')).toBeTruthy();
    await step.user.click(within(banks).getByRole('radio', { name: /Swedbank/ }));
    await step.user.click(screen.getByRole('button', { name: 'Pay and sign' }));
    await waitFor(() => expect(step.redirected).toEqual(['http://127.0.0.1:4010/bank-payment/HABALV22/authorize?state=p1']));
    expect(payments).toEqual([{ externalId: lvTask.externalId, selectedBankBic: 'HABALV22', paymentPurpose: null }]);
  });

  it('lists only the banks this server can reach (runtime configuration, decision 168)', async () => {
    await renderStep(KEY, {
      task: lvTask,
      domain: 'retail-banking-lv',
      config: { providers: { smartId: true, mobileId: true, eparaksts: false, bankPayment: ['UNLALV2X', 'HABALV22'], openBanking: false, remoteIdentification: false, login: false } },
      io: { contractDetails: async () => payment() },
    });
    const banks = await screen.findByRole('group', { name: 'Your bank' });
    expect(within(banks).getAllByRole('radio').map((radio) => radio.closest('.solis-radio')?.textContent)).toEqual(['SEB (BIC UNLALV2X)', 'Swedbank (BIC HABALV22)']);
  });

  it('a failed restriction check means restricted: no banks, another way is offered', async () => {
    await renderStep(KEY, {
      task: lvTask,
      domain: 'retail-banking-lv',
      io: {
        contractDetails: async () => payment(),
        paymentSigningEnabled: async () => {
          throw { kind: 'server', message: 'down', status: 503 };
        },
      },
    });
    expect(await screen.findByText('Signing with a payment is not available for this application just now. Please choose another way to sign.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Your bank' })).toBeNull();
  });

  it('with the flag off (PAYMENT not offered), no banks are shown', async () => {
    await renderStep(KEY, { task: lvTask, domain: 'retail-banking-lv', io: { contractDetails: async () => contractWith({ signingMethod: 'PAYMENT', signingChoices: ['SMART_ID'] }) } });
    expect(await screen.findByText('Signing with a payment is not available for this application just now. Please choose another way to sign.')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('back from the bank: asks how the payment went, and a completed payment signs and goes on by itself', async () => {
    const send = heldSubmit();
    const step = await renderStep(KEY, {
      task: lvTask,
      domain: 'retail-banking-lv',
      io: { contractDetails: async () => payment(), signingStatus: async () => ({ method: 'PAYMENT', status: 'COMPLETED_OK', verificationCode: null }), submit: send.submit },
    });
    await expectSentBySigning(step, KEY);
    expect(screen.getByRole('heading', { level: 1, name: 'Your contract is signed' })).toBeTruthy();
    send.succeed(taskFor('viewContractSigned', 'retail-banking-lv', { version: 2 }));
    await expectMovedOnTo(step, 'viewContractSigned');
  });

  it('back from the bank with a failed payment: the payment error, and the banks again', async () => {
    await renderStep(KEY, {
      task: lvTask,
      domain: 'retail-banking-lv',
      io: { contractDetails: async () => payment(), signingStatus: async () => ({ method: 'PAYMENT', status: 'COMPLETED_FAILURE', verificationCode: null }) },
    });
    expect(await screen.findByText('The payment did not go through, so the contract is not signed. Please try again.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Your bank' })).toBeTruthy();
  });
});

describe('ViewContractConditions: the signing refused for good (decision 175)', () => {
  /**
   * The application as the server answers it: at the signing step until the bank ended the signing,
   * then at the signing negative page. Answers the continue call and a switch that ends the signing.
   */
  function server() {
    let ended = false;
    const reloads: unknown[] = [];
    return {
      reloads,
      end: () => void (ended = true),
      continueApplication: async (input: unknown) => {
        if (!ended) return taskFor(KEY, 'retail-banking-ee', task);
        reloads.push(input);
        return taskFor('showContractSigningNegativePage', 'retail-banking-ee', { ...task, version: 5 });
      },
    };
  }

  it('Smart-ID: the bank ended the signing: no error and no retry, the app loads the task the process moved on to', async () => {
    const bank = server();
    const step = await renderSmartId({
      signingStatus: async () => {
        bank.end();
        return { method: 'SMART_ID', status: 'NAMES_DONT_MATCH', verificationCode: '4821', signingEnded: true };
      },
      continueApplication: bank.continueApplication,
    });
    await step.user.click(await screen.findByRole('button', { name: 'Sign with Smart-ID' }));
    // The application machine loads the signing negative page (its screen has its own tests).
    await waitFor(() => expect(step.actor.getSnapshot().context.taskKey).toBe('showContractSigningNegativePage'), { timeout: 8000 });
    expect(bank.reloads).toHaveLength(1);
    // No error modal, no retry offered: the signing is over.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(step.submitted).toHaveLength(0);
  }, 15_000);

  it('a recoverable failure without the bank’s word still offers to try again', async () => {
    const step = await renderSmartId({ signingStatus: statuses('USER_CANCELLED') });
    await step.user.click(await screen.findByRole('button', { name: 'Sign with Smart-ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'The contract is not signed' }, { timeout: 8000 });
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(step.actor.getSnapshot().context.taskKey).toBe(KEY);
  }, 15_000);

  it('eParaksts: a status that says the signing ended loads the signing negative page', async () => {
    const bank = server();
    const step = await renderStep(KEY, {
      task,
      io: {
        contractDetails: async () => contractWith({ signingMethod: 'EPARAKSTS' }),
        esignStatus: async () => {
          bank.end();
          return { status: 'SIGNING_FAILED', errorCode: 'ESIGN_SIGNER_NOT_APPLICANT', signedFileServiceIds: [], signingEnded: true };
        },
        continueApplication: bank.continueApplication,
      },
    });
    await waitFor(() => expect(step.actor.getSnapshot().context.taskKey).toBe('showContractSigningNegativePage'), { timeout: 8000 });
    expect(bank.reloads).toHaveLength(1);
  });
});

describe('ViewContractConditions: languages', () => {
  it.each([
    ['et', 'Allkirjastage leping'],
    ['lv', 'Parakstiet līgumu'],
    ['lt', 'Pasirašykite sutartį'],
    ['ru', 'Подпишите договор'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task, io: { contractDetails: async () => smartId() } }));
});
