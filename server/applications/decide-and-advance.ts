import type { ProductTable } from '../../core/domain/product-data';
import { countryOfApplication, isCorporate } from '../../core/domain/business-domains';
import type { Transaction } from '../db/database';
import type { AppDeps } from '../http/app-env';
import { decideApplication, type StoredDecision } from '../decisions/decision.service';
import type { DecisionStage } from '../decisions/decision-rules';
import { campaignDocumentsOf } from '../pricing/pricing-repository';
import { findingsOf } from '../checks/check-findings';
import type { ApplicationFacts } from '../process/application-facts';
import type { ProcessEvent } from '../process/process-setup';
import { advanceProcessBy, type PersistedProcess, type ProcessPosition } from '../process/process-runner';
import { hooksOf } from '../steps/step-hooks';
import { statementFindingsOf } from '../checks/statement-analysis';
import type { StoredApplicationData } from './application-data';
import type { ApplicationRow } from './application-repository';
import type { PersonRow } from './person-repository';

export interface DecideAndAdvanceInput {
  application: ApplicationRow;
  /** The process where it rests before this event. */
  stored: PersistedProcess;
  /** The event, given the facts (with the decision once the engine was asked). */
  eventOf: (facts: ApplicationFacts) => ProcessEvent;
  /** The application's facts after the event's data was applied, without a decision. */
  facts: ApplicationFacts;
  /** The application's data after the event's data was applied. */
  data: StoredApplicationData;
  productName: string;
  persons: readonly PersonRow[];
  products: ProductTable;
  /** False where a person, not the engine, reviews the application (decision 134: sent on without statements). */
  mayDecide: boolean;
  /** The engine's stage if it is asked: FINAL after the bank's additional checks (decision 173). */
  stage?: DecisionStage;
}

/**
 * Issue 12: the decision engine decides (docs/decisions/130, 152) once per stage, on the event that
 * leads to the decision: the process is asked first where it goes without one, and when that ends the
 * application or shows its offer (nobody has steps left before it) the engine is asked and the
 * process led by its outcome. Shared by step submissions and the back office's answers (decision 172).
 */
export async function decideAndAdvance(
  deps: AppDeps,
  tx: Transaction,
  input: DecideAndAdvanceInput,
): Promise<{ next: ProcessPosition; data: StoredApplicationData; decision: StoredDecision | null }> {
  const { application, stored, eventOf, facts, data } = input;
  let next = advanceProcessBy(stored, eventOf({ ...facts, decision: null }), application.step_count);
  const stage = input.stage ?? 'INITIAL';
  const previous = data['decision'];
  const decidedBefore = typeof previous === 'object' && previous !== null && (previous as { stage?: unknown }).stage === stage;
  const decision =
    !decidedBefore &&
    input.mayDecide &&
    // Decision 175: a page that ends the application undecided (a duplicate) asks no decision.
    ((next.done && hooksOf(next.taskKey).endsUndecided !== true) || hooksOf(next.taskKey).decidedBeforeShown === true)
      ? await decideApplication(deps, tx, {
          applicationId: application.id,
          // Decision 184: a company's application is decided by the corporate rules, on its own data.
          ...(isCorporate(deps.config.businessDomain)
            ? { corporate: { data, country: countryOfApplication(deps.config.businessDomain, data, deps.config.client.countryCode) } }
            : {}),
          productName: input.productName,
          loanAmount: data.creditConditions.loanAmount,
          loanPeriod: data.creditConditions.loanPeriod,
          persons: input.persons,
          products: input.products,
          stage,
          upsale: data.changeType === 'UPSALE',
          // Decision 173: what the back office found before this stage (refinancing check, underwriter).
          findings: findingsOf(data, stage),
          // Decision 172: the bank's analysis of the shared statements, once answered.
          statementFindings: statementFindingsOf(data),
        })
      : null;
  if (!decision) return { next, data, decision: null };
  // Decision 159: a campaign whose terms ask for documents, asked of an approved application.
  const campaignAsksDocuments =
    decision.outcome === 'POSITIVE' && (await campaignDocumentsOf(tx, deps.config.businessDomain, data.campaignCode, input.productName)).length > 0;
  next = advanceProcessBy(stored, eventOf({ ...facts, decision: decision.outcome, campaignAsksDocuments }), application.step_count);
  // The decision the process acted on stays with the application (section 3's `decision`).
  return { next, data: { ...data, decision }, decision };
}
