import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { plainRecord } from '../../core/wire/plain-record';
import type { TaskResponse } from '../../core/wire/application.schema';
import { DraftDataSchema, PartnerParametersInputSchema } from '../../core/wire/process.schema';
import { DECISION_OUTCOMES, type DecisionOutcome } from '../../core/domain/decisions';
import type { StepRole } from '../../core/domain/persons';
import { DEFAULT_PRODUCT, findProduct, findProductInAnyCountry } from '../../core/domain/products';
import { isCorporate } from '../../core/domain/business-domains';
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import { approvedOffer, forcedOffer, type StoredDecision } from '../decisions/decision.service';
import type { ProductTable } from '../../core/domain/product-data';
import { isProductName } from '../../core/domain/products';
import { readApplicationData } from '../applications/application-data';
import { taskResponseOf } from '../applications/application-process.service';
import { insertApplication, overwriteApplication } from '../applications/application-repository';
import { inviteCoBorrower } from '../applications/invitations';
import { AppliedPayloadSchema, applyStep } from '../applications/apply-step';
import { keepSubmittedDraft, writeDraft } from '../applications/draft-repository';
import { insertPerson } from '../applications/person-repository';
import { ApiError } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { planNewApplication } from '../applications/new-application';
import { loadProductTable } from '../pricing/pricing-repository';
import { processDefinitionsFor } from '../process/process-definitions';
import { placeProcess, type ProcessPosition } from '../process/process-runner';
import { ProcessStateError } from '../process/state-value';

/** A task key, or the state path of a task asked again in a sub-flow (`coBorrower.submitAddress`). */
const TaskKeySchema = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

/**
 * `POST /api/sandbox/applications` (test mode only, issue 8): an application of the caller's,
 * already at `taskDefinitionKey` with the given data, so a browser test opens and submits any step
 * without walking there. The process really rests at that task (with `previousTasks` behind it),
 * so submitting it goes on exactly as it would in a walked application.
 *
 * Issue 11: a task of the co-borrower's part is named by its state path (`coBorrower.submitAddress`:
 * the applicant's own `submitAddress` comes first); the co-applicant named in `application` is
 * invited as the background step would (the link is in the sandbox outbox, for the co-borrower's
 * session to open), `coBorrower` holds what the co-borrower has answered, and `answers` the forms of
 * earlier tasks as they were sent (the check-answers page lists them).
 */
export const SeedApplicationSchema = v.object({
  taskDefinitionKey: TaskKeySchema,
  productName: v.optional(v.string()),
  /** Tasks visited before, oldest first (Back may return to them where the process allows it). */
  previousTasks: v.optional(v.array(TaskKeySchema), []),
  /** Applied like the applicant's step payload (any fields: seeding checks no step contract). */
  application: v.optional(AppliedPayloadSchema),
  /** Applied like the co-borrower's step payload, after `application` (which names the co-applicant). */
  coBorrower: v.optional(AppliedPayloadSchema),
  /** The current task's draft (what the form shows), of whoever's task it is. */
  draft: v.optional(DraftDataSchema),
  /** Earlier tasks' forms as they were sent, by task key or state path (as in `previousTasks`). */
  answers: v.optional(plainRecord(TaskKeySchema, DraftDataSchema), {}),
  /** The applicant's interface language (three-letter code, section 1). */
  languageCode: v.optional(v.picklist(['eng', 'est', 'lav', 'lit', 'rus'])),
  /** The decision already made (issue 12), for a test that opens a decision page directly. */
  decision: v.optional(v.picklist(DECISION_OUTCOMES)),
  /**
   * A positive decision's stage (decision 131): `FINAL` opens the final offer's variant (an upsale
   * application's stays an upsale's). The offer is the amount and period of the seeded application.
   */
  decisionStage: v.optional(v.picklist(['INITIAL', 'FINAL'])),
  /**
   * The partner parameters of the applicant's link (section 3), checked as the create step checks
   * them (decision 093): the registration code of a partner this session registered, and a return
   * address only when it is one of that partner's (the return-to-merchant page links to it, decision 147).
   */
  partner: v.optional(PartnerParametersInputSchema),
});
export type SeedApplicationRequest = v.InferOutput<typeof SeedApplicationSchema>;

