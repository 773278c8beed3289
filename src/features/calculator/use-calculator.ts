import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';
import type { CalculatorApplied, calculatorMachine } from '../../../machines/calculator/calculator.machine';
import { calculatorView, stepFiguresView, type FiguresView } from '../../../machines/calculator/calculator-view';
import type { Locale } from '../../../core/domain/languages';
import { formatAmount } from '../../../core/validation/format/money';
import type { CalculatorRef } from './calculator-modal';
import { useStepLogic } from '../../steps/_kit/use-step-logic';

export interface CalculatorBinding<TValues extends FieldValues> {
  form: UseFormReturn<TValues, unknown, unknown>;
  /** The form's amount field; null where the step does not take the amount (the partner set it, decision 097). */
  amount: FieldPath<TValues> | null;
  period: FieldPath<TValues> | null;
  /** A housing loan's price and own contribution (section 5), where the step asks them. */
  price?: FieldPath<TValues>;
  ownContribution?: FieldPath<TValues>;
  locale: Locale;
}

/**
 * The step's calculator (its logic under `calculator`), bound to the step's form: what the modal
 * applies ("Use these figures") becomes the form's amount and period (a housing loan's price and
 * own contribution too), as if typed, so the form
 * stays the one source of truth and what the applicant typed elsewhere is untouched.
 */
export function useCalculator<TValues extends FieldValues>(binding: CalculatorBinding<TValues>) {
  const calculator: CalculatorRef | undefined = useStepLogic<typeof calculatorMachine>('calculator');
  const view = useSelector(calculator, (s) => (s ? calculatorView(s) : null));
  const stepFigures = useSelector(calculator, (s): FiguresView => (s ? stepFiguresView(s) : { status: 'none' }));
  const latest = useRef(binding);
  useEffect(() => {
    latest.current = binding;
  });
  useEffect(() => {
    if (!calculator) return;
    const subscription = calculator.on('calculator.applied', (event: CalculatorApplied) => {
      const { form, amount, period, price, ownContribution, locale } = latest.current;
      const options = { shouldValidate: true, shouldDirty: true, shouldTouch: true } as const;
      // A housing loan: the price and own contribution the amount was made of, kept with it.
      if (price && event.price !== null) form.setValue(price, formatAmount(event.price, locale) as PathValue<TValues, typeof price>, options);
      if (ownContribution && event.ownContribution !== null) {
        form.setValue(ownContribution, formatAmount(event.ownContribution, locale) as PathValue<TValues, typeof ownContribution>, options);
      }
      if (amount) form.setValue(amount, formatAmount(event.amount, locale) as PathValue<TValues, typeof amount>, options);
      if (period) form.setValue(period, String(event.period) as PathValue<TValues, typeof period>, options);
    });
    return () => subscription.unsubscribe();
  }, [calculator]);
  return { calculator, view, stepFigures };
}
