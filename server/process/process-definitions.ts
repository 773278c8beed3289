import type { AnyStateMachine } from 'xstate';
import { isCorporate, type BusinessDomain } from '../../src/domain/business-domains';
import { findProduct } from '../../src/domain/products';
import { retailLoanProcess } from './retail-loan.process';

/** Every process definition by its persisted id (`applications.process_state.definition`). */
export const PROCESS_DEFINITIONS = {
  retailLoan: retailLoanProcess,
} as const satisfies Record<string, AnyStateMachine>;

export type ProcessDefinitionId = keyof typeof PROCESS_DEFINITIONS;

export function isProcessDefinitionId(value: string): value is ProcessDefinitionId {
  return Object.prototype.hasOwnProperty.call(PROCESS_DEFINITIONS, value);
}

/**
 * The process for a business domain and product, or `undefined` when none exists yet. Corporate
 * banking has no screens so far (its business-data step comes with a later issue), so creating a
 * corporate application answers 501 PROCESS_NOT_AVAILABLE (docs/decisions/021-process-definitions.md).
 */
export function processDefinitionFor(domain: BusinessDomain, productName: string): ProcessDefinitionId | undefined {
  if (isCorporate(domain)) return undefined;
  return findProduct(domain, productName) ? 'retailLoan' : undefined;
}
