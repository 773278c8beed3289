import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'viewDuplicateApplication';
const TASK = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });

describe('ViewDuplicateApplication', () => {
  it('says what happened and what happens next, with the application reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    const heading = screen.getByRole('heading', { level: 1, name: 'You already have an application with us' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText('We are already handling another application for the same kind of loan with this personal code, so we will not process this one.')).toBeTruthy();
    // Decision 175: nothing about the other application but that it exists; whoever did not apply is asked to tell the bank.
    expect(screen.getByText(/go on with it where you started it, or wait for our answer by e-mail/)).toBeTruthy();
    expect(screen.getByText(/If you did not apply for a loan with us, please contact us/)).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', "Meil on Teie taotlus juba olemas"],
    ['lv', "Mums jau ir Jūsu pieteikums"],
    ['lt', "Mes jau turime Jūsų paraišką"],
    ['ru', "У нас уже есть Ваша заявка"],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
