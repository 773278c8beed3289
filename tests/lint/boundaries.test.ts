/**
 * The import boundaries (issue 8, docs/decisions/080-step-modules.md) are lint rules; this checks
 * each rule fires on the import it exists to stop, and stays quiet on the ones that are allowed.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/e2e-server';

const eslint = new ESLint({ cwd: REPO_ROOT });

async function restricted(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

// The first lint of a file builds the typed program, which takes many seconds on a busy machine:
// done once here, so no single case pays for it against its own timeout.
beforeAll(async () => {
  await restricted('src/steps/createApplicationStep/view.tsx', 'export {};\n');
}, 180_000);

describe('import boundaries are enforced by lint', () => {
  it.each([
    ['a step imports the HTTP client', 'src/steps/createApplicationStep/view.tsx', "import { apiRequest } from '../../api/client';"],
    ['a step imports another step', 'src/steps/createApplicationStep/view.tsx', "import other from '../viewThankYouPage/contract';"],
    ['a step imports the app', 'src/steps/createApplicationStep/logic.ts', "import { STEP_ACTORS } from '../../app/step-actors';"],
    ['the step kit imports a step', 'src/steps/use-contract-form.ts', "import contract from './createApplicationStep/contract';"],
    ['a machine imports the HTTP client', 'machines/calculator/calculator.machine.ts', "import { calculateLoan } from '../../src/api/loan.api';"],
    ['a machine imports a step', 'machines/calculator/calculator.machine.ts', "import logic from '../../src/steps/createApplicationStep/logic';"],
    ['the client imports a machine', 'src/api/client.ts', "import { applicationMachine } from '../../machines/application/application.machine';"],
    ['a wire schema imports a machine', 'src/api/schemas/process.schema.ts', "import type { AppError } from '../../../machines/application/application.actors';"],
    ['the domain imports a wire schema', 'src/domain/applicant.ts', "import type { Application } from '../api/schemas/application.schema';"],
    ['the validation library imports a wire schema', 'src/validation/money.ts', "import type { StepSubmission } from '../api/schemas/process.schema';"],
    ['the server imports a step view', 'server/app.ts', "import View from '../src/steps/createApplicationStep/view';"],
    ['the server imports step logic', 'server/app.ts', "import logic from '../src/steps/createApplicationStep/logic';"],
    ['the server imports React', 'server/app.ts', "import { useState } from 'react';"],
  ])('refuses: %s', async (_name, file, source) => {
    expect(await restricted(file, `${source}\nexport {};\n`)).not.toEqual([]);
  });

  it.each([
    ['a step imports its own contract and the kit', 'src/steps/createApplicationStep/view.tsx', "import contract from './contract';\nimport { useContractForm } from '../use-contract-form';"],
    ['a step imports wire-schema types', 'src/steps/createApplicationStep/view.tsx', "import type { StepSubmission } from '../../api/schemas/process.schema';"],
    ['the server imports a step contract and the index', 'server/app.ts', "import contract from '../src/steps/createApplicationStep/contract';\nimport { STEP_CONTRACTS } from '../src/steps/contracts.gen';"],
    ['the app imports the client', 'src/app/step-actors.ts', "import { calculateLoan } from '../api/loan.api';"],
  ])('allows: %s', async (_name, file, source) => {
    expect(await restricted(file, `${source}\nexport {};\n`)).toEqual([]);
  });
});

describe('import cycles are refused by lint', () => {
  it('reports an import that closes a cycle, naming it, and passes the real sources', async () => {
    // languages.ts imports business-domains.ts; an import back closes the cycle.
    const [result] = await eslint.lintText("import type { Locale } from './languages';\nexport type L = Locale;\n", {
      filePath: path.join(REPO_ROOT, 'src/domain/business-domains.ts'),
    });
    const cycles = (result?.messages ?? []).filter((message) => message.ruleId === 'solis/no-import-cycle');
    expect(cycles.map((message) => message.message)).toEqual(['Import cycle: src/domain/business-domains.ts → src/domain/languages.ts → src/domain/business-domains.ts']);
    const [clean] = await eslint.lintFiles([path.join(REPO_ROOT, 'src/domain/business-domains.ts')]);
    expect(clean?.messages.filter((message) => message.ruleId === 'solis/no-import-cycle')).toEqual([]);
  });
});
