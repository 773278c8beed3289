import { expect, expectNoA11yViolations } from './domain-server';
import type { Page } from '@playwright/test';
import type { TestLocale } from './i18n';
import { stepKit } from './step-kit';
import { businessDataStep, type BusinessDataAnswers } from './steps/business-data';
import { checkAnswersPage } from './steps/check-answers';
import { corporateFinancialStep, type CollateralAnswers, type LiabilityAnswers } from './steps/corporate-financial-data';
import { acceptTheOffer } from './steps/review-approved';
import { leasingStep, type LeasingAnswers } from './steps/submit-leasing-data';
import { uploadLeasingDocumentsStep } from './steps/upload-leasing-documents';
import { contractStep } from './steps/view-contract-and-choose-signing-method';
import { signWithMobileId, signWithSmartId, signingStep } from './steps/view-contract-conditions';
import { contractSignedHeading } from './steps/view-contract-signed';

/**
 * Issue 24: a company's journey in the corporate domain, from the first page `/` to the signed
 * contract (server/process/corporate.process.ts): businessData, the leasing step (leasing only), the
 * collaterals and liabilities, the seller's offer (leasing only), check answers, the offer, the
 * contract and its signing on the country's simulator. Every step passes axe; `onEachStep` lets a
 * journey measure more on each (the narrow screen's sideways scroll).
 */
export interface CorporateJourney {
  locale: TestLocale;
  business: BusinessDataAnswers;
  leasing?: LeasingAnswers;
  collaterals: CollateralAnswers[];
  liabilities?: LiabilityAnswers[];
  signWith: 'Smart-ID' | 'Mobile-ID';
  onEachStep?: (label: string) => Promise<void>;
}

export async function walkCorporateJourney(page: Page, journey: CorporateJourney): Promise<void> {
  const { locale } = journey;
  const kit = stepKit(page, locale);
  const checked = async (label: string) => {
    await expectNoA11yViolations(page, `${label} (${locale})`);
    await journey.onEachStep?.(label);
  };

  await page.goto(`/?lang=${locale}`);
  const business = businessDataStep(page, locale);
  await expect(business.heading).toBeVisible();
  await business.fill(journey.business);
  await checked('businessData');

  if (journey.leasing) {
    const leasing = leasingStep(page, locale);
    await kit.continueTo(leasing.heading);
    await leasing.fill(journey.leasing);
    await checked('submitLeasingData');
  }

  const financial = corporateFinancialStep(page, locale);
  await kit.continueTo(financial.heading(journey.business.company.hasLiabilities));
  await financial.fill({ collaterals: journey.collaterals, ...(journey.liabilities ? { liabilities: journey.liabilities } : {}) });
  await checked('submitFinancialData (corporate)');

  if (journey.leasing) {
    const upload = uploadLeasingDocumentsStep(page, locale);
    await kit.continueTo(upload.heading);
    await upload.upload('sellers-offer.pdf');
    await checked('uploadLeasingDocuments');
  }

  const check = checkAnswersPage(page, locale);
  await kit.continueTo(check.heading);
  await check.openAll();
  await expect(page.getByText(journey.business.representative.email)).toBeVisible();
  await checked('checkAnswers');
  await check.send.click();

  await acceptTheOffer(page, locale, `reviewApproved (${locale})`);
  await journey.onEachStep?.('reviewApproved');
  const contract = contractStep(page, locale);
  await expect(contract.heading).toBeVisible();
  await contract.choose(journey.signWith);
  await checked('viewContractAndChooseSigningMethod');
  await contract.continueButton.click();
  await expect(signingStep(page, locale).heading).toBeVisible();
  await checked('viewContractConditions');
  if (journey.signWith === 'Smart-ID') await signWithSmartId(page, locale);
  else await signWithMobileId(page, locale);
  await expect(contractSignedHeading(page, locale)).toBeVisible();
  await checked('viewContractSigned');
}
