/**
 * The create step's own machines: the personal code server check that gates its submission, and
 * the calculator (its figures and the calculator modal of section 2). The application machine runs
 * them while the step is shown, with the app's actors provided (src/app/step-actors.ts).
 */
import { calculatorMachine } from '../../../machines/calculator/calculator.machine';
import { personalCodeCheckMachine } from '../../features/personal-code/personal-code-check.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  personalCode: personalCodeCheckMachine,
  calculator: calculatorMachine,
} satisfies StepLogic;
