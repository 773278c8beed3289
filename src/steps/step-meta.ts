/** What the app needs to know about a step before and besides its screen (a step's `meta.ts`). */
export interface StepMeta {
  /** A page that ends the flow (thank-you, decision): nothing to type, save or submit. */
  readonly terminal: boolean;
  /** The header shows the application's amount on this step (not where the amount is being chosen). */
  readonly amountInHeader: boolean;
  /** The calculator may be opened on this step (section 2, Shell: calculator modal). */
  readonly opensCalculator: boolean;
}

export function defineStepMeta(meta: StepMeta): StepMeta {
  return meta;
}
