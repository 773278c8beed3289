import { useEffect, useState, useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { DEFAULT_PRODUCT } from '../../core/domain/products';
import type { ApplicationActorRef } from '../steps/_kit/application-actor';
import { subscribeTitleHeading, titleHeading } from '../components/document-title';
import '../components/link-button.css';
import './step-position.css';

type StepPaths = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/** The products' straight paths (generated, src/steps/_generated/step-paths.gen.ts): a chunk of its own, not the first page's. */
let loadedPaths: StepPaths | null = null;
function loadStepPaths(): Promise<StepPaths> {
  return import('../steps/_generated/step-paths.gen').then((module) => (loadedPaths = module.STEP_PATHS));
}

/** The largest total shown per application in this page's life: going Back never makes it smaller. */
const shownTotals = new Map<string, number>();
function totalShownBefore(externalId: string | null): number {
  return externalId ? (shownTotals.get(externalId) ?? 0) : 0;
}
function rememberTotal(externalId: string, total: number): void {
  shownTotals.set(externalId, Math.max(total, totalShownBefore(externalId)));
}

/**
 * The steps left after `taskKey` on its product's straight path; null where the step is not on it
 * (a detour: a co-borrower's part, an upload asked only sometimes).
 */
export function stepsLeftOnPath(path: readonly string[] | undefined, taskKey: string, stepCount: number): number | null {
  if (!path) return null;
  // A task met twice on one path (a waiting page before and after the decision): the one at this step's number.
  const index = path[stepCount - 1] === taskKey ? stepCount - 1 : path.indexOf(taskKey);
  return index < 0 ? null : path.length - 1 - index;
}

/**
 * The total of "Step N of M": this step's number plus what is left on the product's path, never less
 * than a total shown before in this application (Back must not shrink it, nor a detour).
 */
export function stepTotal(stepCount: number, left: number | null, shownBefore: number): number {
  return Math.max(shownBefore, stepCount + (left ?? 0));
}

/**
 * Issue 26, finding your way: under the progress bar, "Step 3 of 9: <the step's heading>", and a Back
 * link on every step the process lets the applicant leave backwards. The link sends `step.back`, the
 * same return to the previous task the browser's Back makes (useHistoryFollowsSteps), and is offered only
 * where the machine can take it (`state.can`).
 */
export function StepPosition({ actor }: { actor: ApplicationActorRef }) {
  const stepCount = useSelector(actor, (s) => s.context.stepCount);
  const taskKey = useSelector(actor, (s) => s.context.taskKey);
  const externalId = useSelector(actor, (s) => s.context.externalId);
  const domain = useSelector(actor, (s) => s.context.businessDomain);
  // Before the application exists (the first page): the product of the link, else the domain's default.
  const productName = useSelector(actor, (s) => s.context.application?.creditConditions.productName ?? s.context.start.productName ?? DEFAULT_PRODUCT[s.context.businessDomain]);
  const canGoBack = useSelector(actor, (s) => s.can({ type: 'step.back' }));
  const heading = useSyncExternalStore(subscribeTitleHeading, titleHeading, () => '');
  const [paths, setPaths] = useState<StepPaths | null>(loadedPaths);
  useEffect(() => {
    if (paths) return;
    let live = true;
    loadStepPaths().then(
      (loaded) => live && setPaths(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [paths]);

  const path = paths && productName ? paths[domain]?.[productName] : undefined;
  const total = paths && taskKey ? stepTotal(stepCount, stepsLeftOnPath(path, taskKey, stepCount), totalShownBefore(externalId)) : null;
  useEffect(() => {
    if (total !== null && externalId) rememberTotal(externalId, total);
  }, [total, externalId]);

  const step = Math.max(1, stepCount);
  return (
    <div className="solis-step-position">
      <p className="solis-step-position__label">
        {total !== null && (
          <>
            {heading ? (
              <Trans>
                Step {step} of {total}: {heading}
              </Trans>
            ) : (
              <Trans>
                Step {step} of {total}
              </Trans>
            )}
          </>
        )}
      </p>
      {canGoBack && (
        <button type="button" className="solis-link-button solis-back-link" onClick={() => actor.send({ type: 'step.back' })}>
          <Trans>Back</Trans>
        </button>
      )}
    </div>
  );
}
