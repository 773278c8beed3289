import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contractsSource, indexSource, readStepFolders, registrySource, staleIndexes } from '../../src/steps/_generated/step-index.generator';
import { STEP_REGISTRY } from '../../src/steps/_generated/registry.gen';
import { STEP_INDEX } from '../../src/steps/_generated/step-index.gen';
import { TASK_KEYS } from '../../src/steps/_generated/task-keys';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function stepsDir(folders: Record<string, string[]>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'solis-steps-'));
  made.push(dir);
  for (const [name, files] of Object.entries(folders)) {
    mkdirSync(path.join(dir, name));
    for (const file of files) writeFileSync(path.join(dir, name, file), '');
  }
  writeFileSync(path.join(dir, 'use-contract-form.ts'), '');
  return dir;
}

describe('the step indexes derive from the step folders (issue 8)', () => {
  it('are current: regenerate with `npm run steps:index` after adding a step folder', () => {
    expect(staleIndexes()).toEqual([]);
  });

  it('list every step folder as a task key, with its views, meta and logic', () => {
    // Every folder of src/steps with a contract is a task key, and nothing else is.
    expect(TASK_KEYS).toEqual(readStepFolders(path.resolve('src/steps')).map((folder) => folder.taskKey));
    expect(TASK_KEYS).toEqual(expect.arrayContaining(['chooseProduct', 'createApplicationStep', 'submitAddress', 'submitBackgroundData', 'submitEmployerInfo', 'submitPersonalInfo', 'viewThankYouPage', 'checkAnswers']));
    expect(Object.keys(STEP_REGISTRY)).toEqual(TASK_KEYS);
    expect(STEP_REGISTRY.createApplicationStep.meta).toEqual({ terminal: false, amountInHeader: false, opensCalculator: true, resubmitsOnForward: true });
    expect(STEP_REGISTRY.viewThankYouPage.meta.terminal).toBe(true);
    expect(STEP_REGISTRY.chooseProduct.meta).toEqual({ terminal: false, amountInHeader: false, opensCalculator: false });
    expect(Object.keys(STEP_REGISTRY.submitBackgroundData.views).sort()).toEqual(['coborrower', 'default', 'lv', 'lv-coborrower', 'partner-short']);
    // Decision 097: the partner short flow's background step opens the calculator, its amount fixed.
    expect(STEP_REGISTRY.submitBackgroundData.meta).toEqual({ terminal: false, amountInHeader: true, opensCalculator: ['partner-short'], calculatorAmountEditable: false, resubmitsOnForward: true });
    expect(STEP_REGISTRY.submitBackgroundData.logic).toBeDefined();
    // The first page's index: the same steps, metas and variants, without the loaders.
    expect(Object.keys(STEP_INDEX)).toEqual(TASK_KEYS);
    for (const key of TASK_KEYS) {
      expect(STEP_INDEX[key].meta).toBe(STEP_REGISTRY[key].meta);
      expect([...STEP_INDEX[key].variants].sort()).toEqual(Object.keys(STEP_REGISTRY[key].views).sort());
    }
  });

  it('read a step folder: its variants from view.<variant>.tsx, its logic when it has one', () => {
    const dir = stepsDir({
      submitAddress: ['contract.ts', 'meta.ts', 'view.tsx', 'view.lv.tsx', 'view.coborrower.tsx', 'view.test.tsx'],
      viewOffer: ['contract.ts', 'meta.ts', 'view.tsx', 'logic.ts'],
    });
    const folders = readStepFolders(dir);
    expect(folders).toEqual([
      { taskKey: 'submitAddress', variants: ['default', 'coborrower', 'lv'], hasLogic: false, hasSummary: false },
      { taskKey: 'viewOffer', variants: ['default'], hasLogic: true, hasSummary: false },
    ]);
    expect(contractsSource(folders)).toContain("submitAddress: { contract: submitAddressContract, variants: ['default', 'coborrower', 'lv'] }");
    expect(registrySource(folders)).toContain("'lv': () => import('../submitAddress/view.lv')");
    expect(registrySource(folders)).toContain("logic: () => import('../viewOffer/logic')");
    expect(indexSource(folders)).toContain("submitAddress: { meta: submitAddressMeta, variants: ['default', 'coborrower', 'lv'] }");
    expect(indexSource(folders)).not.toContain('import(');
  });

  it('read only task-key folders: the step kit and the generated indexes are not steps', () => {
    const dir = stepsDir({ _kit: ['step-meta.ts'], _generated: ['task-keys.ts'], submitAddress: ['contract.ts', 'meta.ts', 'view.tsx'] });
    expect(readStepFolders(dir).map((folder) => folder.taskKey)).toEqual(['submitAddress']);
  });

  it('refuse a step folder without its contract, meta or view, naming what is missing', () => {
    expect(() => readStepFolders(stepsDir({ submitAddress: ['contract.ts', 'view.tsx'] }))).toThrow(/submitAddress lacks meta\.ts/);
  });

  it('refuse a view variant that no rule chooses', () => {
    expect(() => readStepFolders(stepsDir({ submitAddress: ['contract.ts', 'meta.ts', 'view.tsx', 'view.fi.tsx'] }))).toThrow(/"fi" is not a step variant/);
  });
});
