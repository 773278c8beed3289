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
    ['the step kit imports a step', 'src/steps/_kit/use-contract-form.ts', "import contract from '../createApplicationStep/contract';"],
    ['the step kit imports a feature', 'src/steps/_kit/use-contract-form.ts', "import { ClosingPage } from '../../features/closing-page/closing-page';"],
    ['a feature imports a step', 'src/features/offer-kit/offer-kit.tsx', "import contract from '../../steps/reviewApproved/contract';"],
    ['a feature imports the client', 'src/features/offer-kit/offer-kit.tsx', "import { apiRequest } from '../../api/client';"],
    ['a component imports a feature', 'src/components/modal.tsx', "import { ClosingPage } from '../features/closing-page/closing-page';"],
    ['a machine imports the HTTP client', 'machines/calculator/calculator.machine.ts', "import { calculateLoan } from '../../src/api/loan.api';"],
    ['a machine imports a step', 'machines/calculator/calculator.machine.ts', "import logic from '../../src/steps/createApplicationStep/logic';"],
    ['a machine imports the step kit', 'machines/calculator/calculator.machine.ts', "import { useStepLogic } from '../../src/steps/_kit/use-step-logic';"],
    ['a step machine imports React', 'src/steps/reviewApproved/offer.machine.ts', "import { useState } from 'react';"],
    ['a step machine imports the client', 'src/steps/reviewApproved/offer.machine.ts', "import { apiRequest } from '../../api/client';"],
    ['the client imports a machine', 'src/api/client.ts', "import { applicationMachine } from '../../machines/application/application.machine';"],
    ['a wire schema imports a machine', 'core/wire/process.schema.ts', "import type { AppError } from '../../machines/application/application.actors';"],
    ['a wire schema imports the client', 'core/wire/process.schema.ts', "import { apiRequest } from '../../src/api/client';"],
    ['the domain imports a wire schema', 'core/domain/applicant.ts', "import type { Application } from '../wire/application.schema';"],
    ['the domain imports a validation rule', 'core/domain/offers.ts', "import { productBoundsProblem } from '../validation/general/product-bounds';"],
    ['the validation library imports a wire schema', 'core/validation/money.ts', "import type { StepSubmission } from '../wire/process.schema';"],
    ['the kernel imports Lingui', 'core/validation/money.ts', "import { t } from '@lingui/core/macro';"],
    ['the server imports a step view', 'server/app.ts', "import View from '../src/steps/createApplicationStep/view';"],
    ['the server imports step logic', 'server/app.ts', "import logic from '../src/steps/createApplicationStep/logic';"],
    ['the server imports the step kit', 'server/app.ts', "import { STEP_META } from '../src/steps/_kit/step-meta';"],
    ['the server imports the client', 'server/app.ts', "import { apiRequest } from '../src/api/client';"],
    ['the server imports React', 'server/app.ts', "import { useState } from 'react';"],
  ])('refuses: %s', async (_name, file, source) => {
    expect(await restricted(file, `${source}\nexport {};\n`)).not.toEqual([]);
  });

  it.each([
    ['a step imports its own contract and the kit', 'src/steps/createApplicationStep/view.tsx', "import contract from './contract';\nimport { useContractForm } from '../_kit/use-contract-form';"],
    ['a step imports a feature', 'src/steps/reviewApproved/view.tsx', "import { OfferTerms } from '../../features/offer-kit/offer-kit';"],
    ['a step imports its own machine', 'src/steps/reviewApproved/logic.ts', "import { offerMachine } from './offer.machine';"],
    ['a step imports wire-schema types', 'src/steps/createApplicationStep/view.tsx', "import type { StepSubmission } from '../../../core/wire/process.schema';"],
    ['a feature imports the step kit', 'src/features/offer-kit/offer-kit.tsx', "import { useStepLogic } from '../../steps/_kit/use-step-logic';"],
    ['a step machine imports the kernel and another machine', 'src/steps/reviewApproved/offer.machine.ts', "import { offerBoundsOf } from '../../../core/domain/offers';\nimport { calculatorView } from '../../../machines/calculator/calculator-view';"],
    ['a machine imports the kernel', 'machines/calculator/calculator.machine.ts', "import type { Locale } from '../../core/domain/languages';"],
    ['the validation library imports the domain', 'core/validation/money.ts', "import type { Locale } from '../domain/languages';"],
    ['the server imports the kernel, a step contract and the index', 'server/app.ts', "import contract from '../src/steps/createApplicationStep/contract';\nimport { STEP_CONTRACTS } from '../src/steps/_generated/contracts.gen';\nimport { isTaskKey } from '../src/steps/_generated/task-keys';\nimport { MESSAGES } from '../core/validation/messages';"],
    ['the app imports the client', 'src/app/step-actors.ts', "import { calculateLoan } from '../api/loan.api';"],
  ])('allows: %s', async (_name, file, source) => {
    expect(await restricted(file, `${source}\nexport {};\n`)).toEqual([]);
  });
});

describe('import cycles are refused by lint', () => {
  it('reports an import that closes a cycle, naming it, and passes the real sources', async () => {
    // languages.ts imports business-domains.ts; an import back closes the cycle.
    const [result] = await eslint.lintText("import type { Locale } from './languages';\nexport type L = Locale;\n", {
      filePath: path.join(REPO_ROOT, 'core/domain/business-domains.ts'),
    });
    const cycles = (result?.messages ?? []).filter((message) => message.ruleId === 'solis/no-import-cycle');
    expect(cycles.map((message) => message.message)).toEqual(['Import cycle: core/domain/business-domains.ts → core/domain/languages.ts → core/domain/business-domains.ts']);
    const [clean] = await eslint.lintFiles([path.join(REPO_ROOT, 'core/domain/business-domains.ts')]);
    expect(clean?.messages.filter((message) => message.ruleId === 'solis/no-import-cycle')).toEqual([]);
  });
});

describe('a module is replaced only in an isolated test file (decision 243)', () => {
  const replaced = async (file: string) => {
    const [result] = await eslint.lintText("import { vi } from 'vitest';\nvi.mock('./view');\nvi.doMock('./view');\n", { filePath: path.join(REPO_ROOT, file) });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-properties').map((message) => message.message.slice(0, message.message.indexOf(' is restricted')));
  };

  it('refuses vi.mock and vi.doMock in a test file that shares its worker’s modules, allows them in an isolated one', async () => {
    expect(await replaced('src/steps/chooseProduct/view.test.tsx')).toEqual(["'vi.mock'", "'vi.doMock'"]);
    expect(await replaced('tests/server/app.test.ts')).toEqual(["'vi.mock'", "'vi.doMock'"]);
    expect(await replaced('src/steps/chooseProduct/view.captcha.isolated.test.tsx')).toEqual([]);
  });
});
