import type { BackOfficeCheck } from '../../core/domain/back-office-checks';
import { readApplicationData } from '../applications/application-data';
import { findApplicationById, ownerOfApplication, saveSubmittedStep, type ApplicationRow } from '../applications/application-repository';
import { decideAndAdvance } from '../applications/decide-and-advance';
import { listPersons, listRelations } from '../applications/person-repository';
import type { Queryable, Transaction } from '../db/database';
import { describeError } from '../http/error-report';
import type { AppDeps } from '../http/app-env';
import { partnerScope, productTableFor } from '../pricing/pricing.service';
import { factsOf } from '../process/application-facts';
import { acceptsEvent, advanceProcessBy, awaitedCheckOf, pageAwaitsCheckOf, readProcess } from '../process/process-runner';
import { hooksOf } from '../steps/step-hooks';
import type { CheckRule } from './check-rules';
import { answerCheck, applicationsWithDueChecks, markCheckOverdue, openCheckOf, startCheck, type CheckRow } from './check-repository';
import { STATEMENT_ANALYSIS, statementsAwaitAnalysis } from './statement-analysis';
import { REFINANCING_CHECK, REFINANCING_PAYOFF, UNDERWRITER_REVIEW } from './final-stage-checks';
import { returnsToMerchant, tellDecisionAfterReturn } from './return-to-merchant';

/**
 * The reference API's back office (issue 22, docs/decisions/172): the checks a bank runs on an
 * application while the applicant waits on a page that says so. A check starts when the process
 * reaches a task that waits for it (`meta.awaits`), and is answered by its rule once it is due (the
 * configured seconds after it started: `server/checks/back-office.settings.ts`); the answer is fed to
 * the process (`check.completed`), which goes on to the decision or the next task. The statements
 * page learns when it has waited longer than it promised (`check.overdue`). Answers are given when
 * anyone looks at the application (a waiting page asks every few seconds) and by the sweep the
 * running server does every few seconds, so a check is answered even when nobody looks.
 */
const CHECK_RULES: Readonly<Record<BackOfficeCheck, CheckRule>> = {
  STATEMENT_ANALYSIS,
  // Decision 173: the refinancing check, the underwriter's review and the refinancing payoff.
  REFINANCING_CHECK,
  UNDERWRITER_REVIEW,
  REFINANCING_PAYOFF,
};

/** How often the running server answers the checks that are due (main.ts). */
export const BACK_OFFICE_SWEEP_MS = 2_000;

/** At most this many moves in one look: a process never waits for more checks in a row. */
const MAX_MOVES = 8;

/** How long the bank promises a check's answer within, where its page says so (decisions 172, 173). */
function patienceOf(deps: AppDeps, kind: BackOfficeCheck): number | undefined {
  if (kind === 'STATEMENT_ANALYSIS') return deps.config.backOffice.statementAnalysisPatienceSeconds;
  if (kind === 'UNDERWRITER_REVIEW') return deps.config.backOffice.underwriterReviewTimeoutSeconds;
  return undefined;
}

function patienceOver(deps: AppDeps, check: CheckRow, now: Date): boolean {
  const patience = patienceOf(deps, check.kind);
  return patience !== undefined && check.overdue_at === null && now.getTime() - check.started_at.getTime() >= patience * 1000;
}

/** Whether a look at the application would move it (a check due or overdue), without locking it. */
export async function checksWaiting(deps: AppDeps, db: Queryable, application: ApplicationRow): Promise<boolean> {
  const position = readProcess(application.process_state);
  const kind = position.done ? undefined : awaitedCheckOf(position.state);
  if (!kind) return false;
  const check = await openCheckOf(db, application.id, kind);
  const now = deps.clock();
  return !check || check.due_at <= now || patienceOver(deps, check, now);
}

/**
 * Starts the check the application's task waits for, and answers what is due: the caller holds the
 * application's row lock. Answers the application as saved.
 */
