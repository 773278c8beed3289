import type { StepContract } from '../../../core/contract/step-contract';
import type { StepVariant } from '../../../core/domain/step-variants';

/** One row of the generated contracts index: a step's contract and the variants its folder has. */
export interface StepContractEntry {
  readonly contract: StepContract;
  readonly variants: readonly StepVariant[];
}
