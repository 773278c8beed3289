import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session/session.machine';

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
