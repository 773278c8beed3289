/**
 * Issue 27, item 2 ("A sample runs inside npm test"; docs/decisions/217, 222): a sample of the
 * generated paths replayed in the browser stage itself, on its servers, so `npm test` walks generated
 * paths every time. The sample is NPM_TEST_SAMPLE: per machine, the paths `npm run test:paths --
 * --grep <machine> --sample <n>` chooses (those that add the most states and events, the same every
 * run): two signing paths (Smart-ID, Mobile-ID), one remote identification path and one open-banking
 * path. A machine path is seeded at its step, so each replay is short (the process paths begin at
 * the first page, and generating them costs each worker more than this whole spec).
 */
import { test } from './support/domain-server';
import { NPM_TEST_SAMPLE, allMachinePaths } from '../tests/paths/machine-paths';
import { choosePaths } from '../tests/paths/test-paths';
import { replayMachinePath } from './paths/machine-replay';

const sample = NPM_TEST_SAMPLE.flatMap((choice) => choosePaths({ list: false, ...choice }, allMachinePaths()));

for (const path of sample) {
  test.describe(() => {
    // The stage's own servers serve the Estonian domain with no flag; another domain's or setting's path gets its own.
    if (path.domain !== 'retail-banking-ee' || path.serverEnv) test.use({ serverEnv: { BUSINESS_DOMAIN: path.domain, ...path.serverEnv } });
    test(`generated path ${path.id}`, async ({ page }) => {
      test.setTimeout(60_000 + path.steps.length * 10_000);
      await replayMachinePath(page, path);
    });
  });
}
