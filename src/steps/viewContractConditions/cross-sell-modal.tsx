/**
 * The cross-sell contract signing modal (section 2; decisions 160, 161): a card per contract with its
 * running index and product, the signed label, the amount, the shortened bank account, a sign button and
 * a download link; closing asks "Leave?". A thin subscriber of the cross-sell modal machine.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { crossSellModalView, type crossSellModalMachine } from '../../../machines/signing/cross-sell-modal.machine';
import { Modal } from '../../components/modal';
import type { ProductName } from '../../domain/products';
import { formatEur } from '../../validation/format/money';
import { PRODUCT_LABELS } from '../product-labels';

export interface CrossSellContract {
  fileServiceId: string;
  productName: ProductName;
  /** The offered amount of a loan, or the card issuing fee of a credit card. */
  amount: number;
  downloadUrl: string;
}

/** `EE382200221020145685` → `EE38 … 5685`: the country and check digits, then the last four. */
export function shortenAccount(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  return compact.length <= 8 ? compact : `${compact.slice(0, 4)} … ${compact.slice(-4)}`;
}

export interface CrossSellModalProps {
  modal: ActorRefFrom<typeof crossSellModalMachine>;
  contracts: readonly CrossSellContract[];
  bankAccount: string;
}

export function CrossSellModal({ modal, contracts, bankAccount }: CrossSellModalProps) {
  const { i18n, t } = useLingui();
  const view = useSelector(modal, crossSellModalView);
  if (view.left || view.allSigned) return null;
  if (view.askingToLeave) {
    return (
      <Modal
        open
        onClose={() => modal.send({ type: 'crossSell.leaveCancelled' })}
        title={<Trans>Leave?</Trans>}
        actions={
          <>
            <button type="button" className="button" onClick={() => modal.send({ type: 'crossSell.leaveConfirmed' })}>
              <Trans>Yes</Trans>
            </button>
            <button type="button" className="button button--secondary" onClick={() => modal.send({ type: 'crossSell.leaveCancelled' })}>
              <Trans>No</Trans>
            </button>
          </>
        }
      >
        <p>
          <Trans>Contracts you have not signed yet stay unsigned. You can sign them later in self service.</Trans>
        </p>
      </Modal>
    );
  }
  return (
    <Modal open onClose={() => modal.send({ type: 'crossSell.closeRequested' })} title={<Trans>Sign your contracts</Trans>}>
      <ol className="cross-sell-contracts">
        {view.cards.map((card) => {
          const contract = contracts.find((item) => item.fileServiceId === card.fileServiceId);
          if (!contract) return null;
          const label = PRODUCT_LABELS[contract.productName];
          const name = label ? i18n._(label) : contract.productName;
          const amount = contract.amount === 0 ? t`free` : formatEur(contract.amount, i18n.locale);
          const headingId = `cross-sell-${card.fileServiceId}`;
          return (
            <li key={card.fileServiceId} className="cross-sell-contract" aria-labelledby={headingId}>
              <h3 id={headingId}>
                {card.index}. {name}
              </h3>
              {card.signed ? (
                <p className="cross-sell-contract__signed">
                  <Trans>Signed</Trans>
                </p>
              ) : null}
              <dl>
                <dt>
                  <Trans>Amount</Trans>
                </dt>
                <dd>{amount}</dd>
                <dt>
                  <Trans>Bank account</Trans>
                </dt>
                <dd>{shortenAccount(bankAccount)}</dd>
              </dl>
              {card.signed ? null : (
                <button
                  type="button"
                  className="button"
                  disabled={!card.canSign}
                  aria-describedby={headingId}
                  onClick={() => modal.send({ type: 'crossSell.signRequested', fileServiceId: card.fileServiceId })}
                >
                  {card.signing ? <Trans>Signing…</Trans> : <Trans>Sign</Trans>}
                </button>
              )}
              <a href={contract.downloadUrl} download aria-describedby={headingId}>
                <Trans>Download contract</Trans>
              </a>
            </li>
          );
        })}
      </ol>
    </Modal>
  );
}
