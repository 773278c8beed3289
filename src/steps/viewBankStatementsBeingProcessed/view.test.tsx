import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'viewBankStatementsBeingProcessed';
const TASK = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });

describe('ViewBankStatementsBeingProcessed', () => {
  it('says what happened and what happens next, with the application reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    const heading = screen.getByRole('heading', { level: 1, name: 'Thank you! We are checking your bank statements' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText("When the check is done, we will send you our decision by e-mail. This usually takes less than an hour during working hours.")).toBeTruthy();
    expect(screen.getByText('You do not need to do anything now.')).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', "Aitäh! Kontrollime Teie pangakonto väljavõtteid"],
    ['lv', "Paldies! Mēs pārbaudām Jūsu bankas konta izrakstus"],
    ['lt', "Dėkojame! Tikriname Jūsų banko sąskaitos išrašus"],
    ['ru', "Спасибо! Мы проверяем Ваши банковские выписки"],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
