import type { ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { CalculatedFigures, CalculationRequest } from '../../../machines/calculator/calculator.machine';
import type { FiguresView } from '../../../machines/calculator/calculator-view';
import { formatEur, formatPercent } from '../../../core/validation/format/money';
import './calculator.css';

export interface CalculatorFiguresProps {
  figures: FiguresView;
  /** Asks again after a failed calculation. */
  onRetry: () => void;
  /** The figures' heading level in the page's outline. */
  headingLevel?: 2 | 3;
  /** Shown between the summary and the details (the modal's buttons, near the inputs). */
  actions?: ReactNode;
}

/** Section 7: the representative example the Consumer Credit Directive asks for (Article 4), in words. */
function RepresentativeExample({ request, figures }: { request: CalculationRequest; figures: CalculatedFigures }) {
  const { i18n } = useLingui();
  const eur = (value: number) => formatEur(value, i18n.locale);
  const amount = eur(request.amount);
  const rate = formatPercent(request.interestRate, i18n.locale);
  const apr = figures.annualPercentageRate === null ? '–' : formatPercent(figures.annualPercentageRate, i18n.locale);
  const fee = eur(figures.contractConclusionFee);
  const monthlyFee = eur(figures.monthlyFee);
  const payment = eur(figures.monthlyPayment);
  const total = eur(figures.totalRepaymentAmount);
  const months = request.periodMonths;
  if (request.productType === 'CREDIT_CARD') {
    return (
      <Trans>
        Representative example: a credit limit of {amount} used in full at once and repaid in {months} equal monthly payments, at an
        annual interest rate of {rate} and a monthly card fee of {monthlyFee}. The annual percentage rate of charge (APR) is {apr}, the
        monthly payment {payment} and the total amount to repay {total}.
      </Trans>
    );
  }
  if (request.productType === 'HIRE_PURCHASE') {
    return (
      <Trans>
        Representative example: a hire purchase of {amount} for {months} months with interest of {rate} a year on the amount, a contract
        fee of {fee} and a monthly administration fee of {monthlyFee}. The annual percentage rate of charge (APR) is {apr}, the monthly
        payment {payment} and the total amount to repay {total}.
      </Trans>
    );
  }
  return (
    <Trans>
      Representative example: a loan of {amount} for {months} months at a fixed annual interest rate of {rate}, with a contract fee of{' '}
      {fee} and a monthly administration fee of {monthlyFee}. The annual percentage rate of charge (APR) is {apr}, the monthly payment{' '}
      {payment} and the total amount to repay {total}.
    </Trans>
  );
}

/**
 * The calculated figures: a short summary in a polite live region (read out once the figures for the
 * current values are in; "Calculating…" while they are not, never an older figure as current), then
 * every figure and the representative example.
 */
export function CalculatorFigures({ figures, onRetry, headingLevel = 3, actions }: CalculatorFiguresProps) {
  const { i18n } = useLingui();
  const eur = (value: number) => formatEur(value, i18n.locale);
  const percent = (value: number | null) => (value === null ? '–' : formatPercent(value, i18n.locale));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const busy = figures.status === 'calculating';
  const shown = figures.status === 'shown' ? figures : null;
  // Every row is always there, a dash standing in until its figure is known: the figures arriving
  // change text, not the layout (no shift, issue 8).
  const value = (render: (view: NonNullable<typeof shown>) => ReactNode) => (shown ? render(shown) : '–');
  return (
    <div className="solis-figures">
      <Heading className="solis-figures__title">
        <Trans>Your monthly payment</Trans>
      </Heading>
      <p className="solis-figures__summary" role="status" aria-live="polite" aria-atomic="true" aria-busy={busy || undefined}>
        {shown ? (
          <Trans>
            <strong className="solis-figures__payment">{eur(shown.figures.monthlyPayment)}</strong> a month. Annual percentage rate of charge
            (APR) {percent(shown.figures.annualPercentageRate)}.
          </Trans>
        ) : figures.status === 'calculating' ? (
          <Trans>Calculating…</Trans>
        ) : figures.status === 'failed' ? (
          <Trans>We could not calculate the payment just now.</Trans>
        ) : (
          <Trans>The payment is shown when the amount and period are within the limits.</Trans>
        )}
      </p>
      {figures.status === 'failed' && (
        <button type="button" className="solis-button solis-button--secondary" onClick={onRetry}>
          <Trans>Calculate again</Trans>
        </button>
      )}
      {actions}
      <dl className="solis-figures__list">
        <div>
          <dt>{shown?.request.productType === 'HIRE_PURCHASE' ? <Trans>Interest on the amount, a year</Trans> : <Trans>Annual interest rate</Trans>}</dt>
          <dd>{value((view) => percent(view.request.interestRate))}</dd>
        </div>
        <div>
          <dt>
            <Trans>Annual percentage rate of charge (APR)</Trans>
          </dt>
          <dd>{value((view) => percent(view.figures.annualPercentageRate))}</dd>
        </div>
        <div>
          <dt>
            <Trans>Contract fee</Trans>
          </dt>
          <dd>{value((view) => eur(view.figures.contractConclusionFee))}</dd>
        </div>
        <div>
          <dt>
            <Trans>Monthly administration fee</Trans>
          </dt>
          <dd>{value((view) => eur(view.figures.monthlyFee))}</dd>
        </div>
        <div>
          <dt>
            <Trans>Paid out</Trans>
          </dt>
          <dd>{value((view) => eur(view.figures.totalAmountTransferredToAccount))}</dd>
        </div>
        <div>
          <dt>
            <Trans>Total amount to repay</Trans>
          </dt>
          <dd>{value((view) => eur(view.figures.totalRepaymentAmount))}</dd>
        </div>
        <div>
          <dt>
            <Trans>Period</Trans>
          </dt>
          <dd>{value((view) => <Plural value={view.request.periodMonths} one="# month" other="# months" />)}</dd>
        </div>
      </dl>
      <p className="solis-figures__example">{shown && <RepresentativeExample request={shown.request} figures={shown.figures} />}</p>
    </div>
  );
}
