import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { TaskResponse } from '../../src/api/schemas/application.schema';
import { DraftDataSchema } from '../../src/api/schemas/process.schema';
import { DECISION_OUTCOMES, type DecisionOutcome } from '../../src/domain/decisions';
import { DEFAULT_PRODUCT, findProduct } from '../../src/domain/products';
import type { StoredDecision } from '../decisions/decision.service';
import { taskResponseOf } from '../applications/application-process.service';
import { insertApplication, overwriteApplication } from '../applications/application-repository';
import { inviteCoBorrower } from '../applications/invitations';
import { AppliedPayloadSchema, applyStep } from '../applications/apply-step';
import { writeDraft } from '../applications/draft-repository';
import { insertPerson } from '../applications/person-repository';
import { ApiError } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { planNewApplication } from '../applications/new-application';
import { loadProductTable } from '../pricing/pricing-repository';
import { processDefinitionsFor } from '../process/process-definitions';
import { placeProcess } from '../process/process-runner';
import { ProcessStateError } from '../process/state-value';

const TaskKeySchema = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

/**
 * `POST /api/sandbox/applications` (test mode only, issue 8): an application of the caller's,
 * already at `taskDefinitionKey` with the given data, so a browser test opens and submits any step
 * without walking there. The process really rests at that task (with `previousTasks` behind it),
 * so submitting it goes on exactly as it would in a walked application.
 */
export const SeedApplicationSchema = v.object({
  taskDefinitionKey: TaskKeySchema,
  productName: v.optional(v.string()),
  /** Tasks visited before, oldest first (Back may return to them where the process allows it). */
  previousTasks: v.optional(v.array(TaskKeySchema), []),
  /** Applied like a step's payload (any fields: seeding checks no step contract). */
  application: v.optional(AppliedPayloadSchema),
  /** The current task's draft (what the form shows). */
  draft: v.optional(DraftDataSchema),
  /** The applicant's interface language (three-letter code, section 1). */
  languageCode: v.optional(v.picklist(['eng', 'est', 'lav', 'lit', 'rus'])),
  /** The decision already made (issue 12), for a test that opens a decision page directly. */
  decision: v.optional(v.picklist(DECISION_OUTCOMES)),
});
export type SeedApplicationRequest = v.InferOutput<typeof SeedApplicationSchema>;

export async function seedApplication(deps: AppDeps, owner: Owner, request: SeedApplicationRequest): Promise<TaskResponse> {
  const domain = deps.config.businessDomain;
  const productName = request.productName ?? DEFAULT_PRODUCT[domain];
  const product = findProduct(domain, productName, deps.config.client.countryCode);
  const definitions = processDefinitionsFor(domain, productName);
  if (!product || definitions.length === 0) throw new ApiError('BAD_REQUEST', `No process for ${productName} in ${domain}.`);
  // The first process of the product that has the task (an upsale's starts with the product choice).
  let position;
  const problems: string[] = [];
  for (const definition of definitions) {
    try {
      position = placeProcess(definition, { businessDomain: domain, productName: product.productName }, request.taskDefinitionKey, request.previousTasks);
      break;
    } catch (error) {
      if (!(error instanceof ProcessStateError)) throw error;
      problems.push(error.message);
    }
  }
  if (!position) throw new ApiError('BAD_REQUEST', problems.join(' '));
  const placed = position;
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const plan = await planNewApplication(tx, deps, { lookupOwner: owner, product, request: { application: { creditConditions: { productName: product.productName } } } });
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
    const applied = request.application
      ? await applyStep(tx, { applicationId: inserted.id, businessDomain: domain, data: inserted.data, submitterRole: 'APPLICANT', products }, request.application, now)
      : undefined;
    const data = applied?.data ?? inserted.data;
    const application = await overwriteApplication(tx, inserted.id, {
      data: request.decision ? { ...(data as object), decision: seededDecision(request.decision, now) } : data,
      productName: applied?.productName ?? product.productName,
      stepCount: request.previousTasks.length + 1,
    });
    // A seeded co-applicant is invited as the applicant's step would: the link is in the sandbox outbox.
    if (applied?.invite) await inviteCoBorrower(deps, tx, application, applied.invite.person, applied.invite.email, now);
    if (request.draft) await writeDraft(tx, application.id, { taskKey: application.task_key, expectedVersion: 0, data: request.draft }, now);
    return taskResponseOf(tx, application, undefined);
  });
}

/** A decision as the engine stores it (decision.service.ts), set by the test rather than the rules. */
function seededDecision(outcome: DecisionOutcome, now: Date): StoredDecision {
  return { outcome, reasons: ['FORCED_BY_SANDBOX'], debtServiceToIncome: null, offer: null, decidedAt: now.toISOString(), stage: 'INITIAL' };
}
