import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'viewContractSigned';
const TASK = referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 } });

describe('ViewContractSigned', () => {
  it('thanks for signing, says what happens next, with the reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you! Your contract is signed' })).toBeTruthy();
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText(/We pay the loan out to your account, usually within one working day\./)).toBeTruthy();
    expect(screen.getByText('You can close this page.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', 'Aitäh! Teie leping on allkirjastatud'],
    ['lv', 'Paldies! Jūsu līgums ir parakstīts'],
    ['lt', 'Ačiū! Jūsų sutartis pasirašyta'],
    ['ru', 'Спасибо! Ваш договор подписан'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
