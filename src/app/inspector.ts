import type { InspectionEvent, Observer } from 'xstate';

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * The Stately inspector watches every live actor in development when the page is opened with
 * `?inspect`. `import.meta.env.DEV` is false in production builds, so the bundler drops this branch
 * and the dynamic imports with it: production bundles contain none of the inspector (a bundle test
 * checks this). With `?inspect&path=<id>` it also prints the generated path and shows the panel that
 * walks the application along it (issue 27, decisions 210 and 225).
 */
export async function createDevInspector(search: string): Promise<Inspect | undefined> {
  if (!import.meta.env.DEV) return undefined;
  if (!new URLSearchParams(search).has('inspect')) return undefined;
  const [{ createBrowserInspector }, { announcePath }] = await Promise.all([import('@statelyai/inspect'), import('./inspect-path')]);
  const plan = await announcePath(search);
  const { inspect } = createBrowserInspector({ autoStart: true });
  if (!plan) return inspect;
  const { startPathWalk } = await import('./inspect-walk-panel');
  return startPathWalk(plan, inspect);
}
