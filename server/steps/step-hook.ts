/**
 * What the reference API does for one step beyond checking and applying its payload
 * (docs/decisions/163-server-step-hooks.md). A step's hooks live beside their concern (uploads,
 * signing, offers...); the table of them is server/steps/step-hooks.ts, and the submission service
 * runs them without knowing any step.
 */
import type { StepRole } from '../../core/domain/persons';
import type { ProductTable } from '../../core/domain/product-data';
import type { StoredApplicationData } from '../applications/application-data';
import type { ApplicationRow } from '../applications/application-repository';
import type { PersonRow } from '../applications/person-repository';
import type { Queryable, Transaction } from '../db/database';
import type { AppDeps, Owner } from '../http/app-env';
import type { ApplicationFacts } from '../process/application-facts';

/** The process facts only a step's own hook gives; every other step gives the default. */
export type StepFacts = Pick<
  ApplicationFacts,
  'uploadBasManually' | 'offerAnswer' | 'signingChoice' | 'crossSellCardOffered' | 'additionalChecksAsked' | 'statementsGiven' | 'duplicateApplication'
>;

export const NO_STEP_FACTS: StepFacts = {
  uploadBasManually: false,
  offerAnswer: null,
  signingChoice: null,
  crossSellCardOffered: false,
  additionalChecksAsked: false,
  statementsGiven: false,
  duplicateApplication: false,
};

export interface BeforeSubmitContext {
  deps: AppDeps;
  tx: Transaction;
  owner: Owner;
  application: ApplicationRow;
  role: StepRole;
  /** The persons as stored before this submission. */
  persons: readonly PersonRow[];
  /** Decision 134: the submission goes on without its documents (already allowed by the bank). */
  uploadSkipped: boolean;
}

export interface AfterApplyContext {
  deps: AppDeps;
  tx: Transaction;
  /** Who submitted: the session or token subject (decision 175: another owner's applications). */
  owner: Owner;
  application: ApplicationRow;
  role: StepRole;
  /** The submission's process variables, as sent. */
  variables: Readonly<Record<string, unknown>>;
  /** The submission's `customData`, as sent (the offer pages' answer). */
  submittedCustomData: Record<string, unknown>;
  /** The application's data with the payload applied. */
  data: StoredApplicationData;
  products: ProductTable;
  now: Date;
}

export interface AppliedEffect {
  data: StoredApplicationData;
  facts?: Partial<StepFacts>;
}

export interface OutsideCheckContext {
  deps: AppDeps;
  owner: Owner;
  externalId: string;
  taskKey: string;
  /** The step's payload as sent (the submission's `application`), not yet checked against its contract. */
  submitted: unknown;
}

export interface ReachedContext {
  deps: AppDeps;
  tx: Queryable;
  owner: Owner;
  application: ApplicationRow;
}

/** Every hook is optional; the service runs them in this order. */
export interface StepHooks {
  /**
   * First, before the submission's transaction (decision 186): a check with an outside party (the
   * population register) that must not hold the database while it waits. Refuses with an ApiError.
   */
  checkOutside?: (context: OutsideCheckContext) => Promise<void>;
  /** Around the submission's whole transaction (decision 133: the statement upload counts its refusals). */
  aroundSubmission?: <T>(deps: AppDeps, owner: Owner, externalId: string, attempt: () => Promise<T>) => Promise<T>;
  /** Refuses the submission (throws an ApiError) before its payload is read, whatever the client checked. */
  beforeSubmit?: (context: BeforeSubmitContext) => Promise<void>;
  /** The step gives the bank statements: Latvia's reset of them on every other step update skips it (decision 152). */
  givesBankStatements?: true;
  /** Once the payload is applied: what the step adds to the stored data, and the facts only it gives. */
  afterApply?: (context: AfterApplyContext) => Promise<AppliedEffect> | AppliedEffect;
  /** The decision engine decides before the process shows this task (an offer page shows its offer). */
  decidedBeforeShown?: true;
  /** The process ends at this task without the decision engine (decision 175: a duplicate is not decided). */
  endsUndecided?: true;
  /** The process came to rest at this task: what it needs drawn up first; answers the application as saved. */
  onReached?: (context: ReachedContext) => Promise<ApplicationRow>;
}

/** One step's hooks from several concerns: same-named hooks run in the order given. */
export function combineHooks(...parts: readonly StepHooks[]): StepHooks {
  return parts.reduce(followedBy, {});
}

function followedBy(first: StepHooks, then: StepHooks): StepHooks {
  const combined: StepHooks = { ...first, ...then };
  const [outsideFirst, outsideThen] = [first.checkOutside, then.checkOutside];
  if (outsideFirst && outsideThen) {
    combined.checkOutside = async (context) => {
      await outsideFirst(context);
      await outsideThen(context);
    };
  }
  const [outer, inner] = [first.aroundSubmission, then.aroundSubmission];
  if (outer && inner) combined.aroundSubmission = (deps, owner, externalId, attempt) => outer(deps, owner, externalId, () => inner(deps, owner, externalId, attempt));
  const [checkFirst, checkThen] = [first.beforeSubmit, then.beforeSubmit];
  if (checkFirst && checkThen) {
    combined.beforeSubmit = async (context) => {
      await checkFirst(context);
      await checkThen(context);
    };
  }
  const [applyFirst, applyThen] = [first.afterApply, then.afterApply];
  if (applyFirst && applyThen) {
    combined.afterApply = async (context) => {
      const earlier = await applyFirst(context);
      const later = await applyThen({ ...context, data: earlier.data });
      return { data: later.data, facts: { ...earlier.facts, ...later.facts } };
    };
  }
  const [reachFirst, reachThen] = [first.onReached, then.onReached];
  if (reachFirst && reachThen) combined.onReached = async (context) => reachThen({ ...context, application: await reachFirst(context) });
  return combined;
}
