import { readFileSync } from 'node:fs';
import { expect, sandbox, test } from '../support/domain-server';
import { allFlowPaths, pathLine, stepName, type FlowPath } from '../../tests/paths/flow-paths';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { TestLocale } from '../support/i18n';
import { CONTINUES, FILLERS, continueStep } from './fillers';
import { DOMAIN_SERVER_ENV, domainFiller } from './fillers-domains';

/**
 * Issue 27 (docs/decisions/204): each generated path replayed in Chromium against the reference API,
 * step by step: the step the path names must be the one shown, answered by its filler; the test is
 * named by the path's id, and a failure names the path, the step and what was expected (the
 * screenshot and trace are playwright's, kept on failure). The paths to run come from
 * `npm run test:paths` (tests/paths/test-paths.ts) through SOLIS_PATHS_FILE; without it, every path.
 */
function selected(): FlowPath[] {
  const all = allFlowPaths().paths;
  const file = process.env.SOLIS_PATHS_FILE;
  if (!file) return all;
  const ids = new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]);
  return all.filter((path) => ids.has(path.id));
}

/** The language each domain's paths are replayed in: the domain's own. */
const LOCALES: Record<BusinessDomain, TestLocale> = {
  'retail-banking-ee': 'et',
  'retail-banking-lv': 'lv',
  'retail-banking-lt': 'lt',
  'corporate-banking': 'en',
};

/** A failure of a path, worded for QA: which path, at which step, what was expected. */
class PathFailure extends Error {
  override readonly name = 'PathFailure';
}

const byDomain = new Map<BusinessDomain, FlowPath[]>();
for (const path of selected()) byDomain.set(path.domain, [...(byDomain.get(path.domain) ?? []), path]);

for (const [domain, paths] of byDomain) {
  test.describe(domain, () => {
    test.use({ serverEnv: { BUSINESS_DOMAIN: domain, ...DOMAIN_SERVER_ENV[domain] } });
    for (const path of paths) {
      test(path.id, async ({ page }) => {
        test.setTimeout(60_000 + path.steps.length * 15_000);
        test.info().annotations.push({ type: 'path', description: pathLine(path) });
        const locale = LOCALES[domain];
        await page.goto('/');
        // What the bank's side answers on this path: the decision engine through the sandbox.
        const decision = path.conditions.find((condition) => condition.startsWith('decision='))?.slice('decision='.length) ?? 'POSITIVE';
        await sandbox.setDecision(page, decision as Parameters<typeof sandbox.setDecision>[1]);
        for (const [index, step] of path.steps.entries()) {
          const name = stepName(step);
          const where = `path ${path.id}, step ${index + 1} (${name})`;
          // The path's domain's own answers first (fillers-domains.ts, which move on by themselves), else fillers.ts's.
          const own = domainFiller(domain, step.taskKey);
          const filler = own ?? FILLERS[step.taskKey];
          if (!filler || step.role === 'COBORROWER') throw new PathFailure(`${where}: no browser filler for this step yet (e2e/paths/fillers.ts)`);
          await test.step(name, async () => {
            try {
              await expect(filler.heading(page, locale, path), `${where}: expected this step to be shown`).toBeVisible({ timeout: 20_000 });
            } catch (error) {
              const shown = await page.getByRole('heading', { level: 1 }).first().innerText().catch(() => '(no heading)');
              throw new PathFailure(`${where}: expected ${name} to be shown, the page shows "${shown.trim()}" at ${page.url()}\n${String(error)}`);
            }
            if (step.final) return;
            await filler.answer(page, locale, path, step);
            if (!own && CONTINUES.has(step.taskKey)) await continueStep(page, locale);
          });
        }
      });
    }
  });
}
