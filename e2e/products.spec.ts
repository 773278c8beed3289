/**
 * Issue 10 in the browser, against the real built app and reference API: product selection, the
 * entrances (`/start`, landing pages, `/current-account`, partner links) and the calculator modal.
 * One path per entrance; the variants are in the component and API tests.
 */
import type { Page } from '@playwright/test';
import type { TaskResponse } from '../core/wire/application.schema';
import { calculatorModal, test, expect, expectNoA11yViolations, sandbox, testTheCalculator } from './fixtures';
import { MARI, createApplicationStep, externalIdOf, fillApplicantAs, fillCreateApplicationStep, nextStepHeading } from './support/create-application';
import { t } from './support/i18n';

/** The application as the API keeps it (read through this browser's session). */
async function storedApplication(page: Page, externalId: string): Promise<TaskResponse> {
  const origin = new URL(page.url()).origin;
  const reply = await page.request.post(`${origin}/api/v1/application-process/${externalId}/continue?role=applicant`, { headers: { Origin: origin } });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { data: TaskResponse }).data;
}

/**
 * Two cards through the real server: a credit card (no period: the server keeps none) and a loan of
 * another product and purpose. Every card's product, purpose, amount and period as sent is the view
 * test's (src/steps/chooseProduct/view.test.tsx, decision 213); how the server stores what is sent, here.
 */
const CARDS: ReadonlyArray<{ card: string; productName: string; loanPurpose: string; amount: string; period: string | null; stored: { loanAmount: number; loanPeriod: number | null } }> = [
  { card: 'Credit card', productName: 'CREDIT_CARD_VISA_CLASSIC', loanPurpose: 'DAILY_SETTLEMENTS', amount: '2000', period: null, stored: { loanAmount: 2000, loanPeriod: null } },
  { card: 'Car loan', productName: 'CAR_LOAN', loanPurpose: 'PURCHASING_MOTOR_VEHICLES', amount: '18000', period: '72', stored: { loanAmount: 18000, loanPeriod: 72 } },
];

