import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'viewProcessingTakesTime';
const TASK = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });

describe('ViewProcessingTakesTime', () => {
  it('says what happened and what happens next, with the application reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    const heading = screen.getByRole('heading', { level: 1, name: 'Checking your bank statements is taking longer than usual' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText("We have received your bank statements, so you do not need to send them again. Checking them is taking longer than usual.")).toBeTruthy();
    expect(screen.getByText('We will send you our decision by e-mail, at the latest by the end of the next working day.')).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', "Teie pangakonto väljavõtete kontrollimine võtab tavalisest kauem aega"],
    ['lv', "Jūsu bankas konta izrakstu pārbaude aizņem ilgāku laiku nekā parasti"],
    ['lt', "Jūsų banko sąskaitos išrašų tikrinimas užtrunka ilgiau nei įprastai"],
    ['ru', "Проверка Ваших банковских выписок занимает больше времени, чем обычно"],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
