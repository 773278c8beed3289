import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { asAppError, type AppError } from '../../src/domain/app-error';

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

/** Nothing to calculate yet unless a request is given (it runs as step logic with the step's input). */
export interface CalculatorInput {
  request?: CalculationRequest | null;
}

export const CALCULATOR_DEBOUNCE_MS = 300;

export const calculatorMachine = setup({
  types: {
    context: {} as CalculatorContext,
    events: {} as CalculatorEvent,
    input: {} as CalculatorInput,
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
  context: ({ input }) => ({ request: input.request ?? null, monthlyPayment: null, error: null }),
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
      tags: ['busy'],
      after: { debounce: 'calculating' },
    },
    calculating: {
      tags: ['busy'],
      invoke: {
        src: 'calculate',
        input: ({ context }) => context.request as CalculationRequest,
        onDone: {
          target: 'idle',
          actions: assign({ monthlyPayment: ({ event }) => event.output.monthlyPayment, error: null }),
        },
        onError: {
          target: 'idle',
          actions: assign({ monthlyPayment: null, error: ({ event }) => asAppError(event.error) }),
        },
      },
    },
    idle: {},
  },
});

export interface CalculatorView {
  /** The payment for the current request; null while none is known for it. */
  monthlyPayment: number | null;
  /** A newer request is waiting or under way: the figure shown is not current. */
  calculating: boolean;
  failed: boolean;
}

/** The view model (views and tests call the same selector). */
export function calculatorView(snapshot: SnapshotFrom<typeof calculatorMachine>): CalculatorView {
  return {
    monthlyPayment: snapshot.hasTag('busy') ? null : snapshot.context.monthlyPayment,
    calculating: snapshot.hasTag('busy'),
    failed: snapshot.context.error !== null && !snapshot.hasTag('busy'),
  };
}