test('a card of /choose-product goes on to the next step with its product, amount, period and purpose', async ({ page }) => {
  for (const item of CARDS) {
    await page.goto('/choose-product?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a loan or a credit card' })).toBeVisible();
    await page.getByRole('radio', { name: new RegExp(`^${item.card}`) }).check();
    const amount = page.getByRole('textbox', { name: item.productName.startsWith('CREDIT_CARD') ? /Credit limit/ : /Loan amount/ });
    await amount.fill(item.amount);
    if (item.period) await page.getByRole('textbox', { name: /Loan period/ }).fill(item.period);
    // The figures follow the choice before it is sent.
    await expect(page.getByRole('status').filter({ hasText: 'a month' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    const externalId = await externalIdOf(page);
    await expect(createApplicationStep(page, 'en').firstName).toBeVisible();
    const stored = await storedApplication(page, externalId);
    expect(stored.application, item.card).toMatchObject({
      changeType: 'UPSALE',
      creditConditions: { productName: item.productName, loanPurpose: item.loanPurpose, ...item.stored },
    });
  }
});

test('/start follows the loyalty segment: one makes an upsale application, two goes to product selection, any other to the error page', async ({ page }) => {
  await page.goto('/?lang=en');
  await sandbox.setLoyaltySegment(page, 'LOYALTY_SEGMENT_ONE');
  await page.goto('/start?lang=en');
  const externalId = await externalIdOf(page);
  await expect(createApplicationStep(page, 'en').heading).toBeVisible();
  expect((await storedApplication(page, externalId)).application).toMatchObject({ changeType: 'UPSALE', creditConditions: { productName: 'SMALL_LOAN' } });

  await sandbox.setLoyaltySegment(page, 'LOYALTY_SEGMENT_TWO');
  await page.goto('/start?lang=en&utm_source=mail');
  await expect(page).toHaveURL(/\/choose-product\?lang=en&utm_source=mail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a loan or a credit card' })).toBeVisible();

  await sandbox.setLoyaltySegment(page, 'LOYALTY_SEGMENT_NINE');
  await page.goto('/start?lang=en');
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, there is a problem with the service' })).toBeVisible();
});

test('a landing page preselects its purpose’s product, in its language, with no rate from the link, past an unfinished application of another product', async ({ page }) => {
  // Decision 239: this session's unfinished small loan, which `/` alone continues (decision 001).
  await page.goto('/?lang=en');
  await createApplicationStep(page, 'en').firstName.fill('Mari');
  const smallLoan = await externalIdOf(page);

  await page.goto('/landing/rus/car-loan?interestRate=1.9&utm_source=news');
  await expect(page).toHaveURL(/\/\?utm_source=news&productName=CAR_LOAN&loanPurpose=PURCHASING_MOTOR_VEHICLES&lang=ru$/);
  await expect(page.locator('html')).toHaveAttribute('lang', /^ru/);
  const step = createApplicationStep(page, 'ru');
  await expect(step.loanType).toHaveValue('CAR_LOAN');
  await expect(step.loanAmount).toHaveValue('15000');
  await step.firstName.fill('Mari');
  const externalId = await externalIdOf(page);
  expect(externalId).not.toBe(smallLoan);
  // The car loan's own rate, whatever the link said.
  expect((await storedApplication(page, externalId)).application.creditConditions).toMatchObject({ productName: 'CAR_LOAN', loanPurpose: 'PURCHASING_MOTOR_VEHICLES', interestRate: 8.9 });

  // The same link again: the car loan it started is that product's unfinished application, continued.
  await page.goto('/landing/rus/car-loan');
  await expect(page).toHaveURL(new RegExp(`[?&]externalId=${externalId}(&|$)`));
  await expect(step.loanType).toHaveValue('CAR_LOAN');
});

test('/current-account makes a current-account application with the campaign code and tracking, then goes on at /?externalId=', async ({ page }) => {
  await page.goto('/current-account?campaignCode=konto26&utm_source=news&lang=en');
  const externalId = await externalIdOf(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Open a current account' })).toBeVisible();
  await expect(calculatorModal(page)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /Loan amount/ })).toHaveCount(0);
  expect((await storedApplication(page, externalId)).application).toMatchObject({ campaignCode: 'KONTO26', creditConditions: { productName: 'CURRENT_ACCOUNT' } });
});

test('a partner link with every parameter: stored by the spec’s names, the partner’s product at the price of the goods, no calculator', async ({ page }) => {
  await testTheCalculator(page);
  await page.goto('/?lang=en');
  await sandbox.registerPartner(page, {
    regCode: 'E2E-SHOP',
    name: 'E2E shop',
    returnAddresses: ['https://shop.e2e.example/return'],
    products: [{ goodsName: 'tv', productName: 'COMP_HIRE_PURCHASE', overrides: { maxAmount: 2000, maxPeriod: 24 } }],
  });
  const query = new URLSearchParams({
    lang: 'en',
    reg_code: 'E2E-SHOP',
    goods_name: 'tv',
    amount: '1299.90',
    redirect_uri: 'https://shop.e2e.example/return?order=5',
    reference_id: 'ORDER-5',
    seller_business_name: 'E2E Shop',
    seller_legal_name: 'E2E Shop OÜ',
    seller_reg_code: '12345678',
    seller_phone_number: '+37255500000',
  });
  await page.goto(`/?${query.toString()}`);
  const step = createApplicationStep(page, 'en');
  await expect(step.heading).toBeVisible();
  await expect(page.getByText('Product: Hire purchase for goods')).toBeVisible();
  // Section 2: a partner-hosted flow whose partner set the amount shows no calculator.
  await expect(page.getByRole('button', { name: 'Open the loan calculator' })).toHaveCount(0);
  await expect(calculatorModal(page)).toHaveCount(0);
  await expect(step.loanAmount).toHaveValue('1299.9');
  await step.loanPeriod.fill('12');
  await fillApplicantAs(step, MARI);
  const externalId = await externalIdOf(page);
  await step.continueButton.click();
  await expect(nextStepHeading(page, 'en')).toBeVisible();
  expect((await storedApplication(page, externalId)).application).toMatchObject({
    processData: { webShopRedirectUri: 'https://shop.e2e.example/return?order=5', webShopApplicationReferenceId: 'ORDER-5' },
    goodsName: 'tv',
    goodsPrice: 1299.9,
    seller: { businessName: 'E2E Shop', legalName: 'E2E Shop OÜ', regCode: '12345678', phoneNumber: '+37255500000' },
    source: { channel: 'PARTNER_HOSTED_FLOW', partner: { regCode: 'E2E-SHOP' } },
    creditConditions: { productName: 'COMP_HIRE_PURCHASE', loanAmount: 1299.9, loanPeriod: 12 },
  });
});

test('a partner link whose redirect URI the partner did not register is refused: nothing is made, the applicant is told', async ({ page }) => {
  await page.goto('/?lang=en&reg_code=10000001&goods_name=car&amount=9000&redirect_uri=https%3A%2F%2Fevil.example%2Fcheckout%2Fsolis-return');
  const step = createApplicationStep(page, 'en');
  await step.firstName.fill('M');
  await expect(page.getByRole('heading', { level: 1, name: 'We cannot accept the link from the shop' })).toBeVisible();
  await expect(page).not.toHaveURL(/externalId=/);
  await expectNoA11yViolations(page, 'refused partner link');
  await page.getByRole('link', { name: 'Apply directly' }).click();
  await expect(step.heading).toBeVisible();
});

test('the calculator modal: opens with the create step, applies only on submit, reopens when the flow comes back to the step', async ({ page }) => {
  await testTheCalculator(page);
  await page.goto('/?lang=en');
  // An upsale application that starts with the product choice (the choose-product step).
  const seeded = await sandbox.seedApplication(page, { taskDefinitionKey: 'chooseProduct', languageCode: 'eng' });
  await page.goto(`/?externalId=${seeded.externalId}&lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a loan or a credit card' })).toBeVisible();
  await expect(calculatorModal(page)).toHaveCount(0);
  await page.getByRole('radio', { name: /^Car loan/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  const modal = page.getByRole('dialog', { name: 'Loan calculator' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'Loan amount' })).toHaveValue('15,000');
  await expect(modal.getByRole('status')).toContainText('a month');
  await expectNoA11yViolations(page, 'calculator modal');
  // The slider, by keyboard; the typed input beside it follows, the figures are recalculated.
  await modal.getByRole('slider', { name: 'Loan amount' }).press('ArrowRight');
  await expect(modal.getByRole('textbox', { name: 'Loan amount' })).toHaveValue('15,100');
  await modal.getByRole('textbox', { name: 'Loan period (months)' }).fill('48');
  await expect(modal.getByRole('status')).toContainText('a month');
  const step = createApplicationStep(page, 'en');
  // Nothing reaches the step before the figures are used.
  await modal.getByRole('button', { name: 'Use these figures' }).click();
  await expect(modal).toHaveCount(0);
  await expect(step.loanAmount).toHaveValue('15,100');
  await expect(step.loanPeriod).toHaveValue('48');

  // Back to the product choice and on again: the modal opens again with the step.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a loan or a credit card' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open the loan calculator' })).toBeFocused();

  // A credit card has no calculator to open.
  await step.loanType.selectOption('CREDIT_CARD_VISA_CLASSIC');
  await expect(page.getByRole('button', { name: 'Open the loan calculator' })).toHaveCount(0);
  await fillCreateApplicationStep(step, { card: true });
  await step.continueButton.click();
  await expect(nextStepHeading(page, 'en')).toBeVisible();
});

test('the calculator is hidden in embedded mode', async ({ page, baseURL }) => {
  await testTheCalculator(page);
  await page.goto('/error');
  const issued = await page.request.post(`${baseURL}/api/sandbox/token`, { data: {}, headers: { Origin: baseURL! } });
  const { token } = ((await issued.json()) as { data: { token: string } }).data;
  await page.goto(`${baseURL}/?role=applicant&lang=en#token=${token}`);
  await expect(createApplicationStep(page, 'en').heading).toBeVisible();
  await expect(createApplicationStep(page, 'en').monthlyPayment).toContainText(/\d/);
  await expect(calculatorModal(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open the loan calculator' })).toHaveCount(0);
});

// Estonian here, with colour contrast; Russian and English in jsdom (tests/steps/first-page-speaks.test.tsx,
// tests/steps/retail-steps-speak.test.tsx; decision 208).
test('product selection and the calculator modal pass axe in Estonian', async ({ page }) => {
  await testTheCalculator(page);
  const locale = 'et';
  await page.goto(`/choose-product?lang=${locale}`);
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'Choose a loan or a credit card') })).toBeVisible();
  await expect(page.getByRole('status').first()).toContainText(/\d/);
  await expectNoA11yViolations(page, `product selection (${locale})`);
  await page.goto(`/?lang=${locale}`);
  const modal = page.getByRole('dialog', { name: t(locale, 'Loan calculator') });
  await expect(modal.getByRole('status')).toContainText(/\d/);
  await expectNoA11yViolations(page, `calculator modal (${locale})`);
});
