/**
 * Runs the calculator (machines/calculator/calculator.machine.ts) on a simulated clock with Estonian
 * retail's product data and a calculation the test settles.
 */
import { SimulatedClock, createActor } from 'xstate';
import {
  CALCULATOR_DEBOUNCE_MS,
  calculatorMachine,
  type CalculatedFigures,
  type CalculationRequest,
  type CalculatorApplied,
  type CalculatorEvent,
  type CalculatorInput,
  type StepValues,
} from '../../machines/calculator/calculator.machine';
import { calculatorView } from '../../machines/calculator/calculator-view';
import { productTableOf } from '../support/product-data';
import { controllable, settle } from './actor.fakes';

export const PRODUCTS = productTableOf('retail-banking-ee');
export const SMALL: StepValues = { productName: 'SMALL_LOAN', amount: 3000, period: 36 };

/** Figures whose payment names the request, so a test sees which request they belong to. */
export function figuresFor(request: CalculationRequest): CalculatedFigures {
  const monthlyPayment = Math.round((request.amount / request.periodMonths) * 100) / 100;
  return {
    monthlyPayment,
    totalRepaymentAmount: monthlyPayment * request.periodMonths,
    totalAmountTransferredToAccount: request.amount,
    contractConclusionFee: 0,
    monthlyFee: request.monthlyFee,
    totalCostOfCredit: 0,
    annualPercentageRate: request.interestRate,
  };
}

export function startCalculator(input: CalculatorInput = {}) {
  const calculate = controllable<CalculatedFigures, CalculationRequest>();
  const clock = new SimulatedClock();
  const actor = createActor(calculatorMachine.provide({ actors: { calculate: calculate.logic } }), { clock, input: { products: PRODUCTS, ...input } });
  const applied: CalculatorApplied[] = [];
  actor.on('calculator.applied', (event) => applied.push(event));
  actor.start();
  const view = () => calculatorView(actor.getSnapshot());
  const send = (event: CalculatorEvent) => actor.send(event);
  const stepTo = (values: StepValues) => send({ type: 'calculator.stepChanged', values });
  /** The step's values calculated: after the debounce, answered with `figuresFor`. */
  const calculated = async (values: StepValues) => {
    stepTo(values);
    clock.increment(CALCULATOR_DEBOUNCE_MS);
    calculate.last().resolve(figuresFor(calculate.last().input));
    await settle();
  };
  return { actor, clock, calculate, applied, view, send, stepTo, calculated };
}

export const step = (values: StepValues): CalculatorEvent => ({ type: 'calculator.stepChanged', values });
