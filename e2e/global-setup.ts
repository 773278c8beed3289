import { rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, ensureBuilt, preparePgliteTemplate, scratchRoot } from '../tests/support/e2e-server';
import { bundleServer } from '../tests/support/server-bundle';

/**
 * Once per run: the built app must exist (`npm test` builds first; a lone `npx playwright test`
 * builds when dist/ is missing), the server is bundled into one file every test starts, and a PGlite
 * data directory with the migrations applied is prepared (in memory where the machine allows),
 * which every test then copies (fixtures.ts). Workers inherit the environment set here. The returned
 * function is Playwright's global teardown.
 */
export default async function globalSetup(): Promise<() => void> {
  process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  await ensureBuilt();
  // The server, bundled once: every test's server starts from it (tests/support/server-bundle.ts).
  const bundle = path.join(REPO_ROOT, '.tmp', 'e2e', `server-${process.pid}.mjs`);
  await bundleServer(bundle);
  process.env.SOLIS_E2E_SERVER_BUNDLE = bundle;
  const template = path.join(scratchRoot(), `solis-e2e-template-${process.pid}`);
  await preparePgliteTemplate(template);
  process.env.SOLIS_E2E_PGLITE_TEMPLATE = template;
  return () => {
    rmSync(template, { recursive: true, force: true });
    rmSync(bundle, { force: true });
  };
}
