import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../../machines/application/application.actors';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'viewReturnToMerchant';
const RETURN_ADDRESS = 'https://shop.example.com/checkout/return?order=42';

/** A partner's application whose return address the server stored (only a registered one, decision 093). */
function partnerTask(webShopRedirectUri: string | null, businessName: string | null = 'Kodutehnika OÜ'): Partial<TaskResponse> {
  return referencedTask({
    creditConditions: { productName: 'HIRE_PURCHASE', loanAmount: 900, loanPeriod: 12 },
    processData: { webShopRedirectUri, webShopApplicationReferenceId: 'ORDER-42' },
    seller: { businessName, legalName: null, regCode: null, phoneNumber: null },
  });
}

describe('ViewReturnToMerchant', () => {
  it('thanks for the statements, says what happens next and links back to the shop’s stored return address, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: partnerTask(RETURN_ADDRESS) });
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you! We have received your bank statements' })).toBeTruthy();
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText('We will check your application and send our decision by e-mail. The shop will also be told whether the loan is approved.')).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Return to Kodutehnika OÜ' });
    expect(back.getAttribute('href')).toBe(RETURN_ADDRESS);
    expect(screen.queryByText('You can close this page.')).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('names no shop it does not know', async () => {
    await renderStep(KEY, { task: partnerTask(RETURN_ADDRESS, null) });
    expect(screen.getByRole('link', { name: 'Return to the shop' }).getAttribute('href')).toBe(RETURN_ADDRESS);
  });

  it.each([null, 'javascript:alert(1)', 'shop.example.com/return', 'data:text/html,hi'])('makes no link of %s: the page simply closes', async (address) => {
    const { view } = await renderStep(KEY, { task: partnerTask(address) });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('You can close this page.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('speaks Estonian, the link too', async () => {
    await expectStepSpeaks(KEY, 'et', 'Aitäh! Oleme Teie pangakonto väljavõtted kätte saanud', { task: partnerTask(RETURN_ADDRESS) });
    expect(screen.getByRole('link', { name: 'Tagasi lehele Kodutehnika OÜ' }).getAttribute('href')).toBe(RETURN_ADDRESS);
  });

  it.each([
    ['lv', 'Paldies! Esam saņēmuši Jūsu bankas konta izrakstus', 'Atgriezties veikalā Kodutehnika OÜ'],
    ['lt', 'Dėkojame! Gavome Jūsų banko sąskaitos išrašus', 'Grįžti į parduotuvę Kodutehnika OÜ'],
    ['ru', 'Спасибо! Мы получили Ваши банковские выписки', 'Вернуться в магазин Kodutehnika OÜ'],
  ] as const)('speaks %s', async (locale, heading, link) => {
    await expectStepSpeaks(KEY, locale, heading, { task: partnerTask(RETURN_ADDRESS) });
    expect(screen.getByRole('link', { name: link })).toBeTruthy();
  });
});
