/**
 * Issue 26, finding your way: "Step N of M: <the step's name>" under the progress bar, counted on the
 * product's straight path, and a Back link where the process allows a return.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReturnToTaskInput } from '../../machines/application/application.actors';
import { StepPosition, stepTotal, stepsLeftOnPath } from '../../src/app/step-position';
import { expectNoAxeViolations } from '../support/axe';
import { renderStep, taskFor } from '../support/render-step';

const EE_SMALL_LOAN = ['createApplicationStep', 'submitPersonalInfo', 'submitBackgroundData', 'submitAddress', 'submitFinancialData'];

describe('the count of "Step N of M"', () => {
  it('adds the steps left on the product path to the step number', () => {
    expect(stepsLeftOnPath(EE_SMALL_LOAN, 'submitBackgroundData', 3)).toBe(2);
    expect(stepTotal(3, 2, 0)).toBe(5);
  });

  it('never shrinks: not after going Back, nor on a detour off the path', () => {
    // Back from step 3 (total 5) to step 2: 2 + 3 left is 5 again, and a smaller count would keep 5.
    expect(stepTotal(2, stepsLeftOnPath(EE_SMALL_LOAN, 'submitPersonalInfo', 2), 5)).toBe(5);
    expect(stepTotal(2, 1, 5)).toBe(5);
    // A step not on the straight path counts itself, at least.
    expect(stepsLeftOnPath(EE_SMALL_LOAN, 'uploadLeasingDocuments', 4)).toBeNull();
    expect(stepTotal(7, null, 5)).toBe(7);
  });

  it('takes the one of a task met twice that matches the step number', () => {
    const twice = ['a', 'wait', 'b', 'wait', 'c'];
    expect(stepsLeftOnPath(twice, 'wait', 4)).toBe(1);
    expect(stepsLeftOnPath(twice, 'wait', 2)).toBe(3);
  });
});

async function positionOn(taskKey: Parameters<typeof renderStep>[0], options: Parameters<typeof renderStep>[1]) {
  const step = await renderStep(taskKey, options);
  const position = render(
    <I18nProvider i18n={i18n}>
      <StepPosition actor={step.actor} />
    </I18nProvider>,
  );
  return { step, position };
}

describe('the step position under the progress bar (issue 26)', () => {
  it("names the step and its number on the product's path, and offers Back where the process allows it", async () => {
    const returned: ReturnToTaskInput[] = [];
    const { step, position } = await positionOn('submitBackgroundData', {
      task: { stepCount: 3, version: 4, previousTaskDefinitionKey: 'submitPersonalInfo' },
      io: {
        returnToTask: async (input) => {
          returned.push(input);
          return taskFor('submitPersonalInfo', 'retail-banking-ee', { stepCount: 2, version: 5, previousTaskDefinitionKey: 'createApplicationStep' });
        },
      },
    });
    const heading = step.view.container.querySelector('h1')?.textContent ?? '';
    // An Estonian small loan's straight path has 10 steps before its end page; this is the third.
    await waitFor(() => expect(position.container.textContent).toContain(`Step 3 of 10: ${heading}`));
    await step.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(returned).toEqual([{ externalId: 'app-1', taskDefinitionKey: 'submitBackgroundData', version: 4 }]);
    await waitFor(() => expect(step.actor.getSnapshot().context.taskKey).toBe('submitPersonalInfo'));
    // Back to step 2: the total stays 10.
    await waitFor(() => expect(position.container.textContent).toMatch(/^Step 2 of 10/));
    await expectNoAxeViolations(position.container);
  });

  it('offers no Back where the process allows no return', async () => {
    const { position } = await positionOn('submitBackgroundData', { task: { stepCount: 3, previousTaskDefinitionKey: null } });
    await waitFor(() => expect(position.container.textContent).toMatch(/^Step 3 of 10/));
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('speaks Estonian', async () => {
    const { position } = await positionOn('submitBackgroundData', { locale: 'et', task: { stepCount: 3, previousTaskDefinitionKey: 'submitPersonalInfo' } });
    await waitFor(() => expect(position.container.textContent).toMatch(/^Samm 3\/10/));
    expect(screen.getByRole('button', { name: 'Tagasi' })).toBeTruthy();
  });
});
