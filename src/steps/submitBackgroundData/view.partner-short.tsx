import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { ProductName } from '../../../core/domain/products';
import { formatEur } from '../../../core/validation/format/money';
import { CalculatorSummary, LoanPeriodField } from '../../features/calculator/calculator-modal';
import { PRODUCT_LABELS } from '../_kit/product-labels';
import { useRuntimeConfig } from '../_kit/runtime-config-context';
import { useCalculator } from '../../features/calculator/use-calculator';
import { asksLoanPeriod } from './contract';
import { BackgroundForm, type BackgroundStep } from './fields';
import { useLatvianHints } from './latvian-hints';

/**
 * SubmitBackgroundInfo in the partner short flow (section 2; decision 097): the applicant's
 * background questions, and before them the loan the partner set up, with the calculator modal,
 * which opens when the step is shown (meta `opensCalculator`). The partner set the amount: the modal
 * shows it but does not let it change (meta `calculatorAmountEditable`); the period may change, and
 * "Use these figures" puts it in the step's period field, sent with the step.
 */
export default function SubmitBackgroundDataPartnerShort() {
  const { t } = useLingui();
  const { countryCode } = useRuntimeConfig();
  // Chosen over the Latvian screen (core/domain/step-variants.ts), so it gives Latvia's hints itself.
  const latvianHints = useLatvianHints();
  return (
    <BackgroundForm
      heading={t`About you`}
      offerCoApplicant
      {...(countryCode === 'LV' ? { hints: latvianHints } : {})}
      loan={(step) => <PartnerLoan step={step} />}
    />
  );
}

/** Whole months as the calculator reads them; anything else is no period yet. */
function periodOf(typed: string | undefined): number | null {
  const text = (typed ?? '').trim();
  return /^\d{1,3}$/.test(text) ? Number(text) : null;
}

function PartnerLoan({ step }: { step: BackgroundStep }) {
  const { i18n } = useLingui();
  const { form } = step.stepForm;
  const { locale, products, productName, prefill } = step.context;
  const amount = typeof prefill?.['loanAmount'] === 'number' ? prefill['loanAmount'] : null;
  const period = useWatch({ control: form.control, name: 'loanPeriod' });
  const { calculator, view: calculatorState, stepFigures } = useCalculator({ form, amount: null, period: 'loanPeriod', locale });

  // The calculator follows the step's values: the application's product and amount, the typed period.
  useEffect(() => {
    calculator?.send({ type: 'calculator.stepChanged', values: { productName: productName ?? null, amount, period: periodOf(period) } });
  }, [calculator, productName, amount, period]);

  if (!asksLoanPeriod(step.context)) return null;
  const product = productName ? products?.[productName as ProductName] : undefined;
  const productLabel = productName ? PRODUCT_LABELS[productName as ProductName] : undefined;
  const eur = (value: number) => formatEur(value, locale);

  return (
    <fieldset className="solis-fieldset">
      <legend className="solis-fieldset__legend">
        <Trans>Your loan</Trans>
      </legend>
      {productName && (
        <p>
          <Trans>Product: {productLabel ? i18n._(productLabel) : productName}</Trans>
        </p>
      )}
      {amount !== null && (
        <p>
          <Trans>Loan amount: {eur(amount)}</Trans>{' '}
          <span className="solis-hint">
            <Trans>The seller set the amount with your purchase. You can choose the period.</Trans>
          </span>
        </p>
      )}
      <LoanPeriodField form={form} name="loanPeriod" product={product} />
      <CalculatorSummary calculator={calculator} view={calculatorState} stepFigures={stepFigures} />
    </fieldset>
  );
}
