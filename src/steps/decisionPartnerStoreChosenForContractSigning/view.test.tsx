import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../../machines/application/application.actors';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'decisionPartnerStoreChosenForContractSigning';

function storeTask(businessName: string | null): Partial<TaskResponse> {
  return referencedTask({
    creditConditions: { productName: 'HIRE_PURCHASE', loanAmount: 900, loanPeriod: 12 },
    seller: { businessName, legalName: null, regCode: null, phoneNumber: null },
  });
}

describe('DecisionPartnerStoreChosenForContractSigning', () => {
  it('names the store, says what happens there, what to bring and by when, with the reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: storeTask('Kodutehnika OÜ') });
    const heading = screen.getByRole('heading', { level: 1, name: 'Sign your contract in the store' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('You chose to sign the loan contract at Kodutehnika OÜ.')).toBeTruthy();
    expect(screen.getByText(/A member of staff will check your identity, give you the contract to read and sign/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What to bring' })).toBeTruthy();
    expect(screen.getByText(/your ID card or passport/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'By when' })).toBeTruthy();
    expect(screen.getByText(/Please sign within 14 days/)).toBeTruthy();
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('without the store’s name, speaks of the store where the applicant is buying', async () => {
    await renderStep(KEY, { task: storeTask(null) });
    expect(screen.getByText('You chose to sign the loan contract at the store where you are buying.')).toBeTruthy();
  });

  it.each([
    ['et', 'Allkirjastage leping kaupluses', 'Valisite laenulepingu allkirjastamise kaupluses Kodutehnika OÜ.'],
    ['lv', 'Parakstiet līgumu veikalā', 'Jūs izvēlējāties parakstīt kredīta līgumu veikalā Kodutehnika OÜ.'],
    ['lt', 'Pasirašykite sutartį parduotuvėje', 'Pasirinkote pasirašyti paskolos sutartį parduotuvėje Kodutehnika OÜ.'],
    ['ru', 'Подпишите договор в магазине', 'Вы выбрали подписание кредитного договора в магазине Kodutehnika OÜ.'],
  ] as const)('speaks %s', async (locale, heading, store) => {
    await expectStepSpeaks(KEY, locale, heading, { task: storeTask('Kodutehnika OÜ') });
    expect(screen.getByText(store)).toBeTruthy();
  });
});
