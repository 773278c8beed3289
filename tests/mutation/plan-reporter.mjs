// @ts-check
/**
 * A Stryker reporter that writes the mutation testing plan (decision 232): once the initial test run
 * has measured which tests cover which mutant, Stryker plans each mutant (ignored, static, no test,
 * or run with these tests, in an estimated time) and tells the reporters before it tests any. This
 * one writes that plan, summed per file, to `STRYKER_PLAN_REPORT`, so the whole set can be counted
 * and its run estimated without testing a mutant (`tests/mutation/size.ts` stops Stryker there).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PluginKind, declareClassPlugin } from '@stryker-mutator/api/plugin';

class PlanReporter {
  /** @param {import('@stryker-mutator/api/report').MutationTestingPlanReadyEvent} event */
  onMutationTestingPlanReady(event) {
    const target = process.env.STRYKER_PLAN_REPORT;
    if (!target) return;
    /** @type {Record<string, { mutants: number; ignored: number; static: number; noCoverage: number; run: number; netTimeMS: number; tests: number; testFiles: string[] }>} */
    const files = {};
    for (const plan of event.mutantPlans) {
      const name = path.relative(process.cwd(), plan.mutant.fileName);
      const file = (files[name] ??= { mutants: 0, ignored: 0, static: 0, noCoverage: 0, run: 0, netTimeMS: 0, tests: 0, testFiles: [] });
      file.mutants += 1;
      if (plan.plan === 'EarlyResult') {
        if (plan.mutant.status === 'Ignored') file.ignored += 1;
        if (plan.mutant.static) file.static += 1;
        if (plan.mutant.status === 'NoCoverage') file.noCoverage += 1;
        continue;
      }
      const filter = plan.runOptions.testFilter;
      if (filter && filter.length === 0) {
        file.noCoverage += 1;
        continue;
      }
      file.run += 1;
      file.netTimeMS += plan.netTime;
      file.tests += filter?.length ?? 0;
      // The vitest runner's test ids are `<file>#<name>`.
      for (const id of filter ?? []) {
        const testFile = path.relative(process.cwd(), id.split('#')[0] ?? '');
        if (!file.testFiles.includes(testFile)) file.testFiles.push(testFile);
      }
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify({ at: new Date().toISOString(), files }, null, 1));
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'plan', PlanReporter)];
