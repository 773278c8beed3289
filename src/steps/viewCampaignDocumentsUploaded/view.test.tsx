import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'viewCampaignDocumentsUploaded';
const TASK = referencedTask({ campaignCode: 'AUTO2026', creditConditions: { productName: 'CAR_LOAN', loanAmount: 8000, loanPeriod: 48 } });

describe('ViewCampaignDocumentsUploaded', () => {
  it('thanks for the offer, says who checks it and what comes next, with the reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you! We have received the seller’s offer' })).toBeTruthy();
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText(/A loan specialist checks the offer against the campaign’s terms, usually within one working day\./)).toBeTruthy();
    expect(screen.getByText('You do not need to do anything now.')).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', 'Aitäh! Oleme müüja pakkumise kätte saanud'],
    ['lv', 'Paldies! Esam saņēmuši pārdevēja piedāvājumu'],
    ['lt', 'Ačiū! Gavome pardavėjo pasiūlymą'],
    ['ru', 'Спасибо! Мы получили предложение продавца'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
