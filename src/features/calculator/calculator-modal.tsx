import { useSelector } from '@xstate/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import type { DraftField, calculatorMachine } from '../../../machines/calculator/calculator.machine';
import { calculatorView, type CalculatorView, type FiguresView } from '../../../machines/calculator/calculator-view';
import type { DraftInput } from '../../../machines/calculator/calculator-values';
import { TextField, type BoundFieldProps } from '../../components/form/form-fields';
import { Modal } from '../../components/modal';
import { RangeField } from '../../components/range-field';
import { isLocale } from '../../../core/domain/languages';
import { maxOwnContribution } from '../../../core/validation/general/housing';
import { useValidationMessage } from '../../i18n/validation-message';
import { formatAmount, formatEur, formatPercent } from '../../../core/validation/format/money';
import { CalculatorFigures } from './calculator-figures';
import { PRODUCT_LABELS } from '../../steps/_kit/product-labels';
import type { MessageDescriptor } from '@lingui/core';
import type { ProductName } from '../../../core/domain/products';

export type CalculatorRef = ActorRefFrom<typeof calculatorMachine>;

export interface CalculatorModalProps {
  calculator: CalculatorRef;
  /** Where focus goes when the modal closes if it opened by itself (the button that reopens it). */
  returnFocusTo?: () => HTMLElement | null;
  /** The names of the products the step offers (corporate banking's are apart from retail's, decision 181). */
  productLabels?: Partial<Record<ProductName, MessageDescriptor>>;
}

/**
 * Section 2's calculator modal: amount and period with sliders and typed inputs side by side, the
 * figures as they are calculated, and "Use these figures", which alone applies them to the step.
 * JSX and events only: the calculator machine decides.
 */
export function CalculatorModal({ calculator, returnFocusTo, productLabels = PRODUCT_LABELS }: CalculatorModalProps) {
  const { t, i18n } = useLingui();
  const translate = useValidationMessage();
  const view = useSelector(calculator, calculatorView);
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const { draft, product } = view;
  const open = view.dialog === 'open' && draft !== null && product !== undefined;
  const send = calculator.send;
  const eur = (value: number) => formatEur(value, locale);
  const months = (value: number) => plural(value, { one: '# month', other: '# months' });
  const textOf = (input: DraftInput, kind: 'money' | 'months') => input.text ?? (kind === 'money' ? formatAmount(input.value, locale) : String(input.value));
  const errorOf = (input: DraftInput | null) => (draft?.showProblems && input?.problem ? translate(input.problem) : undefined);
  const handlers = (field: DraftField) => ({
    onSlide: (value: number) => send({ type: 'calculator.slid', field, value }),
    onType: (text: string) => send({ type: 'calculator.typed', field, text, locale }),
    onLeave: () => send({ type: 'calculator.left', field }),
  });
  const productLabel = product ? productLabels[product.productName] : undefined;
  const amountFixed = !view.amountEditable;

  return (
    <Modal
      open={open}
      title={<Trans>Loan calculator</Trans>}
      sheet
      onClose={() => send({ type: 'calculator.dismissed' })}
      {...(returnFocusTo ? { returnFocusTo } : {})}
    >
      {open && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // The modal's form is portalled out of the step's form, but React events still bubble
            // through the component tree: this submit must not reach the step's form.
            event.stopPropagation();
            send({ type: 'calculator.submitted' });
          }}
        >
          <p className="solis-hint">
            {productLabel ? <>{i18n._(productLabel)}. </> : null}
            <Trans>Choose the amount and the period. Your application changes only when you select “Use these figures”.</Trans>
          </p>
          {draft.price && draft.ownContribution ? (
            <>
              <RangeField
                label={t`Price of the home`}
                sliderName={t`Price of the home`}
                kind="money"
                min={product.minAmount}
                max={Math.max(product.maxAmount * 2, draft.price.value)}
                step={product.amountStep}
                value={draft.price.value}
                text={textOf(draft.price, 'money')}
                valueText={eur(draft.price.value)}
                error={errorOf(draft.price)}
                disabled={amountFixed}
                {...handlers('price')}
              />
              <RangeField
                label={t`Your own contribution`}
                sliderName={t`Your own contribution`}
                hint={t`Up to 90% of the price: ${eur(maxOwnContribution(draft.price.value))}`}
                kind="money"
                min={0}
                max={Math.max(maxOwnContribution(draft.price.value), draft.ownContribution.value)}
                step={product.amountStep}
                value={draft.ownContribution.value}
                text={textOf(draft.ownContribution, 'money')}
                valueText={eur(draft.ownContribution.value)}
                error={errorOf(draft.ownContribution)}
                disabled={amountFixed}
                {...handlers('ownContribution')}
              />
              <p className="solis-calculator-amount">
                <Trans>Loan amount: {eur(draft.amount.value)}</Trans>
              </p>
            </>
          ) : (
            <RangeField
              label={product.productType === 'CREDIT_CARD' ? t`Credit limit` : t`Loan amount`}
              sliderName={product.productType === 'CREDIT_CARD' ? t`Credit limit` : t`Loan amount`}
              hint={t`From ${eur(product.minAmount)} to ${eur(product.maxAmount)}`}
              kind="money"
              min={product.minAmount}
              max={product.maxAmount}
              step={product.amountStep}
              value={draft.amount.value}
              text={textOf(draft.amount, 'money')}
              valueText={eur(draft.amount.value)}
              error={errorOf(draft.amount)}
              disabled={amountFixed}
              {...handlers('amount')}
            />
          )}
          {product.minPeriod < product.maxPeriod && (
            <RangeField
              label={t`Loan period (months)`}
              sliderName={t`Loan period (months)`}
              hint={t`From ${product.minPeriod} to ${product.maxPeriod} months`}
              kind="months"
              min={product.minPeriod}
              max={product.maxPeriod}
              step={1}
              value={draft.period.value}
              text={textOf(draft.period, 'months')}
              valueText={months(draft.period.value)}
              error={errorOf(draft.period)}
              {...handlers('period')}
            />
          )}
          <CalculatorFigures
            figures={view.figures}
            onRetry={() => send({ type: 'calculator.retried' })}
            actions={
              <div className="solis-modal__actions">
                <button type="submit" className="solis-button">
                  <Trans>Use these figures</Trans>
                </button>
                <button type="button" className="solis-button solis-button--secondary" onClick={() => send({ type: 'calculator.dismissed' })}>
                  <Trans>Cancel</Trans>
                </button>
              </div>
            }
          />
        </form>
      )}
    </Modal>
  );
}

