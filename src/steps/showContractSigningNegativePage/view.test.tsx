import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'showContractSigningNegativePage';
const TASK = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });

describe('ShowContractSigningNegativePage', () => {
  it('says what happened and what happens next, with the application reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    const heading = screen.getByRole('heading', { level: 1, name: 'We cannot sign the contract with you' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    // Decision 175: why the signing stopped, and what the person can do.
    expect(screen.getByText(/the signature came from someone else, or signing failed too many times/)).toBeTruthy();
    expect(screen.getByText(/No contract has been made and you owe us nothing/)).toBeTruthy();
    expect(screen.getByText(/we will check who you are and help you sign another way/)).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', "Me ei saa Teiega lepingut sõlmida"],
    ['lv', "Mēs nevaram noslēgt ar Jums līgumu"],
    ['lt', "Negalime su Jumis pasirašyti sutarties"],
    ['ru', "Мы не можем подписать с Вами договор"],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
