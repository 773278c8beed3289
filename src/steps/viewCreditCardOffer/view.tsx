import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../components/modal';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import type { ApprovedOffer } from '../../../core/domain/offers';
import type { ProductName } from '../../../core/domain/products';
import { useApplicationActor } from '../_kit/application-actor';
import { DeclineOffer, Figure, PreContractInformation, NoOffer, useCardOffer, useOfferFormat } from '../../features/offer-kit/offer-kit';
import { PRODUCT_LABELS } from '../_kit/product-labels';
import { SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import contract from './contract';

/** Section 2's two variants: the offer shown after the bank details (the automatic decision's) and the final one (after the bank's checks). */
const isFinal = (offer: ApprovedOffer) => offer.variant === 'FINAL' || offer.variant === 'UPSALE_FINAL';

/**
 * ViewCreditCardOffer (section 2, issue 12; decision 131): a credit card's approved offer in its
 * after-bank-details or final variant: the limit, interest rate, APR and fees (the card issuing fee,
 * free when 0), the details, the card's terms in the accessible modal, and the controls: accept (the
 * limit is the approved one; the server takes it from the offer it holds) or decline after confirming.
 * Decision 174: on a loan's application it is the card offered with the loan, and says so: declining
 * the card keeps the loan, whose contract comes next either way.
 */
export default function ViewCreditCardOffer() {
  const { offer, withLoan } = useCardOffer();
  return (
    <section className="step step--offer">
      <PageHeading focusKey="viewCreditCardOffer">
        {withLoan ? (
          <Trans>A credit card with your loan</Trans>
        ) : offer && isFinal(offer) ? (
          <Trans>Your final credit card offer</Trans>
        ) : (
          <Trans>Your credit card is approved</Trans>
        )}
      </PageHeading>
      {offer ? <CardOffer offer={offer} withLoan={withLoan} /> : <NoOffer />}
    </section>
  );
}

/** Decision 174: what the page says of the loan the card comes with. */
function WithYourLoan() {
  return (
    <div className="solis-inset-text">
      <p>
        <Trans>Your loan is approved and its offer accepted. We can also offer you this credit card.</Trans>
      </p>
      <p>
        <strong>
          <Trans>Declining the card does not change your loan: either way, you go on to your loan’s contract next.</Trans>
        </strong>
      </p>
    </div>
  );
}

function CardOffer({ offer, withLoan }: { offer: ApprovedOffer; withLoan: boolean }) {
  const { t, i18n } = useLingui();
  const { eur, percent } = useOfferFormat();
  const actor = useApplicationActor();
  const product = useSelector(actor, (s) => s.context.products[offer.productName as ProductName]);
  const step = useContractForm(contract);
  const [termsOpen, setTermsOpen] = useState(false);
  const termsButton = useRef<HTMLButtonElement>(null);
  const label = PRODUCT_LABELS[offer.productName as ProductName];
  const fee = (value: number) => (value === 0 ? <Trans>Free</Trans> : eur(value));
  const minimumPayment = product?.minMonthlyPayment ?? null;
  const accept = (event: FormEvent) => {
    event.preventDefault();
    if (!step.pending) step.submit({ offerAnswer: 'ACCEPT' });
  };
  const crossSellSigning = step.context.flags?.has('crossSellSigning') === true;
  return (
    <>
      {withLoan && <WithYourLoan />}
      <p className="solis-lead">
        {isFinal(offer) ? (
          <Trans>We have checked your application. This offer is final: accept it to go on to the contract.</Trans>
        ) : (
          <Trans>This offer is based on the information in your application. We confirm it before you sign the contract.</Trans>
        )}
      </p>
      <h2 className="solis-subheading">{label ? i18n._(label) : <Trans>Credit card</Trans>}</h2>
      <dl className="solis-figures__list">
        <Figure term={<Trans>Credit limit</Trans>}>{eur(offer.amount)}</Figure>
        <Figure term={<Trans>Annual interest rate</Trans>}>{percent(offer.interestRate)}</Figure>
        <Figure term={<Trans>Annual percentage rate of charge (APR)</Trans>}>{percent(offer.annualPercentageRate)}</Figure>
        <Figure term={<Trans>Card issuing fee</Trans>}>{fee(offer.contractConclusionFee)}</Figure>
        <Figure term={<Trans>Monthly card fee</Trans>}>{fee(offer.monthlyFee)}</Figure>
      </dl>
      <h2 className="solis-subheading">
        <Trans>Details</Trans>
      </h2>
      <ul className="solis-list solis-list--bullet">
        <li>
          <Trans>Interest is charged only on the part of the limit you use, from the day you use it.</Trans>
        </li>
        {minimumPayment !== null && (
          <li>
            <Trans>Each month you pay at least {eur(minimumPayment)}, or the whole amount used if it is less.</Trans>
          </li>
        )}
        <li>
          <Trans>
            Representative example: a credit limit of {eur(offer.amount)} used in full at once and repaid in {offer.period} equal monthly payments
            of {eur(offer.monthlyPayment)}. The total amount to repay is {eur(offer.totalRepaymentAmount)}.
          </Trans>
        </li>
      </ul>
      <p>
        <button ref={termsButton} type="button" className="solis-button solis-button--secondary" onClick={() => setTermsOpen(true)}>
          <Trans>Read the card’s terms</Trans>
        </button>
      </p>
      <PreContractInformation />
      <Modal open={termsOpen} onClose={() => setTermsOpen(false)} title={<Trans>The card’s terms</Trans>} returnFocusTo={() => termsButton.current}
        actions={
          <button type="button" className="solis-button" onClick={() => setTermsOpen(false)}>
            <Trans>Close</Trans>
          </button>
        }
      >
        <ul className="solis-list solis-list--bullet">
          <li>
            <Trans>The credit limit is {eur(offer.amount)}. You can use it for purchases and payments, as often as you like within the limit.</Trans>
          </li>
          <li>
            <Trans>The interest rate is {percent(offer.interestRate)} a year and fixed. What you repay becomes available to use again.</Trans>
          </li>
          <li>
            <Trans>The monthly card fee is charged even in months you do not use the card.</Trans>
          </li>
          <li>
            <Trans>You may withdraw from the contract within 14 days of signing it without giving a reason, and repay the card at any time free of charge.</Trans>
          </li>
        </ul>
      </Modal>
      <form noValidate onSubmit={accept} aria-label={t`Your answer to the offer`}>
        <h2 className="solis-subheading">
          <Trans>What happens next</Trans>
        </h2>
        <p>
          {!withLoan ? (
            <Trans>After you accept, we prepare the contract. You read it with the standard European consumer credit information and sign it; then we send you the card.</Trans>
          ) : crossSellSigning ? (
            <Trans>If you accept, we prepare the card’s contract beside your loan’s, and you sign them one after the other; then we send you the card.</Trans>
          ) : (
            <Trans>If you accept, you sign your loan’s contract now; we then offer you the card’s contract to sign in self-service or at a branch.</Trans>
          )}
        </p>
        <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
          {withLoan ? <Trans>Accept the card</Trans> : <Trans>Accept the offer</Trans>}
        </SubmitButton>
        <DeclineOffer
          pending={step.pending}
          onDecline={() => step.submit({ offerAnswer: 'DECLINE' })}
          {...(withLoan
            ? {
                words: {
                  title: <Trans>Decline the card?</Trans>,
                  confirm: <Trans>Yes, decline the card</Trans>,
                  consequence: <Trans>Only the card is declined: your loan stays approved and you go on to its contract. The card can no longer be accepted with this application.</Trans>,
                },
              }
            : {})}
        >
          {withLoan ? <Trans>Decline the card</Trans> : <Trans>Decline the offer</Trans>}
        </DeclineOffer>
      </form>
    </>
  );
}
