import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'viewDocumentUploadLimitThankYouPage';
const TASK = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });

describe('ViewDocumentUploadLimitThankYouPage', () => {
  it('says what happened and what happens next, with the application reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    const heading = screen.getByRole('heading', { level: 1, name: 'We could not receive your bank statements' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText("The upload did not succeed after several attempts, so we have stopped it. Your application and everything you have entered are saved.")).toBeTruthy();
    expect(screen.getByText(/A loan specialist will contact you within one working day/)).toBeTruthy();
    expect(screen.getByText('You can close this page.')).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', "Me ei saanud Teie pangakonto väljavõtteid kätte"],
    ['lv', "Mēs nevarējām saņemt Jūsu bankas konta izrakstus"],
    ['lt', "Nepavyko gauti Jūsų banko sąskaitos išrašų"],
    ['ru', "Нам не удалось получить Ваши банковские выписки"],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
