import { initialTransition, type AnyStateMachine } from 'xstate';
import { isCorporate, type BusinessDomain } from '../../core/domain/business-domains';
import { DEFAULT_PRODUCT, catalogueEntry, findProduct } from '../../core/domain/products';
import { isTaskKey, type TaskKey } from '../../src/steps/_generated/task-keys';
import { leafOf } from './state-value';
import { corporateProcess } from './corporate.process';
import { currentAccountProcess } from './current-account.process';
import { retailLoanProcess, retailUpsaleProcess } from './retail-loan.process';

/** Every process definition by its persisted id (`applications.process_state.definition`). */
export const PROCESS_DEFINITIONS = {
  retailLoan: retailLoanProcess,
  retailUpsale: retailUpsaleProcess,
  currentAccount: currentAccountProcess,
  corporate: corporateProcess,
} as const satisfies Record<string, AnyStateMachine>;

export type ProcessDefinitionId = keyof typeof PROCESS_DEFINITIONS;

export function isProcessDefinitionId(value: string): value is ProcessDefinitionId {
  return Object.prototype.hasOwnProperty.call(PROCESS_DEFINITIONS, value);
}

/**
 * The process for a business domain and product, or `undefined` when the domain does not offer it.
 * Every corporate product follows the corporate process (issue 24, docs/decisions/184), whichever
 * country offers it (the company's country is chosen on its first step, businessData). `chooseProductFirst`:
 * an upsale application made without a product starts with its choice (retail only).
 */
export function processDefinitionFor(domain: BusinessDomain, productName: string, options: { chooseProductFirst?: boolean } = {}): ProcessDefinitionId | undefined {
  if (isCorporate(domain)) return catalogueEntry(productName)?.domains.includes(domain) ? 'corporate' : undefined;
  const product = findProduct(domain, productName);
  if (!product) return undefined;
  if (product.type === 'CURRENT_ACCOUNT') return 'currentAccount';
  return options.chooseProductFirst ? 'retailUpsale' : 'retailLoan';
}

/** Every process an application of this product may follow (test-mode seeding finds the one with its task). */
export function processDefinitionsFor(domain: BusinessDomain, productName: string): ProcessDefinitionId[] {
  const found = [processDefinitionFor(domain, productName), processDefinitionFor(domain, productName, { chooseProductFirst: true })];
  return [...new Set(found.filter((id): id is ProcessDefinitionId => id !== undefined))];
}

/**
 * The first task of a new application in a domain (its default product's process), for the app's
 * runtime configuration: the client keeps no copy of the process (issue 8). Undefined where no
 * process is offered online yet.
 */
export function firstTaskOf(domain: BusinessDomain): TaskKey | undefined {
  const definition = processDefinitionFor(domain, DEFAULT_PRODUCT[domain]);
  if (!definition) return undefined;
  const [snapshot] = initialTransition(PROCESS_DEFINITIONS[definition], { businessDomain: domain, productName: DEFAULT_PRODUCT[domain] });
  const task = leafOf(snapshot.value);
  return isTaskKey(task) ? task : undefined;
}
