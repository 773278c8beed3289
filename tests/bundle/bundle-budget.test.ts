import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_JS_BUDGET,
  STEP_BUDGET,
  formatBundleTable,
  formatBytes,
  inspectorTraces,
  measureBundle,
  measureRouteJs,
  WALKER_NEEDLES,
} from './bundle-size';

/**
 * Issue 2 budgets, measured on the production build in dist/ (`npm test` builds before Vitest).
 * A missing build fails every test here with a message saying to run `npm run build`.
 */
describe('production bundle', () => {
  it(`loads at most ${formatBytes(INITIAL_JS_BUDGET)} of gzip JavaScript on /`, () => {
    const report = measureBundle();
    expect(report.initial.files.length, 'no initial JavaScript found').toBeGreaterThan(0);
    expect(
      report.initial.gzip,
      `initial JavaScript of / is over budget:\n${formatBundleTable(report)}\n${report.initial.files
        .map((f) => `  ${f.file}  ${formatBytes(f.gzip)}`)
        .join('\n')}`,
    ).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  it(`loads at most ${formatBytes(STEP_BUDGET)} gzip per step screen beyond the initial chunks`, () => {
    const report = measureBundle();
    expect(
      report.steps.map((step) => step.src),
      'no step screen (src/steps/<taskKey>/view.tsx) in the manifest: are the steps lazy chunks?',
    ).not.toEqual([]);
    const over = report.steps.filter((step) => step.gzip > STEP_BUDGET);
    const detail = over
      .map((step) => `${step.src}\n${step.files.map((f) => `  ${f.file}  ${formatBytes(f.gzip)}`).join('\n')}`)
      .join('\n');
    expect(over.map((step) => step.src), `steps over budget:\n${formatBundleTable(report)}\n${detail}`).toEqual([]);
  });

  // Issue 24: the first page of `/` in the corporate domain is the business-data step; it stays within
  // the budget retail's first page (the create step) has: the initial JavaScript and the step's own
  // chunks (decision 041; the step's machines load beside it, outside both budgets, as retail's do).
  it('loads the first page of / in corporate banking (businessData) within the budget of retail\'s (createApplicationStep)', () => {
    const corporate = measureRouteJs(['src/steps/businessData/view.tsx']);
    const retail = measureRouteJs(['src/steps/createApplicationStep/view.tsx']);
    const budget = INITIAL_JS_BUDGET + STEP_BUDGET;
    expect(retail.gzip, `retail's first page: ${formatBytes(retail.gzip)}`).toBeLessThanOrEqual(budget);
    expect(
      corporate.gzip,
      `corporate first page ${formatBytes(corporate.gzip)} (retail ${formatBytes(retail.gzip)}):\n${corporate.files.map((f) => `  ${f.file}  ${formatBytes(f.gzip)}`).join('\n')}`,
    ).toBeLessThanOrEqual(budget);
  });

  it('carries no trace of the Stately inspector nor of the path walker', () => {
    expect(inspectorTraces(), '@statelyai/inspect and the path walker (src/app/inspect-walk*) must stay out of production builds').toEqual([]);
  });

  it('looks for needles the development modules do contain (decision 225: a rename would leave the check above empty)', () => {
    const source = (file: string) => readFileSync(new URL(`../../src/app/${file}`, import.meta.url), 'utf8');
    const walker = source('inspect-walk.ts') + source('inspect-walk-panel.tsx');
    expect(WALKER_NEEDLES.filter((needle) => !walker.includes(needle))).toEqual([]);
    expect(source('inspect-path.ts')).toContain('/__paths/');
    expect(source('inspector.ts')).toContain('createBrowserInspector');
  });
});