export interface CalculatorSummaryProps {
  /** The step's calculator (its logic's `calculator`), when it runs. */
  calculator: CalculatorRef | undefined;
  /** Its view (`useCalculator`), null before it runs. */
  view: CalculatorView | null;
  /** The figures of the step's own values (`useCalculator`). */
  stepFigures: FiguresView;
  /** A credit card: its rate and APR, no monthly payment. */
  card?: boolean;
  /** See CalculatorModalProps.productLabels. */
  productLabels?: Partial<Record<ProductName, MessageDescriptor>>;
}

/**
 * A step's loan figures under its amount and period (the create step, the partner short flow's
 * background step): the monthly payment and APR announced politely, the button that opens the
 * calculator modal again, and the modal (section 2).
 */
export function CalculatorSummary({ calculator, view, stepFigures, card = false, productLabels }: CalculatorSummaryProps) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const openButton = useRef<HTMLButtonElement>(null);
  const apr = (rate: number | null) => (rate === null ? '–' : formatPercent(rate, locale));
  return (
    <>
      <div className="solis-calculator-summary">
        <p className="solis-monthly-payment" role="status" aria-live="polite">
          {stepFigures.status === 'shown' ? (
            card ? (
              <Trans>
                Interest rate {formatPercent(stepFigures.request.interestRate, locale)}, APR {apr(stepFigures.figures.annualPercentageRate)}.
              </Trans>
            ) : (
              <Trans>
                Monthly payment: <strong>{formatEur(stepFigures.figures.monthlyPayment, locale)}</strong>, APR {apr(stepFigures.figures.annualPercentageRate)}
              </Trans>
            )
          ) : stepFigures.status === 'failed' ? (
            <Trans>Monthly payment: we could not calculate it right now. It will be shown in your offer.</Trans>
          ) : stepFigures.status === 'calculating' ? (
            <Trans>Monthly payment: calculating…</Trans>
          ) : (
            <Trans>Monthly payment: shown when the amount and period are within the limits.</Trans>
          )}
        </p>
        {view && view.dialog !== 'hidden' && view.dialog !== 'waiting' && (
          <button
            ref={openButton}
            type="button"
            className="solis-button solis-button--secondary"
            aria-disabled={view.canOpen ? undefined : true}
            onClick={() => {
              if (view.canOpen) calculator?.send({ type: 'calculator.opened' });
            }}
          >
            <Trans>Open the loan calculator</Trans>
          </button>
        )}
      </div>
      {calculator && <CalculatorModal calculator={calculator} returnFocusTo={() => openButton.current} {...(productLabels ? { productLabels } : {})} />}
    </>
  );
}

/** The loan period typed beside the calculator summary, with the product's bounds as its hint. */
export function LoanPeriodField<TValues extends FieldValues, TOutput>({
  form,
  name,
  product,
}: Pick<BoundFieldProps<TValues, TOutput>, 'form' | 'name'> & { product: { minPeriod: number; maxPeriod: number } | undefined }) {
  const { t } = useLingui();
  return (
    <TextField
      form={form}
      name={name}
      label={t`Loan period (months)`}
      hint={product ? t`From ${product.minPeriod} to ${product.maxPeriod} months` : undefined}
      autoComplete="off"
      inputMode="numeric"
      width="10"
    />
  );
}
