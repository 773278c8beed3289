import { readFileSync } from 'node:fs';
import { expect, sandbox, test } from '../support/domain-server';
import { allFlowPaths, pathLine, stepName, type FlowPath } from '../../tests/paths/flow-paths';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { TestLocale } from '../support/i18n';
import { CONTINUES, FILLERS, continueStep } from './fillers';
import { domainFiller, serverEnvOf } from './fillers-domains';

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

// One server per domain (and, for corporate banking, per country served: fillers-domains.ts's serverEnvOf).
const byServer = new Map<string, { domain: BusinessDomain; env: Record<string, string>; paths: FlowPath[] }>();
for (const path of selected()) {
  const env = serverEnvOf(path);
  const key = [path.domain, env['COUNTRY_CODE']].filter(Boolean).join(' ');
  const group = byServer.get(key) ?? { domain: path.domain, env, paths: [] };
  group.paths.push(path);
  byServer.set(key, group);
}

for (const [title, { domain, env, paths }] of byServer) {
  test.describe(title, () => {
    test.use({ serverEnv: env });
    for (const path of paths) {
      test(path.id, async ({ page }) => {
        test.setTimeout(60_000 + path.steps.length * 15_000);
        test.info().annotations.push({ type: 'path', description: pathLine(path) });
        const locale = LOCALES[domain];
        // In the replay's language: a domain's first page is otherwise in its country's (corporate banking serving Estonia: et).
        await page.goto(`/?lang=${locale}`);
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
