import { useSelector } from '@xstate/react';
import type { AnyActorLogic, ActorRefFrom } from 'xstate';
import { useApplicationActor } from './application-actor';

/**
 * One of the step's own machines (its `logic.ts`), running as a child of the application machine
 * under `id` while the step is shown; undefined until it has started. The view selects from it and
 * sends to it; it never starts or provides it itself.
 */
export function useStepLogic<TLogic extends AnyActorLogic>(id: string): ActorRefFrom<TLogic> | undefined {
  const actor = useApplicationActor();
  // The application machine spawns the step's logic under these ids (StepLogic in application.actors).
  return useSelector(actor, (s) => s.children[id]) as ActorRefFrom<TLogic> | undefined;
}
