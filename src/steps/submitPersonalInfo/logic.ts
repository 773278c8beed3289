/**
 * The personal-info step's own machines: the personal code server check that gates its submission
 * (sections 5 and 8), as on the create step, and the product calculator (section 2: the figures of
 * the loan the step shows; its meta keeps the modal from opening here). The application machine runs it while the step is
 * shown, with the app's actors provided (src/app/step-actors.ts).
 */
import { calculatorMachine } from '../../../machines/calculator/calculator.machine';
import { personalCodeCheckMachine } from '../../features/personal-code/personal-code-check.machine';
import type { StepLogic } from '../_kit/step-registry-types';

export default {
  personalCode: personalCodeCheckMachine,
  calculator: calculatorMachine,
} satisfies StepLogic;