export async function seedApplication(deps: AppDeps, owner: Owner, request: SeedApplicationRequest): Promise<TaskResponse> {
  const domain = deps.config.businessDomain;
  const productName = request.productName ?? DEFAULT_PRODUCT[domain];
  // A corporate product of any country the domain serves (the company's country comes with its data, decision 184).
  const product = isCorporate(domain) ? findProductInAnyCountry(domain, productName) : findProduct(domain, productName, deps.config.client.countryCode);
  const definitions = processDefinitionsFor(domain, productName);
  if (!product || definitions.length === 0) throw new ApiError('BAD_REQUEST', `No process for ${productName} in ${domain}.`);
  // The first process of the product that has the task (an upsale's starts with the product choice).
  const input = { businessDomain: domain, productName: product.productName };
  let found: { definition: string; position: ProcessPosition } | undefined;
  const problems: string[] = [];
  for (const definition of definitions) {
    try {
      found = { definition, position: placeProcess(definition, input, request.taskDefinitionKey, request.previousTasks) };
      break;
    } catch (error) {
      if (!(error instanceof ProcessStateError)) throw error;
      problems.push(error.message);
    }
  }
  if (!found) throw new ApiError('BAD_REQUEST', problems.join(' '));
  const { definition, position: placed } = found;
  // Whose answers each earlier form holds: the role of the part of the process its task is in.
  const answers: { taskKey: TaskKey; role: StepRole; data: Record<string, unknown> }[] = [];
  for (const [key, data] of Object.entries(request.answers)) {
    try {
      const at = placeProcess(definition, input, key);
      answers.push({ taskKey: at.taskKey, role: at.turn, data });
    } catch (error) {
      if (!(error instanceof ProcessStateError)) throw error;
      throw new ApiError('BAD_REQUEST', error.message);
    }
  }
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const plan = await planNewApplication(tx, deps, { lookupOwner: owner, product, request: { application: { creditConditions: { productName: product.productName }, ...(request.partner ? { partner: request.partner } : {}) } } });
    const inserted = await insertApplication(tx, {
      externalId: randomUUID(),
      owner,
      businessDomain: domain,
      productName: product.productName,
      data: plan.data,
      processState: placed.state,
      taskKey: placed.taskKey,
      now,
    });
    await insertPerson(
      tx,
      inserted.id,
      { role: 'APPLICANT', languageCode: request.languageCode ?? null, personalCode: null, declaredData: {}, consents: {} },
      now,
    );
    const products = await loadProductTable(tx, domain);
    const target = { applicationId: inserted.id, businessDomain: domain, products };
    const applied = request.application ? await applyStep(tx, { ...target, data: inserted.data, submitterRole: 'APPLICANT' }, request.application, now) : undefined;
    const coBorrower = request.coBorrower
      ? await applyStep(tx, { ...target, data: applied?.data ?? inserted.data, submitterRole: 'COBORROWER' }, request.coBorrower, now)
      : undefined;
    const last = coBorrower ?? applied;
    const data = last?.data ?? inserted.data;
    const application = await overwriteApplication(tx, inserted.id, {
      data: request.decision ? { ...(data as object), decision: seededDecision(request.decision, now, { data, products, stage: request.decisionStage ?? 'INITIAL' }) } : data,
      productName: last?.productName ?? product.productName,
      stepCount: request.previousTasks.length + 1,
      processDone: placed.done,
    });
    // A seeded co-applicant is invited as the applicant's step would: the link is in the sandbox outbox.
    if (applied?.invite) await inviteCoBorrower(deps, tx, application, applied.invite.person, applied.invite.email, now);
    for (const answer of answers) {
      await keepSubmittedDraft(tx, application.id, answer.taskKey, answer.data, now, answer.role);
    }
    if (request.draft) {
      await writeDraft(tx, application.id, { taskKey: application.task_key, expectedVersion: 0, data: request.draft, role: placed.turn }, now);
    }
    return taskResponseOf(tx, application, undefined);
  });
}

/** A decision as the engine stores it (decision.service.ts), set by the test rather than the rules. */
function seededDecision(outcome: DecisionOutcome, now: Date, at: { data: unknown; products: ProductTable; stage: 'INITIAL' | 'FINAL' }): StoredDecision {
  const stored = readApplicationData(at.data);
  const productName = stored.creditConditions.productName;
  const product = outcome === 'POSITIVE' && isProductName(productName) ? at.products[productName] : undefined;
  // A positive one offers the application's amount and period (the product's base ones without them).
  const offer = product
    ? approvedOffer(product, forcedOffer(product, stored.creditConditions.loanAmount ?? product.baseAmount, stored.creditConditions.loanPeriod ?? product.basePeriod), {
        borrowers: [],
        today: now,
        stage: at.stage,
        upsale: stored.changeType === 'UPSALE',
      })
    : null;
  return { outcome, reasons: ['FORCED_BY_SANDBOX'], debtServiceToIncome: null, offer, decidedAt: now.toISOString(), stage: at.stage };
}
