/**
 * The steps with behaviour on the server, one entry each (docs/decisions/163-server-step-hooks.md).
 * A hook lives beside its concern; this table only says which step has which. A step that is not
 * here is checked against its contract, applied and handed to the process, nothing more.
 */
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import { DUPLICATE_CHECKED, DUPLICATE_ENDS_UNDECIDED } from '../applications/duplicate-applications';
import { ACCOUNT_CONTRACT_DRAWN_UP, LOAN_CONTRACT_DRAWN_UP } from '../contracts/contract-step-hooks';
import { IDENTIFIED_TO_GO_ON } from '../identity/identity-step-hooks';
import { PERSONAL_CODE_REGISTERED, REGISTRY_CHECKED } from '../identity/register-step-hooks';
import { offerStepHooks } from '../offers/offer-step-hooks';
import { OPEN_BANKING_STATEMENTS, UPLOADED_STATEMENTS } from '../psd2/bank-statement-step-hooks';
import { CONTRACTS_SIGNED_TO_GO_ON, SIGNING_METHOD_CHOSEN } from '../signing/signing-step-hooks';
import { uploadStepHooks } from '../uploads/upload-step-hooks';
import { combineHooks, type StepHooks } from './step-hook';
import { COMPANY_IN_REGISTER } from '../companies/business-data-step-hooks';

/**
 * Frozen, each entry too: the test files of a Vitest worker share this module (decision 200), and
 * a test that changed the table changed it for every later file (decision 214: a deleted entry
 * took the population register's check away from the next suite). A test that wants other hooks
 * spies on `hooksOf`, which Vitest restores after every file.
 */
export const STEP_HOOKS: Readonly<Partial<Record<TaskKey, Readonly<StepHooks>>>> = frozenTable({
  createApplicationStep: combineHooks(PERSONAL_CODE_REGISTERED, DUPLICATE_CHECKED),
  chooseContinueOption: DUPLICATE_CHECKED,
  viewDuplicateApplication: DUPLICATE_ENDS_UNDECIDED,
  identifyCustomer: IDENTIFIED_TO_GO_ON,
  provideBasViaOpenBanking: OPEN_BANKING_STATEMENTS,
  uploadBankAccountStatementDocuments: combineHooks(uploadStepHooks('uploadBankAccountStatementDocuments'), UPLOADED_STATEMENTS),
  uploadCampaignDocuments: uploadStepHooks('uploadCampaignDocuments'),
  uploadLeasingDocuments: uploadStepHooks('uploadLeasingDocuments'),
  reviewApproved: offerStepHooks('reviewApproved'),
  viewCreditCardOffer: offerStepHooks('viewCreditCardOffer'),
  viewContractAndChooseSigningMethod: combineHooks(SIGNING_METHOD_CHOSEN, LOAN_CONTRACT_DRAWN_UP),
  viewContractConditions: combineHooks(CONTRACTS_SIGNED_TO_GO_ON, LOAN_CONTRACT_DRAWN_UP),
  signCurrentAccountContract: combineHooks(CONTRACTS_SIGNED_TO_GO_ON, ACCOUNT_CONTRACT_DRAWN_UP),
  submitPersonalInfo: REGISTRY_CHECKED,
  businessData: combineHooks(PERSONAL_CODE_REGISTERED, COMPANY_IN_REGISTER),
});

function frozenTable<T extends Record<string, StepHooks>>(table: T): Readonly<{ [K in keyof T]: Readonly<StepHooks> }> {
  for (const hooks of Object.values(table)) Object.freeze(hooks);
  return Object.freeze(table);
}

const NO_HOOKS: Readonly<StepHooks> = Object.freeze({});

/** A task's hooks; none for a task without server behaviour (or an unknown key). */
export function hooksOf(taskKey: string): StepHooks {
  return Object.prototype.hasOwnProperty.call(STEP_HOOKS, taskKey) ? (STEP_HOOKS[taskKey as TaskKey] ?? NO_HOOKS) : NO_HOOKS;
}
