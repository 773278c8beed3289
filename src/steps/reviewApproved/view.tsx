import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { offerView, type OfferAccepted, type OfferField, type offerMachine } from './offer.machine';
import type { DraftInput } from '../../../machines/calculator/calculator-values';
import { ErrorSummary, type ErrorSummaryItem } from '../../components/error-summary';
import { PageHeading } from '../../components/page-heading';
import { RangeField } from '../../components/range-field';
import { SubmitButton } from '../../components/submit-button';
import { isLocale } from '../../../core/domain/languages';
import type { ApprovedOffer, OfferVariant } from '../../../core/domain/offers';
import type { ProductName } from '../../../core/domain/products';
import { useValidationMessage } from '../../i18n/validation-message';
import { formatAmount } from '../../../core/validation/format/money';
import { useApplicationActor } from '../_kit/application-actor';
import { CalculatorFigures } from '../../features/calculator/calculator-figures';
import { DeclineOffer, Figure, PreContractInformation, NoOffer, useApprovedOffer, useOfferFormat } from '../../features/offer-kit/offer-kit';
import { SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { useStepLogic } from '../_kit/use-step-logic';
import contract from './contract';

const AMOUNT_INPUT = 'offer-amount';
const PERIOD_INPUT = 'offer-period';
/** Where the server's field errors of the answer come back (server/offers/offer.service.ts). */
const SERVER_PATHS: Readonly<Record<OfferField, string>> = { amount: 'customData.offerAmount', period: 'customData.offerPeriod' };

function Heading({ variant }: { variant: OfferVariant }) {
  switch (variant) {
    case 'ADDITIONAL_CHECK':
      return <Trans>Your loan is approved, subject to a check of your income</Trans>;
    case 'FINAL':
      return <Trans>Your final loan offer</Trans>;
    case 'UPSALE':
      return <Trans>Your additional loan is approved</Trans>;
    case 'UPSALE_FINAL':
      return <Trans>Your final offer for an additional loan</Trans>;
    default:
      return <Trans>Your loan is approved</Trans>;
  }
}

function Intro({ variant }: { variant: OfferVariant }) {
  switch (variant) {
    case 'ADDITIONAL_CHECK':
      return (
        <Trans>
          This offer is based on the information in your application. For this amount we check your income before the contract: after you accept,
          we will ask for your bank account statements.
        </Trans>
      );
    case 'FINAL':
    case 'UPSALE_FINAL':
      return <Trans>We have checked your application. This offer is final: accept it to go on to the contract.</Trans>;
    default:
      return <Trans>This offer is based on the information in your application. We confirm it before you sign the contract.</Trans>;
  }
}

/** Section 2's "options and steps": what happens after accepting, by variant. */
function NextSteps({ variant }: { variant: OfferVariant }) {
  return (
    <>
      <h2 className="solis-subheading">
        <Trans>What happens next</Trans>
      </h2>
      <ol className="solis-list solis-list--number">
        <li>
          <Trans>Choose the amount and the period within the offer and accept it.</Trans>
        </li>
        <li>
          {variant === 'ADDITIONAL_CHECK' ? (
            <Trans>We ask for your bank account statements of the last months and check your income.</Trans>
          ) : variant === 'FINAL' || variant === 'UPSALE_FINAL' ? (
            <Trans>We prepare the contract with the terms you accepted.</Trans>
          ) : (
            <Trans>We confirm the offer and prepare the contract.</Trans>
          )}
        </li>
        <li>
          <Trans>You read the contract and the standard European consumer credit information, and sign the contract.</Trans>
        </li>
        <li>
          <Trans>We transfer the money to your bank account.</Trans>
        </li>
      </ol>
    </>
  );
}

/**
 * ReviewApproved (section 2, issue 12; decision 131): a loan's approved offer in its variant (initial,
 * additional check, final, upsale, upsale final), its figures as the server gave them, the offer
 * calculator (amount and period within the approved bounds, sliders and typed inputs side by side,
 * the figures recalculated by the bank's calculation), what happens next, and the answer: accept
 * with the chosen amount and period (the server re-checks them and computes the offer) or decline
 * after confirming.
 */
export default function ReviewApproved() {
  const offer = useApprovedOffer();
  return (
    <section className="step step--offer">
      <PageHeading focusKey="reviewApproved">{offer ? <Heading variant={offer.variant} /> : <Trans>Your loan offer</Trans>}</PageHeading>
      {offer ? <OfferForm offer={offer} /> : <NoOffer />}
    </section>
  );
}

function OfferForm({ offer }: { offer: ApprovedOffer }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const translate = useValidationMessage();
  const { eur, percent } = useOfferFormat();
  const actor = useApplicationActor();
  const product = useSelector(actor, (s) => s.context.products[offer.productName as ProductName]);
  const machine = useStepLogic<typeof offerMachine>('offer');
  const view = useSelector(machine, (s) => (s ? offerView(s) : null));
  const step = useContractForm(contract);
  const [focusRequest, setFocusRequest] = useState(0);
  const latestSubmit = useRef(step.submit);
  useEffect(() => {
    latestSubmit.current = step.submit;
  });

  // The machine learns the offer once it runs and the product data is in.
  const shown = useSelector(machine, (s) => (s ? !s.matches('waiting') : false));
  useEffect(() => {
    if (machine && product && !shown) machine.send({ type: 'offer.shown', offer, product });
  }, [machine, product, shown, offer]);

  useEffect(() => {
    if (!machine) return;
    const subscription = machine.on('offer.acceptedWith', (event: OfferAccepted) => {
      latestSubmit.current({ offerAnswer: 'ACCEPT', offerAmount: event.amount, offerPeriod: event.period });
    });
    return () => subscription.unsubscribe();
  }, [machine]);

  const draft = view?.draft ?? null;
  const serverErrors = step.submitError?.kind === 'validation' ? step.submitError.fieldErrors : {};
  const errorOf = (field: OfferField, input: DraftInput | undefined): string | undefined => {
    if (input && draft?.showProblems && input.problem) return translate(input.problem);
    const fromServer = serverErrors[SERVER_PATHS[field]]?.[0];
    return fromServer ? translate(fromServer) : undefined;
  };
  const amountError = errorOf('amount', draft?.amount);
  const periodError = errorOf('period', draft?.period);
  // The summary (which takes focus) only after an attempt to accept; a field's own message shows once it is left.
  const attempted = focusRequest > 0 || step.submitError?.kind === 'validation';
  const errors: ErrorSummaryItem[] = attempted
    ? [...(amountError ? [{ fieldId: AMOUNT_INPUT, message: amountError }] : []), ...(periodError ? [{ fieldId: PERIOD_INPUT, message: periodError }] : [])]
    : [];
  const { bounds } = offer;
  const months = (value: number) => plural(value, { one: '# month', other: '# months' });
  const textOf = (input: DraftInput, kind: 'money' | 'months') => input.text ?? (kind === 'money' ? formatAmount(input.value, locale) : String(input.value));
  const handlers = (field: OfferField) => ({
    onSlide: (value: number) => machine?.send({ type: 'offer.slid', field, value }),
    onType: (text: string) => machine?.send({ type: 'offer.typed', field, text, locale }),
    onLeave: () => machine?.send({ type: 'offer.left', field }),
  });
  const accept = (event: FormEvent) => {
    event.preventDefault();
    if (step.pending) return;
    machine?.send({ type: 'offer.accepted' });
    setFocusRequest((count) => count + 1);
  };
  const amountStep = view?.product?.amountStep ?? 100;

  return (
    <>
      <p className="solis-lead">
        <Intro variant={offer.variant} />
      </p>
      <ErrorSummary errors={errors} focusRequest={focusRequest} />
      <h2 className="solis-subheading">
        <Trans>The approved offer</Trans>
      </h2>
      <dl className="solis-figures__list">
        <Figure term={<Trans>Loan amount</Trans>}>{eur(offer.amount)}</Figure>
        <Figure term={<Trans>Period</Trans>}>{months(offer.period)}</Figure>
        <Figure term={<Trans>Monthly payment</Trans>}>{eur(offer.monthlyPayment)}</Figure>
        {/* Decision 184: a leasing's price as financed, its down payment and its residual, paid with the last payment. */}
        {offer.leasing && <Figure term={<Trans>Price of the asset, as financed</Trans>}>{eur(offer.leasing.financedPrice)}</Figure>}
        {offer.leasing && <Figure term={<Trans>Down payment</Trans>}>{eur(offer.leasing.downPayment)}</Figure>}
        {offer.residual !== undefined && <Figure term={<Trans>Residual value, paid with the last payment</Trans>}>{eur(offer.residual)}</Figure>}
        <Figure term={<Trans>Annual interest rate</Trans>}>{percent(offer.interestRate)}</Figure>
        <Figure term={<Trans>Annual percentage rate of charge (APR)</Trans>}>{percent(offer.annualPercentageRate)}</Figure>
        <Figure term={<Trans>Contract fee</Trans>}>{eur(offer.contractConclusionFee)}</Figure>
        <Figure term={<Trans>Monthly administration fee</Trans>}>{eur(offer.monthlyFee)}</Figure>
        <Figure term={<Trans>Total amount to repay</Trans>}>{eur(offer.totalRepaymentAmount)}</Figure>
        <Figure term={<Trans>Paid out to your account</Trans>}>{eur(offer.totalAmountTransferredToAccount)}</Figure>
      </dl>
      <PreContractInformation />
      <form noValidate onSubmit={accept} aria-labelledby="offer-choice-heading">
        <h2 className="solis-subheading" id="offer-choice-heading">
          <Trans>Choose your amount and period</Trans>
        </h2>
        <p className="solis-hint">
          {offer.leasing ? (
            <Trans>The amount financed and the period are those of the leasing you described: the price, less the down payment.</Trans>
          ) : (
            <Trans>
              You can borrow less than the approved amount, or take longer to repay. Both lower the monthly payment; the figures below change with
              your choice.
            </Trans>
          )}
        </p>
        {draft && view?.product ? (
          <>
            <RangeField
              inputId={AMOUNT_INPUT}
              label={t`Loan amount`}
              sliderName={t`Loan amount`}
              hint={t`From ${eur(bounds.minAmount)} to ${eur(bounds.maxAmount)}`}
              kind="money"
              min={bounds.minAmount}
              max={bounds.maxAmount}
              step={amountStep}
              value={draft.amount.value}
              text={textOf(draft.amount, 'money')}
              valueText={eur(draft.amount.value)}
              error={amountError}
              disabled={bounds.minAmount === bounds.maxAmount}
              {...handlers('amount')}
            />
            {bounds.minPeriod < bounds.maxPeriod ? (
              <RangeField
                inputId={PERIOD_INPUT}
                label={t`Loan period (months)`}
                sliderName={t`Loan period (months)`}
                hint={t`From ${bounds.minPeriod} to ${bounds.maxPeriod} months`}
                kind="months"
                min={bounds.minPeriod}
                max={bounds.maxPeriod}
                step={1}
                value={draft.period.value}
                text={textOf(draft.period, 'months')}
                valueText={months(draft.period.value)}
                error={periodError}
                {...handlers('period')}
              />
            ) : (
              <p>
                <Trans>The period is {months(bounds.minPeriod)}.</Trans>
              </p>
            )}
            <CalculatorFigures figures={view.figures} onRetry={() => machine?.send({ type: 'offer.retried' })} />
          </>
        ) : (
          <p role="status">
            <Trans>Loading the offer calculator…</Trans>
          </p>
        )}
        <NextSteps variant={offer.variant} />
        <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
          <Trans>Accept the offer</Trans>
        </SubmitButton>
        <DeclineOffer pending={step.pending} onDecline={() => step.submit({ offerAnswer: 'DECLINE', offerAmount: undefined, offerPeriod: undefined })}>
          <Trans>Decline the offer</Trans>
        </DeclineOffer>
      </form>
    </>
  );
}
