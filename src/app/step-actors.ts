/**
 * The I/O the steps' own machines may use, provided here by name (conventions: only src/app gives
 * machines the HTTP client). A step's logic declares the actors it needs by these names; the step
 * loader provides every step machine with this catalogue, so a new step that uses existing I/O
 * touches nothing here.
 */
import { fromPromise, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import type { CalculatedFigures, CalculationRequest } from '../../machines/calculator/calculator.machine';
import type { CheckPersonalCodeInput } from '../../machines/personal-code-check/personal-code-check.machine';
import type { StepLogic } from '../../machines/application/application.actors';
import { rejectingWithAppError } from '../api/app-error';
import { checkPersonalCodeOnServer } from '../api/validate.api';

export const STEP_ACTORS = {
  /** Section 5: the personal code server check (cached per code by the client). */
  checkPersonalCode: fromPromise<{ valid: boolean }, CheckPersonalCodeInput>(({ input, signal }) =>
    rejectingWithAppError(() => checkPersonalCodeOnServer(input.code, { countryCode: input.country, signal })),
  ),
  /**
   * Section 7: the loan calculation; leaving the state that asked cancels the request. The call and
   * its schemas load with the first calculation (after the calculator's debounce), not with the
   * first page.
   */
  calculate: fromPromise<CalculatedFigures, CalculationRequest>(({ input, signal }) =>
    rejectingWithAppError(async () => (await import('./loan-calculation')).calculateFigures(input, signal)),
  ),
} satisfies Record<string, AnyActorLogic>;

function isMachine(logic: AnyActorLogic): logic is AnyStateMachine {
  return typeof (logic as Partial<AnyStateMachine>).provide === 'function';
}

/** The step's machines with the catalogue provided (each takes the actors it names). */
export function provideStepLogic(logic: StepLogic, actors: Readonly<Record<string, AnyActorLogic>> = STEP_ACTORS): StepLogic {
  return Object.fromEntries(Object.entries(logic).map(([id, machine]) => [id, isMachine(machine) ? machine.provide({ actors }) : machine]));
}
