import type { BackOfficeCheck } from '../../core/domain/back-office-checks';
import type { ProductTable } from '../../core/domain/product-data';
import type { StoredApplicationData } from '../applications/application-data';
import type { ApplicationRow } from '../applications/application-repository';
import type { PersonRow } from '../applications/person-repository';
import type { Transaction } from '../db/database';
import type { AppDeps } from '../http/app-env';
import type { DecisionStage } from '../decisions/decision-rules';
import type { ApplicationFacts } from '../process/application-facts';

export interface CheckContext {
  deps: AppDeps;
  tx: Transaction;
  application: ApplicationRow;
  data: StoredApplicationData;
  persons: readonly PersonRow[];
  products: ProductTable;
  now: Date;
}

/** The back office's answer: what it stores with the application, and what the process learns of it. */
export interface CheckAnswer {
  data: StoredApplicationData;
  /** Kept with the check (never shown to the applicant). */
  answer: unknown;
  /** Facts only this answer gives the process. */
  facts?: Partial<ApplicationFacts>;
  /** The stage the decision engine decides at, where the answer leads to a decision (decision 173). */
  stage?: DecisionStage;
}

/** How the reference API's back office answers one kind of check, by its own rules. */
export interface CheckRule {
  answer: (context: CheckContext) => Promise<CheckAnswer> | CheckAnswer;
}

export type CheckRules = Readonly<Record<BackOfficeCheck, CheckRule>>;
