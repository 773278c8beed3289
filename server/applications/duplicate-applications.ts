/**
 * The bank's duplicate check at the create step (docs/decisions/175-closing-pages-live.md): a new
 * application of a person for a product the bank is already handling for them, made by another
 * owner (another browser session, another channel), is not processed: the process ends at the
 * duplicate application page. Within one owner ChooseContinueOption (decision 121) answers first.
 *
 * "Handled by the bank" is, for an application that is not annulled, changed within the configured
 * number of days (`DUPLICATE_APPLICATION_DAYS`, 0: no check):
 * - still open, and its applicant has sent their answers (the check of the answers is behind them:
 *   statements, the co-applicant's part, the decision's offer, the contract, signing), or
 * - ended at a page after which the bank goes on with it (an undecided decision, the documents or
 *   statements with a specialist, the short application, signing in person...), i.e. any end but
 *   those where the bank is done: signed, refused, declined, a duplicate itself, or signing refused.
 * Nothing about the other application is told: the page says only that one exists.
 */
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import type { Queryable } from '../db/database';
import type { Owner } from '../http/app-env';
import { ProcessStateError, answeredTasks, readProcess } from '../process/process-runner';
import type { StepHooks } from '../steps/step-hook';
import { COMPARABLE_CODE, applicantCodeOf } from './active-applications';
import { listPersons, personalCodeHash } from './person-repository';

/** The ends after which the bank is done with an application: a new one is no duplicate of it. */
export const ENDED_BY_THE_BANK: ReadonlySet<TaskKey> = new Set<TaskKey>([
  'viewContractSigned',
  'viewCurrentAccountContractSigned',
  'readNegativeDecision',
  'viewNegativeThankYouPage',
  'viewThankYouPage',
  'viewDuplicateApplication',
  'showContractSigningNegativePage',
]);

const DAY_MS = 24 * 60 * 60 * 1000;

interface CandidateRow {
  process_state: unknown;
  task_key: string;
  process_done: boolean;
}

/** Whether an application (not annulled) is one the bank handles: sent by its applicant and not ended by the bank. */
export function handledByTheBank(row: CandidateRow): boolean {
  if (row.process_done) return !(ENDED_BY_THE_BANK as ReadonlySet<string>).has(row.task_key);
  try {
    return answeredTasks(readProcess(row.process_state).state, 'APPLICANT').includes('checkAnswers');
  } catch (error) {
    // A state this server cannot read is no application it handles online.
    if (error instanceof ProcessStateError) return false;
    throw error;
  }
}

export interface DuplicateQuery {
  /** The new application, which is not its own duplicate. */
  applicationId: string;
  /** Its owner: their own open applications are ChooseContinueOption's (decision 121). */
  owner: Owner;
  businessDomain: string;
  productName: string;
  /** The applicant's personal code, comparable (without spaces and hyphens, upper case). */
  personalCode: string;
  /** Applications last changed before this no longer count. */
  since: Date;
}

/** Whether another owner has an application of this person and product that the bank handles. */
export async function hasDuplicateApplication(db: Queryable, query: DuplicateQuery): Promise<boolean> {
  const rows = await db.query<CandidateRow>(
    `select a.process_state, a.task_key, a.process_done from applications a
     where a.id <> $1 and a.annulled_at is null and a.business_domain = $2 and a.product_name = $3 and a.updated_at >= $4
       and not (a.owner_kind = $5 and a.owner_id = $6)
       and exists (select 1 from persons p where p.application_id = a.id and p.role = 'APPLICANT' and ${COMPARABLE_CODE} = $7)
     order by a.updated_at desc`,
    [query.applicationId, query.businessDomain, query.productName, query.since, query.owner.kind, query.owner.id, personalCodeHash(query.personalCode)],
  );
  return rows.some(handledByTheBank);
}

/**
 * The create step and ChooseContinueOption (which goes where the create step goes): after the
 * applicant's answers are applied, the fact `duplicateApplication` (server/process/application-facts.ts).
 */
export const DUPLICATE_CHECKED: StepHooks = {
  afterApply: async ({ deps, tx, owner, application, role, data, now }) => {
    const days = deps.config.duplicateApplicationDays;
    if (role !== 'APPLICANT' || days === 0) return { data };
    const personalCode = applicantCodeOf(await listPersons(tx, application.id));
    if (!personalCode) return { data };
    const duplicate = await hasDuplicateApplication(tx, {
      applicationId: application.id,
      owner,
      businessDomain: application.business_domain,
      productName: data.creditConditions.productName ?? application.product_name,
      personalCode,
      since: new Date(now.getTime() - days * DAY_MS),
    });
    return { data, facts: { duplicateApplication: duplicate } };
  },
};

/** The duplicate page ends the application undecided: the engine is not asked about a duplicate. */
export const DUPLICATE_ENDS_UNDECIDED: StepHooks = { endsUndecided: true };
