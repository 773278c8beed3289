/**
 * Vitest global setup of the "node" project: the reference server bundled once per run
 * (tests/support/server-bundle.ts, as the browser tests do, decision 154). The API suites that start
 * real server processes (start-up refusals, the data directory lock, PostgreSQL faults, limits) then
 * start it with plain Node instead of transforming its sources through tsx at every start.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from './e2e-server';
import { bundleServer } from './server-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    serverBundle: string;
    /** The run's copy of the generated paths (tests/paths/flow-paths.ts, decision 214). */
    flowPathsCache: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const bundle = path.join(REPO_ROOT, '.tmp', 'vitest', `server-${process.pid}.mjs`);
  await bundleServer(bundle);
  project.provide('serverBundle', bundle);
  const flowPaths = path.join(REPO_ROOT, '.tmp', 'vitest', `flow-paths-${process.pid}.json`);
  rmSync(flowPaths, { force: true });
  project.provide('flowPathsCache', flowPaths);
  return () => {
    rmSync(bundle, { force: true });
    rmSync(flowPaths, { force: true });
  };
}
