import { fromPromise } from 'xstate';
import { sessionMachine, type ExtendedSession } from '../../../machines/session/session.machine';
import { rejectingWithAppError } from '../../api/app-error';
import { getSessionExpiry } from '../../api/client';
import { extendSession, heartbeat } from '../../api/session.api';

/**
 * The session machine with its I/O: the section 7 session calls through the one HTTP client. Their
 * replies' expiry header reaches the machine anyway (`onSessionExpiry`); the extension's body is
 * used too, so an extension counts even where a proxy strips the header.
 */
export function provideSessionMachine() {
  return sessionMachine.provide({
    actors: {
      extendSession: fromPromise<ExtendedSession>(({ signal }) =>
        rejectingWithAppError(async () => {
          const session = await extendSession({ signal });
          // The reply's header, already moved into the browser's clock (client.ts); the body only
          // when no header came through.
          return { expiresAt: getSessionExpiry()?.getTime() ?? Date.parse(session.expiresAt) };
        }),
      ),
      heartbeat: fromPromise<void>(({ signal }) =>
        rejectingWithAppError(async () => {
          await heartbeat({ signal });
        }),
      ),
    },
  });
}
