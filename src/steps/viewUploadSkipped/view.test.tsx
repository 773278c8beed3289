import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'viewUploadSkipped';
const TASK = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });

describe('ViewUploadSkipped', () => {
  it('says what happened and what happens next, with the application reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    const heading = screen.getByRole('heading', { level: 1, name: 'Thank you! Your application has been sent without bank statements' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText("A loan specialist will review your application. If we need your bank statements to decide, we will ask you for them by e-mail.")).toBeTruthy();
    expect(screen.getByText('You do not need to do anything now.')).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', "Aitäh! Teie taotlus on saadetud ilma pangakonto väljavõteteta"],
    ['lv', "Paldies! Jūsu pieteikums ir nosūtīts bez bankas konta izrakstiem"],
    ['lt', "Dėkojame! Jūsų paraiška išsiųsta be banko sąskaitos išrašų"],
    ['ru', "Спасибо! Ваша заявка отправлена без банковских выписок"],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
