import { readFileSync } from 'node:fs';
import { test } from '../support/domain-server';
import { allMachinePaths, type MachinePath } from '../../tests/paths/machine-paths';
import { replayMachinePath } from './machine-replay';

/**
 * Issue 27, item 1 (docs/decisions/217): each generated path of a client machine (signing,
 * identification, open banking, uploads, cross-sell) replayed in Chromium, one test per path named
 * by its id, in its domain's server. The paths to run come from `npm run test:paths`
 * (tests/paths/test-paths.ts) through SOLIS_PATHS_FILE; without it, every machine path.
 */
function selected(): MachinePath[] {
  const all = allMachinePaths();
  const file = process.env.SOLIS_PATHS_FILE;
  if (!file) return all;
  const ids = new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]);
  return all.filter((path) => ids.has(path.id));
}

/** The paths by the server they need: their domain, and any setting (a feature flag). */
const byServer = new Map<string, MachinePath[]>();
for (const path of selected()) {
  const key = JSON.stringify({ BUSINESS_DOMAIN: path.domain, ...path.serverEnv });
  byServer.set(key, [...(byServer.get(key) ?? []), path]);
}

for (const [key, paths] of byServer) {
  const serverEnv = JSON.parse(key) as Record<string, string>;
  test.describe(`machines ${Object.values(serverEnv).join(' ')}`, () => {
    test.use({ serverEnv });
    for (const path of paths) {
      test(path.id, async ({ page }) => {
        test.setTimeout(60_000 + path.steps.length * 10_000);
        await replayMachinePath(page, path);
      });
    }
  });
}
