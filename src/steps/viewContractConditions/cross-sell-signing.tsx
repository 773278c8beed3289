/**
 * Cross-sell signing on ViewContractConditions (decision 162), loaded lazily with its modal: the
 * contracts of the step's details as cards, the method's own panel for the contract being signed, and
 * where "Leave?" - yes goes (self service; the step's machine sends the browser there). A thin subscriber: the step's machine runs
 * the cross-sell modal machine (`crossSell`), which runs the method's machine per contract (`signer`).
 */
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { documentDownloadMachine } from '../../../machines/document-download/document-download.machine';
import type { contractSigningMachine } from '../../../machines/signing/contract-signing.machine';
import { contractSigningView } from '../../../machines/signing/contract-signing.view';
import type { crossSellModalMachine } from '../../../machines/signing/cross-sell-modal.machine';
import { Spinner } from '../../components/spinner';
import type { Locale } from '../../../core/domain/languages';
import { isProductName } from '../../../core/domain/products';
import { useRuntimeConfig } from '../_kit/runtime-config-context';
import { CrossSellModal, type CrossSellContract } from './cross-sell-modal';

export interface CrossSellSigningProps {
  signing: ActorRefFrom<typeof contractSigningMachine> | undefined;
  download: ActorRefFrom<typeof documentDownloadMachine> | undefined;
  /** The method's own signing panel for the running signer (Smart-ID / Mobile-ID / eParaksts). */
  renderSigner: (signer: AnyActorRef) => ReactNode;
  locale: Locale;
}

export default function CrossSellSigning({ signing, download, renderSigner, locale }: CrossSellSigningProps) {
  const config = useRuntimeConfig();
  // "Leave?" - yes: the configured self service; without one (a test set-up), the bank's home page.
  const selfServiceHref = config.selfServiceUrl ?? (locale === config.defaultLocale ? '/' : `/?lang=${locale}`);
  const view = useSelector(signing, contractSigningView);
  const modal = useSelector(signing, (s) => s?.children['crossSell']) as ActorRefFrom<typeof crossSellModalMachine> | undefined;
  const signer = useSelector(modal, (s) => s?.children['signer']) as AnyActorRef | undefined;
  // "Leave?" - yes: the step's machine sends the browser there.
  if (view.status === 'left') {
    return (
      <p className="solis-loading-inline" role="status">
        <Spinner size="small" /> <Trans>Taking you to self service…</Trans>
      </p>
    );
  }
  if (!modal || !view.details) return null;
  const contracts: CrossSellContract[] = view.details.contractsInfo.flatMap((info) =>
    isProductName(info.productName) ? [{ fileServiceId: info.fileServiceId, productName: info.productName, amount: info.amount, cardIssuingFee: info.cardIssuingFee }] : [],
  );
  return (
    <CrossSellModal modal={modal} contracts={contracts} bankAccount={view.details.payoutAccount} download={download} leaveTo={selfServiceHref}>
      {signer ? renderSigner(signer) : null}
    </CrossSellModal>
  );
}
