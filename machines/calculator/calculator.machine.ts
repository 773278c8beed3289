import { assign, fromPromise, setup } from 'xstate';
import type { AppError } from '../application/application.actors';

/**
 * The monthly payment shown beside amount and period (section 7: the calculate call is debounced).
 * Idle -> Debouncing -> Calculating -> Idle; a newer change cancels the request under way, so an
 * old answer never overwrites a newer one.
 */
export interface CalculationRequest {
  productName: string;
  amount: number;
  periodMonths: number;
  interestRate: number;
}

export interface CalculatorContext {
  request: CalculationRequest | null;
  monthlyPayment: number | null;
  error: AppError | null;
}

export type CalculatorEvent = { type: 'calculator.changed'; request: CalculationRequest | null };

export const CALCULATOR_DEBOUNCE_MS = 300;

export const calculatorMachine = setup({
  types: {
    context: {} as CalculatorContext,
    events: {} as CalculatorEvent,
    input: {} as { request: CalculationRequest | null },
  },
  actors: {
    calculate: fromPromise<{ monthlyPayment: number }, CalculationRequest>(async () => {
      throw new Error('The calculate actor is provided by the app');
    }),
  },
  delays: { debounce: CALCULATOR_DEBOUNCE_MS },
  guards: {
    hasRequest: ({ context }) => context.request !== null,
  },
}).createMachine({
  id: 'calculator',
  context: ({ input }) => ({ request: input.request, monthlyPayment: null, error: null }),
  initial: 'deciding',
  on: {
    'calculator.changed': {
      target: '.deciding',
      reenter: true,
      actions: assign({ request: ({ event }) => event.request }),
    },
  },
  states: {
    deciding: {
      always: [{ guard: 'hasRequest', target: 'debouncing' }, { target: 'idle', actions: assign({ monthlyPayment: null }) }],
    },
    debouncing: {
      after: { debounce: 'calculating' },
    },
    calculating: {
      invoke: {
        src: 'calculate',
        input: ({ context }) => context.request as CalculationRequest,
        onDone: {
          target: 'idle',
          actions: assign({ monthlyPayment: ({ event }) => event.output.monthlyPayment, error: null }),
        },
        onError: {
          target: 'idle',
          actions: assign({ monthlyPayment: null, error: ({ event }) => event.error as AppError }),
        },
      },
    },
    idle: {},
  },
});
