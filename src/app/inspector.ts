import type { InspectionEvent, Observer } from 'xstate';

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * The Stately inspector watches every live actor in development when the page is opened with
 * `?inspect`. `import.meta.env.DEV` is false in production builds, so the bundler drops this branch
 * and the dynamic imports with it: production bundles contain none of the inspector (a bundle test
 * checks this). With `?inspect&path=<id>` it also prints the generated path to walk (issue 27).
 */
export async function createDevInspector(search: string): Promise<Inspect | undefined> {
  if (!import.meta.env.DEV) return undefined;
  if (!new URLSearchParams(search).has('inspect')) return undefined;
  const [{ createBrowserInspector }, { announcePath }] = await Promise.all([import('@statelyai/inspect'), import('./inspect-path')]);
  await announcePath(search);
  return createBrowserInspector({ autoStart: true }).inspect;
}
