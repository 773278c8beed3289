import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountContractDetails } from '../../../core/wire/account-contract.schema';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { SAMPLE_ACCOUNT_CONTRACT } from '../../../tests/support/account-contract-sample';
import { expectStepSpeaks, referencedTask, renderStep, taskFor, type StepIo } from '../../../tests/support/render-step';
import { expectMovedOnTo, expectSentBySigning, heldSubmit } from '../../../tests/support/signed-step';

const KEY = 'signCurrentAccountContract';
const task = referencedTask({ creditConditions: { productName: 'CURRENT_ACCOUNT' } });
const lvTask = referencedTask({ businessDomain: 'retail-banking-lv', creditConditions: { productName: 'CURRENT_ACCOUNT' } });
const LATVIAN_CONTRACT: AccountContractDetails = { ...SAMPLE_ACCOUNT_CONTRACT, signingChoices: ['SMART_ID', 'EPARAKSTS', 'EPARAKSTS_EID'] };

function statuses(...answers: string[]): StepIo['signingStatus'] {
  let call = 0;
  return async () => {
    const status = answers[Math.min(call, answers.length - 1)] ?? 'RUNNING';
    call += 1;
    return { method: 'SMART_ID', status, verificationCode: '4821' };
  };
}

describe('signCurrentAccountContract', () => {
  it('shows the account terms and the contract to download, offers Estonia’s ways to sign, signs with Smart-ID by keyboard and goes on by itself', async () => {
    const starts: unknown[] = [];
    const send = heldSubmit();
    const step = await renderStep(KEY, {
      task,
      io: {
        submit: send.submit,
        startSigning: async (input) => {
          starts.push(input);
          return { method: 'SMART_ID', status: 'RUNNING', verificationCode: '4821', redirectUrl: null };
        },
        signingStatus: statuses('RUNNING', 'SIGNED_CONTRACT'),
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign your current account contract' })).toBeTruthy();
    const terms = await screen.findByRole('region', { name: 'Main terms of the account' });
    expect(within(terms).getByText('Mari Maasikas')).toBeTruthy();
    expect(within(terms).getByText('EUR')).toBeTruthy();
    expect(within(terms).getByText('€1.50')).toBeTruthy();
    const methods = screen.getByRole('region', { name: 'How would you like to sign the contract?' });
    expect(within(methods).getAllByRole('button').map((button) => button.textContent)).toEqual(['Smart-ID', 'Mobile-ID']);
    await expectNoAxeViolations(step.view.container);

    await step.user.click(screen.getByRole('button', { name: 'Download the contract (PDF)' }));
    expect(step.downloads).toEqual([{ externalId: task.externalId, document: { kind: 'contract', fileServiceId: SAMPLE_ACCOUNT_CONTRACT.fileServiceId } }]);

    // Keyboard only: to the Smart-ID choice, then its start button.
    within(methods).getByRole('button', { name: 'Smart-ID' }).focus();
    await step.user.keyboard('{Enter}');
    const start = await screen.findByRole('button', { name: 'Sign with Smart-ID' });
    start.focus();
    await step.user.keyboard('{Enter}');
    const code = await screen.findByText('4821');
    expect(code.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(starts).toEqual([{ externalId: task.externalId, method: 'SMART_ID', fileServiceId: SAMPLE_ACCOUNT_CONTRACT.fileServiceId }]);
    // Decision 211: signed, the step is sent with no click, then the account's closing page shows.
    await expectSentBySigning(step, KEY);
    expect(screen.getByRole('heading', { level: 1, name: 'Your current account contract is signed' })).toBeTruthy();
    await expectNoAxeViolations(step.view.container);
    send.succeed(taskFor('viewCurrentAccountContractSigned', 'retail-banking-ee', { version: 2 }));
    await expectMovedOnTo(step, 'viewCurrentAccountContractSigned');
  }, 20_000);

  it('“Choose another way to sign” comes back to the ways to sign; nothing is submitted', async () => {
    const step = await renderStep(KEY, { task });
    await step.user.click(await screen.findByRole('button', { name: 'Mobile-ID' }));
    expect(await screen.findByRole('region', { name: 'Signing with Mobile-ID' })).toBeTruthy();
    await step.user.click(screen.getByRole('button', { name: 'Choose another way to sign' }));
    expect(await screen.findByRole('region', { name: 'How would you like to sign the contract?' })).toBeTruthy();
    expect(screen.getByText('The contract is not signed. Please choose another way to sign.')).toBeTruthy();
    expect(step.submitted).toHaveLength(0);
  });

  it('in Latvia offers Smart-ID and eParaksts, never a payment; eParaksts goes to the provider’s page', async () => {
    const step = await renderStep(KEY, { task: lvTask, io: { accountContractDetails: async () => LATVIAN_CONTRACT } });
    const methods = await screen.findByRole('region', { name: 'How would you like to sign the contract?' });
    expect(within(methods).getAllByRole('button').map((button) => button.textContent)).toEqual(['Smart-ID', 'eParaksts mobile', 'eParaksts with an ID card']);
    expect(screen.queryByText('A payment from your bank account')).toBeNull();
    await step.user.click(within(methods).getByRole('button', { name: 'eParaksts mobile' }));
    await waitFor(() => expect(step.redirected).toEqual(['http://localhost/sandbox/providers/eparaksts?transaction=t-auth']));
  });

  it('back from the eParaksts page, goes on with its loop at once (no new choice)', async () => {
    const signs: unknown[] = [];
    const step = await renderStep(KEY, {
      task: lvTask,
      io: {
        accountContractDetails: async () => ({ ...LATVIAN_CONTRACT, esignInProgress: 'EPARAKSTS' }),
        esignStatus: async () => ({ status: 'AUTHENTICATION_SUCCESS', errorCode: null, signedFileServiceIds: [] }),
        esignSign: async (input) => {
          signs.push(input);
          return { redirectUrl: 'http://localhost/sandbox/providers/eparaksts?transaction=t-sign' };
        },
      },
    });
    await waitFor(() => expect(step.redirected).toEqual(['http://localhost/sandbox/providers/eparaksts?transaction=t-sign']));
    expect(signs).toMatchObject([{ externalId: lvTask.externalId, signingMethod: 'EPARAKSTS', fileServiceId: SAMPLE_ACCOUNT_CONTRACT.fileServiceId }]);
    expect(screen.queryByRole('region', { name: 'How would you like to sign the contract?' })).toBeNull();
  });

  it('a contract already signed (the step was left before it was sent) is sent at once, with no ways to sign', async () => {
    const step = await renderStep(KEY, { task, io: { accountContractDetails: async () => ({ ...SAMPLE_ACCOUNT_CONTRACT, signed: true }), submit: heldSubmit().submit } });
    await expectSentBySigning(step, KEY);
    expect(screen.getByRole('heading', { level: 1, name: 'Your current account contract is signed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Smart-ID' })).toBeNull();
  });

  it('signed, but the automatic send fails: Continue is offered with the reason and the heading takes focus; Continue recovers', async () => {
    const send = heldSubmit();
    const step = await renderStep(KEY, { task, io: { accountContractDetails: async () => ({ ...SAMPLE_ACCOUNT_CONTRACT, signed: true }), submit: send.submit } });
    await expectSentBySigning(step, KEY);
    send.fail({ kind: 'network', message: 'offline' });
    const again = await screen.findByRole('button', { name: 'Continue' });
    expect(screen.getByText('Thank you. Your current account contract is signed. Continue to finish.')).toBeTruthy();
    expect(screen.getByText('We could not reach the bank. Check your connection and continue again; your answers are kept.')).toBeTruthy();
    const heading = screen.getByRole('heading', { level: 1, name: 'Your current account contract is signed' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await expectNoAxeViolations(step.view.container);
    await step.user.click(again);
    await waitFor(() => expect(step.submitted).toHaveLength(2));
    send.succeed(taskFor('viewCurrentAccountContractSigned', 'retail-banking-ee', { version: 2 }));
    await expectMovedOnTo(step, 'viewCurrentAccountContractSigned');
  });

  it('a failed read says so and tries again on request', async () => {
    let calls = 0;
    const step = await renderStep(KEY, {
      task,
      io: {
        accountContractDetails: async () => {
          calls += 1;
          if (calls === 1) throw { kind: 'network', message: 'offline' } satisfies AppError;
          return SAMPLE_ACCOUNT_CONTRACT;
        },
      },
    });
    expect(await screen.findByText('We could not load your contract just now. Please try again.')).toBeTruthy();
    await step.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Smart-ID' })).toBeTruthy();
  });

  it.each([
    ['et', 'Allkirjastage oma arvelduskonto leping'],
    ['lv', 'Parakstiet savu norēķinu konta līgumu'],
    ['ru', 'Подпишите договор текущего счёта'],
  ] as const)('speaks %s, axe clean', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: locale === 'et' ? task : lvTask }));
});
