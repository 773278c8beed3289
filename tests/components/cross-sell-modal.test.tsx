/**
 * The cross-sell contract signing modal (section 2; decisions 160, 161): cards with running index,
 * product, amount ("free" when 0), shortened account, signed label, sign and download; closing asks
 * "Leave?" (no returns, yes leaves); keyboard; axe; English and Russian.
 */
import { i18n, type Messages } from '@lingui/core';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { documentDownloadMachine, type DownloadDocumentInput } from '../../machines/document-download/document-download.machine';
import { crossSellModalMachine } from '../../machines/signing/cross-sell-modal.machine';
import { CrossSellModal, shortenAccount, type CrossSellContract } from '../../src/steps/viewContractConditions/cross-sell-modal';
import { expectNoAxeViolations } from '../support/axe';
import { installModalDialogStandIn } from '../support/modal-dialog';
import { renderWithI18n } from './render-with-i18n';

const russianCatalogs = import.meta.glob<{ messages: Messages }>('../../locales/ru/*.po', { eager: true });

installModalDialogStandIn();

const CONTRACTS: CrossSellContract[] = [
  { fileServiceId: 'loan', productName: 'SMALL_LOAN', amount: 5000 },
  { fileServiceId: 'card', productName: 'CREDIT_CARD_VISA_CLASSIC', amount: 1500, cardIssuingFee: 0 },
];

function open() {
  const modal = createActor(crossSellModalMachine, { input: { fileServiceIds: ['loan', 'card'] } });
  modal.start();
  const downloads: DownloadDocumentInput[] = [];
  const download = createActor(
    documentDownloadMachine.provide({
      actors: {
        downloadDocument: fromPromise<unknown, DownloadDocumentInput>(async ({ input }) => {
          downloads.push(input);
        }),
      },
    }),
    { input: { externalId: 'app-1' } },
  );
  download.start();
  const view = renderWithI18n(<CrossSellModal modal={modal} contracts={CONTRACTS} bankAccount="EE38 2200 2210 2014 2015" download={download} />);
  return { modal, view, downloads };
}

describe('cross-sell signing modal', () => {
  it('shortens the bank account to its first and last four', () => {
    expect(shortenAccount('EE382200221020142015')).toBe('EE38 … 2015');
  });

  it('shows a card per contract: index, product, amount, free, shortened account, sign and download', async () => {
    const { view } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Sign your contracts' });
    const [loan, card] = within(dialog).getAllByRole('listitem');
    expect(within(loan!).getByRole('heading').textContent).toBe('1. Small loan');
    expect(within(card!).getByRole('heading').textContent).toBe('2. Visa Classic credit card');
    expect(loan!.textContent).toContain('€5,000');
    expect(card!.textContent).toContain('free');
    expect(within(loan!).getByText('EE38 … 2015')).toBeTruthy();
    expect(within(card!).getByText('Card issuing fee')).toBeTruthy();
    expect(within(loan!).getByText('Amount')).toBeTruthy();
    expect(within(loan!).getByRole('button', { name: /^Sign/ })).toBeTruthy();
    await expectNoAxeViolations(view.container.ownerDocument.body);
  });

  it('downloads each contract by its own id through the step’s download machine', async () => {
    const { downloads } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Sign your contracts' });
    const [, card] = within(dialog).getAllByRole('listitem');
    await userEvent.setup().click(within(card!).getByRole('button', { name: /Download contract/ }));
    expect(downloads).toEqual([{ externalId: 'app-1', document: { kind: 'contract', fileServiceId: 'card' } }]);
    expect(await within(dialog).findByText(/The document has been downloaded/)).toBeTruthy();
  });

  it('signing a card by keyboard starts it; once signed the card is labelled signed', async () => {
    const { modal } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Sign your contracts' });
    const user = userEvent.setup();
    const [loan] = within(dialog).getAllByRole('listitem');
    within(loan!).getByRole('button', { name: /Sign/ }).focus();
    await user.keyboard('{Enter}');
    expect(modal.getSnapshot().context.active).toBe('loan');
    expect(within(loan!).getAllByRole('button')[0]!.textContent).toBe('Signing…');
    act(() => modal.send({ type: 'crossSell.contractSigned', fileServiceIds: ['loan'] }));
    const [signedLoan] = within(screen.getByRole('dialog')).getAllByRole('listitem');
    expect(within(signedLoan!).getByText('Signed')).toBeTruthy();
    expect(within(signedLoan!).queryByRole('button', { name: /^Sign/ })).toBeNull();
  });

  it('closing asks to leave: no returns to the cards, yes leaves', async () => {
    const { modal, view } = open();
    const user = userEvent.setup();
    act(() => modal.send({ type: 'crossSell.closeRequested' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave?' });
    await expectNoAxeViolations(view.container.ownerDocument.body);
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    expect(await screen.findByRole('dialog', { name: 'Sign your contracts' })).toBeTruthy();
    act(() => modal.send({ type: 'crossSell.closeRequested' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave?' })).getByRole('button', { name: 'Yes' }));
    expect(modal.getSnapshot().output).toEqual({ result: 'left', leaveTo: null });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks Russian', async () => {
    i18n.load('ru', Object.assign({}, ...Object.values(russianCatalogs).map((catalog) => catalog.messages)) as Messages);
    try {
      act(() => i18n.activate('ru'));
      open();
      const dialog = await screen.findByRole('dialog', { name: 'Подпишите свои договоры' });
      const [, card] = within(dialog).getAllByRole('listitem');
      expect(card!.textContent).toContain('бесплатно');
      expect(within(card!).getByRole('button', { name: /Подписать/ })).toBeTruthy();
    } finally {
      act(() => i18n.activate('en'));
    }
  });
});