export async function settleChecks(deps: AppDeps, tx: Transaction, application: ApplicationRow): Promise<ApplicationRow> {
  let current = application;
  for (let move = 0; move < MAX_MOVES; move++) {
    const position = readProcess(current.process_state);
    const kind = position.done ? undefined : awaitedCheckOf(position.state);
    if (!kind) return current;
    const now = deps.clock();
    const check = (await openCheckOf(tx, current.id, kind)) ?? (await startCheck(tx, current.id, kind, now, deps.config.backOffice.checkSeconds[kind]));
    const data = readApplicationData(current.data);
    // The promise was broken before the answer came (decision 173: an answer due after it comes too late).
    const overdue = { type: 'check.overdue', check: kind, facts: factsOf({ productName: current.product_name, persons: [] }) } as const;
    if (patienceOver(deps, check, check.due_at > now ? now : check.due_at) && acceptsEvent(position.state, overdue)) {
      await markCheckOverdue(tx, check.id, now);
      const next = advanceProcessBy(position.state, overdue, current.step_count);
      // A process that no longer waits for the check (the underwriter's time-out) closes it: a person takes it on.
      if (next.done || awaitedCheckOf(next.state) !== kind) await answerCheck(tx, check.id, now, { handedOver: true });
      current = await saveSubmittedStep(tx, current.id, { data, productName: current.product_name, processState: next.state, taskKey: next.taskKey, processDone: next.done, now });
      continue;
    }
    if (check.due_at > now) return current;
    const rule = CHECK_RULES[kind];
    const persons = await listPersons(tx, current.id);
    const relations = await listRelations(tx, current.id);
    const owner = await ownerOfApplication(tx, current.id);
    const products = await productTableFor(tx, partnerScope(deps, owner), { regCode: data.source.partner?.regCode, goodsName: data.goodsName });
    const answered = await rule.answer({ deps, tx, application: current, data, persons, products, now });
    await answerCheck(tx, check.id, now, answered.answer);
    const facts = {
      ...factsOf({ productName: current.product_name, persons, relations }, deps.flags.enabled()),
      ...answered.facts,
      statementsAwaitAnalysis: statementsAwaitAnalysis(answered.data),
      returnsToMerchant: returnsToMerchant(answered.data),
    };
    const { next, data: decided, decision } = await decideAndAdvance(deps, tx, {
      application: current,
      stored: position.state,
      eventOf: (withDecision) => ({ type: 'check.completed', check: kind, facts: withDecision }),
      facts,
      data: answered.data,
      productName: current.product_name,
      persons,
      products,
      mayDecide: true,
      ...(answered.stage ? { stage: answered.stage } : {}),
    });
    const saved = await saveSubmittedStep(tx, current.id, { data: decided, productName: current.product_name, processState: next.state, taskKey: next.taskKey, processDone: next.done, now });
    // Decision 172: nobody waited on the page for this answer (a partner's applicant went back to the shop): they are told.
    if (decision && pageAwaitsCheckOf(position.state) === undefined) await tellDecisionAfterReturn(deps, tx, saved, decided, persons, decision);
    const { onReached } = hooksOf(saved.task_key);
    current = onReached ? await onReached({ deps, tx, owner, application: saved }) : saved;
  }
  return current;
}

/** Answers every check due now, application by application, each in its own transaction (the sweep). */
export async function settleDueChecks(deps: AppDeps, limit = 50): Promise<number> {
  const due = await applicationsWithDueChecks(deps.db, deps.clock(), limit);
  for (const applicationId of due) {
    await deps.db.transaction(async (tx) => {
      const application = await findApplicationById(tx, applicationId, { lock: true });
      if (application) await settleChecks(deps, tx, application);
    });
  }
  return due.length;
}

/** The running server's sweep (main.ts): unref'd, one sweep at a time, failures logged and tried again. */
export function startBackOfficeSweep(deps: AppDeps, intervalMs = BACK_OFFICE_SWEEP_MS): { stop: () => void; idle: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = settleDueChecks(deps)
      .catch((error: unknown) => deps.logger.error({ ...describeError(error), requestId: 'back-office-sweep', route: 'back office sweep' }))
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), idle: () => running.then(() => undefined) };
}
