import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'viewCurrentAccountContractSigned';
const TASK = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });

describe('ViewCurrentAccountContractSigned', () => {
  it('says what happened and what happens next, with the application reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    const heading = screen.getByRole('heading', { level: 1, name: 'Your current account contract is signed' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText("We will send you the account number and a copy of the signed contract by e-mail. You can then use your account in the internet bank.")).toBeTruthy();
    expect(screen.getByText('Thank you! We are now opening your current account.')).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', "Teie arvelduskonto leping on allkirjastatud"],
    ['lv', "Jūsu norēķinu konta līgums ir parakstīts"],
    ['lt', "Jūsų einamosios sąskaitos sutartis pasirašyta"],
    ['ru', "Ваш договор текущего счёта подписан"],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
