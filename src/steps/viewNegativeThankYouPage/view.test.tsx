import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'viewNegativeThankYouPage';
const TASK = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });

describe('ViewNegativeThankYouPage', () => {
  it('says what happened and what happens next, with the application reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    const heading = screen.getByRole('heading', { level: 1, name: 'Thank you for your application' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText("Unfortunately we cannot offer you a loan this time. No contract has been made and you owe us nothing.")).toBeTruthy();
    expect(screen.getByText('You have the right to ask a person at the bank to look at the decision again and to explain it to you.')).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', "Täname Teid taotluse eest"],
    ['lv', "Paldies par Jūsu pieteikumu"],
    ['lt', "Dėkojame už Jūsų paraišką"],
    ['ru', "Благодарим Вас за заявку"],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
