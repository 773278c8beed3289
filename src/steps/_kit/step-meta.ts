import type { StepVariant } from '../../../core/domain/step-variants';

/** What the app needs to know about a step before and besides its screen (a step's `meta.ts`). */
export interface StepMeta {
  /** A page that ends the flow (thank-you, decision): nothing to type, save or submit. */
  readonly terminal: boolean;
  /** The header shows the application's amount on this step (not where the amount is being chosen). */
  readonly amountInHeader: boolean;
  /**
   * Section 2, calculator modal: the modal opens when this step is shown (and again whenever the flow
   * comes back to it), for every variant (`true`) or only for these variants (the partner short
   * flow's background step).
   */
  readonly opensCalculator: boolean | readonly StepVariant[];
  /** Section 2: "the edit-amount control is disabled where the step config says so" (default: editable). */
  readonly calculatorAmountEditable?: boolean;
  /**
   * Issue 26, the browser's Forward (decision 212): after Back, Forward presses this step's Continue
   * with what the page shows, through the normal submit. Only a page of answers: never a step whose
   * Continue is an action of its own (identifying, signing, uploading, sending the application).
   */
  readonly resubmitsOnForward?: boolean;
}

export function defineStepMeta(meta: StepMeta): StepMeta {
  return meta;
}

/** Whether the calculator modal opens on this step in this variant. */
export function opensCalculatorIn(meta: StepMeta, variant: StepVariant): boolean {
  return meta.opensCalculator === true || (Array.isArray(meta.opensCalculator) && meta.opensCalculator.includes(variant));
}
