/**
 * The cross-sell contract signing modal (section 2; decisions 160-162): a card per contract with its
 * running index and product, the signed label, the amount (a card's issuing fee), the shortened bank
 * account, a sign button and a download button; the running signing (the method's own panel) below the
 * cards; closing asks "Leave?". A thin subscriber of the cross-sell modal machine and the step's
 * download machine.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { documentDownloadMachine } from '../../../machines/document-download/document-download.machine';
import { documentDownloadView } from '../../../machines/document-download/document-download.view';
import { crossSellModalView, type crossSellModalMachine } from '../../../machines/signing/cross-sell-modal.machine';
import { DownloadFeedback } from '../../components/document-download';
import { Modal } from '../../components/modal';
import type { ProductName } from '../../../core/domain/products';
import { formatEur } from '../../../core/validation/format/money';
import { PRODUCT_LABELS } from '../_kit/product-labels';

export interface CrossSellContract {
  fileServiceId: string;
  productName: ProductName;
  /** The offered amount of a loan. */
  amount: number;
  /** A credit card's issuing fee, shown instead of the amount; null for a loan. */
  cardIssuingFee?: number | null;
}

/** `EE382200221020145685` → `EE38 … 5685`: the country and check digits, then the last four. */
export function shortenAccount(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  return compact.length <= 8 ? compact : `${compact.slice(0, 4)} … ${compact.slice(-4)}`;
}

export interface CrossSellModalProps {
  modal: ActorRefFrom<typeof crossSellModalMachine>;
  contracts: readonly CrossSellContract[];
  /** The payout account, shown shortened; null when the application holds none. */
  bankAccount: string | null;
  /** The step's download machine (the PDF comes through the app's client, with the session). */
  download: ActorRefFrom<typeof documentDownloadMachine> | undefined;
  /** Where "Leave?" - yes goes (self service). */
  leaveTo?: string;
  /** The running signing of the active contract (the method's own panel). */
  children?: ReactNode;
}

export function CrossSellModal({ modal, contracts, bankAccount, download, leaveTo, children }: CrossSellModalProps) {
  const { i18n, t } = useLingui();
  const view = useSelector(modal, crossSellModalView);
  const downloadStatus = useSelector(download, documentDownloadView)?.status ?? 'idle';
  // Opened once mounted: the dialog finds the page's main landmark (its host) only after the first commit.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  if (view.left || view.allSigned) return null;
  if (view.askingToLeave) {
    return (
      <Modal
        open={mounted}
        onClose={() => modal.send({ type: 'crossSell.leaveCancelled' })}
        title={<Trans>Leave?</Trans>}
        actions={
          <>
            <button type="button" className="solis-button" onClick={() => modal.send({ type: 'crossSell.leaveConfirmed', ...(leaveTo ? { url: leaveTo } : {}) })}>
              <Trans>Yes</Trans>
            </button>{' '}
            <button type="button" className="solis-button solis-button--secondary" onClick={() => modal.send({ type: 'crossSell.leaveCancelled' })}>
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
    <Modal
      open={mounted}
      onClose={() => modal.send({ type: 'crossSell.closeRequested' })}
      title={<Trans>Sign your contracts</Trans>}
      // A visible way out for a phone without a back gesture; not while a contract is being signed
      // (the signing offers its own "Choose another way to sign").
      actions={
        view.cards.some((card) => card.signing) ? undefined : (
          <button type="button" className="solis-button solis-button--secondary" onClick={() => modal.send({ type: 'crossSell.closeRequested' })}>
            <Trans>Close</Trans>
          </button>
        )
      }
    >
      <ol className="cross-sell-contracts">
        {view.cards.map((card) => {
          const contract = contracts.find((item) => item.fileServiceId === card.fileServiceId);
          if (!contract) return null;
          const label = PRODUCT_LABELS[contract.productName];
          const name = label ? i18n._(label) : contract.productName;
          const isCard = contract.cardIssuingFee !== undefined && contract.cardIssuingFee !== null;
          const figure = isCard ? (contract.cardIssuingFee as number) : contract.amount;
          const amount = figure === 0 ? t`free` : formatEur(figure, i18n.locale);
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
                <dt>{isCard ? <Trans>Card issuing fee</Trans> : <Trans>Amount</Trans>}</dt>
                <dd>{amount}</dd>
                {bankAccount ? (
                  <>
                    <dt>
                      <Trans>Bank account</Trans>
                    </dt>
                    <dd>{shortenAccount(bankAccount)}</dd>
                  </>
                ) : null}
              </dl>
              {card.signed ? null : (
                <button
                  type="button"
                  className="solis-button"
                  disabled={!card.canSign}
                  aria-describedby={headingId}
                  onClick={() => modal.send({ type: 'crossSell.signRequested', fileServiceId: card.fileServiceId })}
                >
                  {card.signing ? <Trans>Signing…</Trans> : <Trans>Sign</Trans>}
                </button>
              )}
              {' '}
              <button
                type="button"
                className="solis-button solis-button--secondary"
                aria-describedby={headingId}
                aria-disabled={!download || downloadStatus === 'downloading'}
                onClick={() => {
                  if (download && downloadStatus !== 'downloading') download.send({ type: 'download.requested', document: { kind: 'contract', fileServiceId: card.fileServiceId } });
                }}
              >
                <Trans>Download contract</Trans>
              </button>
            </li>
          );
        })}
      </ol>
      <DownloadFeedback download={download} />
      {children}
    </Modal>
  );
}
