/**
 * The personal-info step's own machine: the personal code server check that gates its submission
 * (sections 5 and 8), as on the create step. The application machine runs it while the step is
 * shown, with the app's actors provided (src/app/step-actors.ts).
 */
import { personalCodeCheckMachine } from '../../../machines/personal-code-check/personal-code-check.machine';
import type { StepLogic } from '../step-registry-types';

export default {
  personalCode: personalCodeCheckMachine,
} satisfies StepLogic;
