/**
 * Cross-sell signing on ViewContractConditions (decisions 160-162): with two contracts the modal opens
 * over the step; each card's Sign runs Smart-ID for that contract; the card is labelled signed; once
 * both are, the step goes on by itself as with one contract (decision 211). Closing asks "Leave?": no returns to the cards, yes
 * sends the browser to self service. Keyboard, axe, English and Estonian.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContractDetails } from '../../../core/wire/contract.schema';
import type { StartSigningRequest } from '../../../core/wire/signing.schema';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { SAMPLE_CONTRACT, referencedTask, renderStep, taskFor, type StepIo } from '../../../tests/support/render-step';
import { expectMovedOnTo, expectSentBySigning, heldSubmit } from '../../../tests/support/signed-step';

const KEY = 'viewContractConditions';
const task = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, decision: { outcome: 'POSITIVE' } });
const LOAN = 'loan-0000-4000-8000-000000000001';
const CARD = 'card-0000-4000-8000-000000000002';

function twoContracts(signed: readonly string[] = []): ContractDetails {
  return {
    ...SAMPLE_CONTRACT,
    fileServiceId: LOAN,
    signingMethod: 'SMART_ID',
    signed: signed.length === 2,
    contractsInfo: [
      { productName: 'SMALL_LOAN', amount: 5000, cardIssuingFee: null, fileServiceId: LOAN, signed: signed.includes(LOAN) },
      { productName: 'CREDIT_CARD_VISA_CLASSIC', amount: 1500, cardIssuingFee: 0, fileServiceId: CARD, signed: signed.includes(CARD) },
    ],
    payoutAccount: 'EE382200221020145685',
  };
}

/** Smart-ID that signs each started contract on its second poll. */
function signingIo() {
  const starts: StartSigningRequest[] = [];
  let polls = 0;
  const io: Partial<StepIo> = {
    contractDetails: async () => twoContracts(),
    startSigning: async (input) => {
      starts.push(input as StartSigningRequest);
      polls = 0;
      return { method: 'SMART_ID', status: 'RUNNING', verificationCode: '4821', redirectUrl: null };
    },
    signingStatus: async () => {
      polls += 1;
      return { method: 'SMART_ID', status: polls > 1 ? 'SIGNED_CONTRACT' : 'RUNNING', verificationCode: '4821' };
    },
  };
  return { io, starts };
}

const cards = (dialog: HTMLElement) => within(dialog).getAllByRole('listitem');

describe('ViewContractConditions: cross-sell signing', () => {
  it('opens the modal over the step, signs each contract with its own Smart-ID signing, then goes on by itself', async () => {
    const { io, starts } = signingIo();
    const send = heldSubmit();
    const step = await renderStep(KEY, { task, io: { ...io, submit: send.submit } });
    const dialog = await screen.findByRole('dialog', { name: 'Sign your contracts' });
    const [loan, card] = cards(dialog);
    expect(within(loan!).getByRole('heading').textContent).toBe('1. Small loan');
    expect(within(card!).getByRole('heading').textContent).toBe('2. Visa Classic credit card');
    expect(card!.textContent).toContain('free');
    expect(within(loan!).getByText('EE38 … 5685')).toBeTruthy();
    await expectNoAxeViolations(step.view.container.ownerDocument.body);

    // By keyboard: the loan's Sign starts Smart-ID for the loan's contract.
    within(loan!).getByRole('button', { name: 'Sign' }).focus();
    await step.user.keyboard('{Enter}');
    const panel = await within(dialog).findByRole('region', { name: 'Signing with Smart-ID' });
    // While a contract is being signed, the modal offers no Close: the signing has its own way out.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await step.user.click(within(panel).getByRole('button', { name: 'Sign with Smart-ID' }));
    expect(await within(dialog).findByText('4821')).toBeTruthy();
    expect(starts).toEqual([{ externalId: task.externalId, method: 'SMART_ID', fileServiceId: LOAN }]);
    await waitFor(() => expect(within(cards(dialog)[0]!).queryByText('Signed')).not.toBeNull(), { timeout: 8000 });
    expect(within(cards(dialog)[1]!).queryByText('Signed')).toBeNull();
    expect(within(dialog).queryByRole('region', { name: 'Signing with Smart-ID' })).toBeNull();
    await expectNoAxeViolations(step.view.container.ownerDocument.body);

    // The card's own signing, then the step goes on as with one contract.
    await step.user.click(within(cards(dialog)[1]!).getByRole('button', { name: 'Sign' }));
    await step.user.click(await within(dialog).findByRole('button', { name: 'Sign with Smart-ID' }));
    // Decision 211: both signed, the modal closes and the step is sent with no click.
    await expectSentBySigning(step, KEY);
    expect(starts.map((start) => ('fileServiceId' in start ? start.fileServiceId : null))).toEqual([LOAN, CARD]);
    expect(screen.queryByRole('dialog')).toBeNull();
    send.succeed(taskFor('viewContractSigned', 'retail-banking-ee', { version: 2 }));
    await expectMovedOnTo(step, 'viewContractSigned');
  }, 30_000);

  it('closing asks "Leave?": no returns to the cards, yes goes to self service', async () => {
    const { io } = signingIo();
    const step = await renderStep(KEY, { task, io, config: { selfServiceUrl: 'https://self-service.example/' } });
    const dialog = await screen.findByRole('dialog', { name: 'Sign your contracts' });
    // Escape from inside the dialog (the browser's own dialog gives it the same cancel).
    within(dialog).getAllByRole('button', { name: 'Sign' })[0]!.focus();
    await step.user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Leave?' });
    await expectNoAxeViolations(step.view.container.ownerDocument.body);
    await step.user.click(within(ask).getByRole('button', { name: 'No' }));
    expect(await screen.findByRole('dialog', { name: 'Sign your contracts' })).toBeTruthy();
    expect(step.redirected).toEqual([]);
    // The visible Close (a phone without a back gesture) asks the same.
    await step.user.click(within(await screen.findByRole('dialog', { name: 'Sign your contracts' })).getByRole('button', { name: 'Close' }));
    await step.user.click(within(await screen.findByRole('dialog', { name: 'Leave?' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Taking you to self service…')).toBeTruthy();
    expect(step.redirected).toEqual(['https://self-service.example/']);
    expect(step.submitted).toHaveLength(0);
  });

  it('a contract signed already shows signed', async () => {
    await renderStep(KEY, { task, io: { contractDetails: async () => twoContracts([LOAN]) } });
    const dialog = await screen.findByRole('dialog', { name: 'Sign your contracts' });
    expect(within(cards(dialog)[0]!).getByText('Signed')).toBeTruthy();
    expect(within(cards(dialog)[0]!).queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(within(cards(dialog)[1]!).getByRole('button', { name: 'Sign' })).toBeTruthy();
  });

  it('one contract alone opens no modal', async () => {
    await renderStep(KEY, { task, io: { contractDetails: async () => ({ ...SAMPLE_CONTRACT, signingMethod: 'SMART_ID' }) } });
    expect(await screen.findByRole('button', { name: 'Sign with Smart-ID' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks Estonian, axe clean', async () => {
    const { io } = signingIo();
    const step = await renderStep(KEY, { task, io, locale: 'et' });
    const dialog = await screen.findByRole('dialog', { name: 'Allkirjastage oma lepingud' });
    const [, card] = cards(dialog);
    expect(within(card!).getByText('Kaardi väljastamise tasu')).toBeTruthy();
    expect(within(card!).getByRole('button', { name: 'Allkirjasta' })).toBeTruthy();
    await expectNoAxeViolations(step.view.container.ownerDocument.body);
  });
});
