import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { reportError } from '../error-report';

/**
 * The session machine, its listeners and the timeout warning are not needed for the first paint:
 * their chunk is fetched as the provider mounts, long before a warning could be due, and the first
 * page's JavaScript stays within its budget (decisions 041 and 200). Were the chunk not to load,
 * the page goes on without the warning (the server still ends the session, and the next call says
 * so); Vite's preload error has already offered the guarded reload of chunk-recovery.ts.
 */
const SessionRuntime = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    return { default: (await import('./session-runtime')).SessionRuntime };
  } catch (error) {
    reportError('chunk', error);
    return { default: () => null };
  }
});

/** Runs the session for the whole app (issue 3): see session-runtime.tsx. */
export function SessionProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Suspense fallback={null}>
        <SessionRuntime />
      </Suspense>
    </>
  );
}
