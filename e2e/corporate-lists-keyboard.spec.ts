import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import type { Locator, Page } from '@playwright/test';
import { stepKit } from './support/step-kit';
import { corporateFinancialStep } from './support/steps/corporate-financial-data';

// Issue 24 (decision 183): a company's collaterals and liabilities, Estonia's corporate domain.
test.use({ serverEnv: { BUSINESS_DOMAIN: 'corporate-banking', COUNTRY_CODE: 'EE' } });

/** Tabs (forward, or back with Shift+Tab) until `target` has focus, as a keyboard user does (fails if it is not reached). */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', most = 60): Promise<void> {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `not reached with ${most} presses of Tab`).toBeFocused();
}

/** Chooses an option of the focused select by typing its first letters (Chromium's type-ahead), without opening it. */
async function typeAhead(page: Page, select: Locator, text: string, value: string): Promise<void> {
  await expect(select).toBeFocused();
  await page.keyboard.type(text);
  await expect(select).toHaveValue(value);
}

/**
 * Issue 24: the two lists of the corporate financial step by keyboard alone, seeded at the step: rows
 * added with Enter (focus into the new row's first field), filled by typing, the fifth collateral the
 * last (the add button gives way to a sentence), one removed with focus kept (on the add button), and
 * the problems of the rows named by their rows in the error summary, which takes focus and leads to the field.
 */
test('the collaterals and liabilities by keyboard alone: add, fill, remove with focus kept, the 5-row cap, row-named errors', async ({ page }) => {
  const locale = 'en';
  const kit = stepKit(page, locale);
  const financial = corporateFinancialStep(page, locale);
  await page.goto(`/?lang=${locale}`);
  const { externalId } = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'submitFinancialData',
    previousTasks: ['businessData'],
    productName: 'OPERATING_LOAN',
    languageCode: 'eng',
    application: {
      applicationUpdates: {
        creditConditions: { productName: 'OPERATING_LOAN', loanAmount: 80_000, loanPeriod: 36, loanPurposeText: 'Working capital for the season' },
        company: {
          registrationCode: '10137319',
          businessName: 'Päikese Pagarid OÜ',
          countryCode: 'EE',
          industryCode: 'C',
          expectedProfit: 50_000,
          expectedTurnover: 400_000,
          hasLiabilities: true,
        },
      },
      personUpdates: [
        {
          role: 'APPLICANT',
          personalCode: '38001085718',
          declaredData: { firstName: 'Mari', surname: 'Maasikas', email: 'mari.maasikas@example.com', phoneNumber: { code: '+372', number: '51234567' } },
        },
      ],
    },
  });
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  await expect(financial.heading(true)).toBeVisible();

  // Collateral 1: a vehicle and its value, typed.
  await tabTo(page, financial.collateralType(0));
  await typeAhead(page, financial.collateralType(0), 'Vehicles', 'VEHICLES');
  await page.keyboard.press('Tab');
  await expect(kit.textbox('Market value, in euros', financial.collateral(0))).toBeFocused();
  await page.keyboard.type('18500');

  // Collateral 2: land, its address left out (a problem of that row). Then 3 to 5: equipment.
  const types: [string, string][] = [
    ['Land', 'LAND'],
    ['Equipment', 'EQUIPMENT_AND_MACHINERY'],
    ['Equipment', 'EQUIPMENT_AND_MACHINERY'],
    ['Equipment', 'EQUIPMENT_AND_MACHINERY'],
  ];
  for (const [index, [text, value]] of types.entries()) {
    const row = index + 1;
    await tabTo(page, financial.addCollateral);
    await page.keyboard.press('Enter');
    await typeAhead(page, financial.collateralType(row), text, value);
  }
  // The fifth is the last: the add button gives way to a sentence saying why.
  await expect(financial.addCollateral).toHaveCount(0);
  await expect(page.getByText('You have added the most collaterals you can (5).')).toBeVisible();

  // Collateral 4 removed by keyboard: the add button is back and has focus; the rows after it move up.
  await tabTo(page, financial.removeCollateral(3), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(financial.addCollateral).toBeFocused();
  await expect(financial.collateral(4)).toHaveCount(0);
  await expect(financial.collateral(3)).toBeVisible();

  // Liability 1: a loan without its creditor (a problem of that row); liability 2 added and filled in full.
  await tabTo(page, financial.liabilityType(0));
  await typeAhead(page, financial.liabilityType(0), 'Business loan', 'BUSINESS_LOAN');
  await tabTo(page, financial.addLiability);
  await page.keyboard.press('Enter');
  const second = financial.liability(1);
  await typeAhead(page, financial.liabilityType(1), 'Business leasing', 'BUSINESS_LEASING');
  for (const [label, text] of [
    ['Creditor', 'Example Liising AS'],
    ['Amount still owed, in euros', '12000'],
    ['Monthly payment, in euros', '600'],
    ['Day', '30'],
    ['Month', '6'],
    ['Year', '2028'],
  ] as const) {
    await tabTo(page, kit.textbox(label, second));
    await page.keyboard.type(text);
  }

  // Continue by keyboard: the summary takes focus and names each problem by its row.
  await tabTo(page, kit.continueButton);
  await page.keyboard.press('Enter');
  const summary = page.locator('.solis-error-summary');
  await expect(summary).toBeFocused();
  const links = summary.getByRole('link');
  await expect(links).toContainText(['Collateral 2: Enter the street address', 'Collateral 2: Enter the city or town', 'Collateral 2: Enter the market value', 'Liability 1: Enter the creditor']);
  await expectNoA11yViolations(page, 'submitFinancialData (corporate) with the problems of two rows (en)');
  // The first link leads to its field.
  await page.keyboard.press('Tab');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(kit.textbox('Street address', financial.collateral(1))).toBeFocused();
});
