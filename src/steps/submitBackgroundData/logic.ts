/**
 * The background step's own machine: the calculator, whose modal the partner short flow's screen
 * shows (section 2; decision 097). It runs with every variant of the step but decides nothing until
 * a screen tells it the step's values: the other variants never do, so it waits, hidden and idle.
 * Whether it opens on arrival and whether the amount may change are the step's meta, per variant.
 */
import { calculatorMachine } from '../../../machines/calculator/calculator.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  calculator: calculatorMachine,
} satisfies StepLogic;
