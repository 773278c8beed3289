/**
 * businessData's own machines: the representative's personal code server check that gates its
 * submission (as on the create step), the calculator (its figures and the calculator modal of
 * section 2, with the corporate product data), and the company's look-up in the business register. Run by the application machine while the step is shown.
 */
import { calculatorMachine } from '../../../machines/calculator/calculator.machine';
import { personalCodeCheckMachine } from '../../features/personal-code/personal-code-check.machine';
import type { StepLogic } from '../_kit/step-registry-types';
import { companyLookupMachine } from './company-lookup.machine';

export default {
  personalCode: personalCodeCheckMachine,
  calculator: calculatorMachine,
  companyLookup: companyLookupMachine,
} satisfies StepLogic;
