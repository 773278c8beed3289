import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'viewShortApplicationSubmitted';
const TASK = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });

describe('ViewShortApplicationSubmitted', () => {
  it('says what happened and what happens next, with the application reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    const heading = screen.getByRole('heading', { level: 1, name: 'Thank you! Your application has been sent' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText("We will check your application and send our decision by e-mail, usually within a few minutes. If the loan is approved, the e-mail tells you how to sign the contract and finish your purchase.")).toBeTruthy();
    expect(screen.getByText('You do not need to do anything now.')).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', "Aitäh! Teie taotlus on saadetud"],
    ['lv', "Paldies! Jūsu pieteikums ir nosūtīts"],
    ['lt', "Dėkojame! Jūsų paraiška išsiųsta"],
    ['ru', "Спасибо! Ваша заявка отправлена"],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
