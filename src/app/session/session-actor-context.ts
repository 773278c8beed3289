import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session/session.machine';

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

/** The running session machine, for anything that needs to know how the session stands. */
export const SessionActorContext = createContext<SessionActorRef | null>(null);

export function useSessionActor(): SessionActorRef {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('Render inside <SessionProvider>');
  return actor;
}
