import { expect, type Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit } from '../step-kit';
import { signWithSmartId } from './view-contract-conditions';

/** Issue 12: ViewContractAndChooseSigningMethod, after a positive decision. */
export function contractStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('Your contract'),
    terms: page.getByRole('region', { name: kit.tx('Main terms of the contract'), exact: true }),
    download: kit.button('Download the contract (PDF)'),
    question: kit.group('How would you like to sign the contract?'),
    choose: (method: string) => kit.choose('How would you like to sign the contract?', method),
    continueButton: kit.button('Continue to signing'),
  };
}

/** A journey past the contract: Smart-ID chosen, signed through the sandbox provider, on to the contract-signed page. */
export async function chooseSmartIdOnContract(page: Page, locale: TestLocale): Promise<void> {
  const contract = contractStep(page, locale);
  await expect(contract.heading).toBeVisible({ timeout: 15_000 });
  await expect(contract.terms).toBeVisible();
  await contract.choose('Smart-ID');
  await contract.continueButton.click();
  await signWithSmartId(page, locale);
}

/** A journey past the contract with the way to sign a person of the country would choose (issue 21). */
export async function chooseOnContract(page: Page, locale: TestLocale, method: 'Smart-ID' | 'Mobile-ID' | 'eParaksts mobile'): Promise<void> {
  const contract = contractStep(page, locale);
  await expect(contract.heading).toBeVisible({ timeout: 15_000 });
  await expect(contract.terms).toBeVisible();
  await contract.choose(method);
  await contract.continueButton.click();
}
