import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { calculatorMachine, type CalculationRequest } from '../../../machines/calculator/calculator.machine';
import { calculateLoan } from '../../api/loan.api';
import { rejectingWithAppError } from '../../api/app-error';
import type { ProductBounds } from '../../domain/products';
import { isWithinProductBounds } from '../../validation/general/product-bounds';

const calculator = calculatorMachine.provide({
  actors: {
    calculate: fromPromise<{ monthlyPayment: number }, CalculationRequest>(({ input, signal }) =>
      rejectingWithAppError(() =>
        calculateLoan(
          {
            currency: 'EUR',
            productType: input.productName,
            maturity: input.periodMonths,
            administrationFee: 0,
            conclusionFee: 0,
            amount: input.amount,
            interestRate: input.interestRate,
          },
          { signal },
        ),
      ),
    ),
  },
});

/**
 * The monthly payment for the current choice, recalculated (debounced) by the reference API; null
 * while amount or period is not a valid number within the product's bounds.
 */
export function useMonthlyPayment(product: ProductBounds | undefined, amount: number | undefined, periodMonths: number | undefined) {
  const actor = useActorRef(calculator, { input: { request: null } });
  const productName = product?.productName;
  const interestRate = product?.interestRate;
  const inBounds =
    product !== undefined &&
    amount !== undefined &&
    periodMonths !== undefined &&
    Number.isInteger(periodMonths) &&
    isWithinProductBounds([product], product.productName, 'amount', amount) &&
    isWithinProductBounds([product], product.productName, 'period', periodMonths);
  useEffect(() => {
    const request: CalculationRequest | null =
      inBounds && productName && interestRate !== undefined && amount !== undefined && periodMonths !== undefined
        ? { productName, amount, periodMonths, interestRate }
        : null;
    actor.send({ type: 'calculator.changed', request });
  }, [actor, inBounds, productName, interestRate, amount, periodMonths]);
  const monthlyPayment = useSelector(actor, (s) => s.context.monthlyPayment);
  const calculating = useSelector(actor, (s) => !s.matches('idle'));
  const failed = useSelector(actor, (s) => s.context.error !== null);
  return { monthlyPayment, calculating, failed };
}
