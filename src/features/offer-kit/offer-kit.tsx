/**
 * The pieces the offer pages share (issue 12, decision 131): ReviewApproved and ViewCreditCardOffer.
 * The approved offer comes with the application's decision (`application.decision.offer`; a card
 * offered with a loan as `application.decision.crossSellOffer`, decision 174), read here
 * with its own schema so the first page carries none; its figures are the server's.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useRef, useState, type ReactNode } from 'react';
import * as v from 'valibot';
import type { documentDownloadMachine } from '../../../machines/document-download/document-download.machine';
import { DocumentDownload } from '../../components/document-download';
import { Modal } from '../../components/modal';
import type { ApprovedOffer } from '../../../core/domain/offers';
import { formatEur, formatPercent } from '../../../core/validation/format/money';
import { ApprovedOfferSchema } from '../../../core/wire/offer.schema';
import { productTypeOf } from '../../../core/domain/products';
import { useApplicationActor } from '../../steps/_kit/application-actor';
import { useStepLogic } from '../../steps/_kit/use-step-logic';
import './offer-kit.css';


/** The approved offer of the application's positive decision; null when the application holds none. */
export function useApprovedOffer(): ApprovedOffer | null {
  const actor = useApplicationActor();
  const offer = useSelector(actor, (s) => s.context.application?.decision?.offer);
  const parsed = v.safeParse(ApprovedOfferSchema, offer);
  return parsed.success ? parsed.output : null;
}

/**
 * The offer ViewCreditCardOffer shows (decision 174): a card application's own, or, on a loan's
 * application, the card offered with the loan (`decision.crossSellOffer`). `withLoan` says which, so
 * the page tells the applicant the card comes with their loan and declining it keeps the loan.
 */
export function useCardOffer(): { offer: ApprovedOffer | null; withLoan: boolean } {
  const actor = useApplicationActor();
  const withLoan = useSelector(actor, (s) => productTypeOf(s.context.application?.creditConditions.productName) !== 'CREDIT_CARD');
  const offer = useSelector(actor, (s) => (withLoan ? s.context.application?.decision?.crossSellOffer : s.context.application?.decision?.offer));
  const parsed = v.safeParse(ApprovedOfferSchema, offer);
  return { offer: parsed.success ? parsed.output : null, withLoan };
}

/** A page's words when the application holds no offer (a reload while the bank changed it): nothing to accept. */
export function NoOffer() {
  return (
    <p>
      <Trans>We cannot show the offer just now. Reload the page in a moment; if it still does not show, please contact us.</Trans>
    </p>
  );
}

/** One row of an offer's figures. */
export function Figure({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Money and percentages in the applicant's language (section 9). */
export function useOfferFormat() {
  const { i18n } = useLingui();
  return {
    eur: (value: number) => formatEur(value, i18n.locale),
    percent: (value: number | null) => (value === null ? '–' : formatPercent(value, i18n.locale)),
  };
}

/**
 * Declining an offer is once-only: the applicant confirms it in a dialog first (the accessible modal),
 * and the page sends the answer only on "Yes, decline".
 */
export function DeclineOffer({
  onDecline,
  pending,
  children,
  words,
}: {
  onDecline: () => void;
  pending: boolean;
  children: ReactNode;
  /** The dialog's own words where declining means something else (a card offered with a loan declines only the card). */
  words?: { title: ReactNode; confirm: ReactNode; consequence: ReactNode };
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} type="button" className="solis-button solis-button--secondary" onClick={() => setOpen(true)}>
        {children}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={words?.title ?? <Trans>Decline the offer?</Trans>}
        returnFocusTo={() => opener.current}
        actions={
          <>
            <button
              type="button"
              className="solis-button"
              aria-disabled={pending || undefined}
              onClick={() => {
                if (pending) return;
                setOpen(false);
                onDecline();
              }}
            >
              {words?.confirm ?? <Trans>Yes, decline the offer</Trans>}
            </button>
            <button type="button" className="solis-button solis-button--secondary" onClick={() => setOpen(false)}>
              <Trans>No, go back to the offer</Trans>
            </button>
          </>
        }
      >
        <p>{words?.consequence ?? <Trans>If you decline, the application is closed and the offer can no longer be accepted. You can apply again at any time.</Trans>}</p>
      </Modal>
    </>
  );
}

const PRE_CONTRACT_INFORMATION = { kind: 'preContractInformation' } as const;

/**
 * The standard European consumer credit information of the offer (the EU form of the Consumer Credit
 * Directive; issue 12, decision 138), as a PDF the reference API draws up from the approved offer:
 * offered before the applicant accepts, to compare with other lenders' offers. The offer pages run a
 * download machine as `preContractDownload`.
 */
export function PreContractInformation() {
  const download = useStepLogic<typeof documentDownloadMachine>('preContractDownload');
  return (
    <section aria-labelledby="pre-contract-heading">
      <h2 className="solis-subheading" id="pre-contract-heading">
        <Trans>Standard information before the contract</Trans>
      </h2>
      <p>
        <Trans>The standard European consumer credit information sets out this offer’s terms in the same form every lender uses, so you can compare offers before you decide.</Trans>
      </p>
      <DocumentDownload download={download} document={PRE_CONTRACT_INFORMATION} label={<Trans>Download the standard information (PDF)</Trans>} />
    </section>
  );
}
