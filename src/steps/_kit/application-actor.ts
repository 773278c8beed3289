import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { applicationMachine } from '../../../machines/application/application.machine';

export type ApplicationActorRef = ActorRefFrom<typeof applicationMachine>;

/** The running application machine, for step screens to select from and send to. */
export const ApplicationActorContext = createContext<ApplicationActorRef | null>(null);

export function useApplicationActor(): ApplicationActorRef {
  const actor = useContext(ApplicationActorContext);
  if (!actor) throw new Error('Step screens render inside <ApplicationActorContext.Provider>');
  return actor;
}
