import { rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, ensureBuilt, preparePgliteTemplate } from '../tests/support/e2e-server';

/**
 * Once per run: the built app must exist (`npm test` builds first; a lone `npx playwright test`
 * builds when dist/ is missing) and a PGlite data directory with the migrations applied is prepared,
 * which every test then copies (fixtures.ts). Workers inherit the environment set here. The returned
 * function is Playwright's global teardown.
 */
export default async function globalSetup(): Promise<() => void> {
  process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  await ensureBuilt();
  const template = path.join(REPO_ROOT, '.tmp', 'e2e', `pglite-template-${process.pid}`);
  await preparePgliteTemplate(template);
  process.env.SOLIS_E2E_PGLITE_TEMPLATE = template;
  return () => rmSync(template, { recursive: true, force: true });
}
