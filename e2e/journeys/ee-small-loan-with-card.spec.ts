import { test, expect, expectNoA11yViolations } from '../fixtures';
import { MARI, fillCreateApplicationStep, openCreateApplicationStep } from '../support/create-application';
import { answerOnPhone, shownCode } from '../support/simulators';
import { stepKit } from '../support/step-kit';
import { acceptTheOffer } from '../support/steps/review-approved';
import { chooseOnContract } from '../support/steps/view-contract-and-choose-signing-method';
import { expectOnContractSigned } from '../support/steps/view-contract-conditions';
import { answerTheCardWithLoan, cardWithLoanStep } from '../support/steps/view-credit-card-offer';
import { sendEstonianDataSteps } from '../support/steps/estonian-data-steps';
import { MARI_ANSWERS } from '../support/steps/estonian-data-steps';

/**
 * Issue 22 (decision 174): cross-sell signing live, as `npm start` runs it with the bank's
 * cross-sell signing flag on, no sandbox control. Mari applies for a small loan in Estonian; the rules
 * approve it, and because the small loan's product data names the Visa Classic card, they decide the
 * card for her too. After she accepts the loan's offer, the card's page says it comes with her loan
 * and that declining it keeps the loan; she accepts it. Both contracts are drawn up, and in the
 * cross-sell modal she signs each with Smart-ID on the Smart-ID simulator's phone page, then reaches
 * the contract-signed page. axe on the card's page and on the modal.
 */
test.use({ withoutSandbox: true, ownServer: true, serverEnv: { FEATURE_FLAGS: 'crossSellSigning' } });

test('Estonian small loan with the card offered beside it: accepted, both contracts signed in the cross-sell modal with Smart-ID', async ({ page }) => {
  test.setTimeout(150_000);
  const locale = 'et';
  const kit = stepKit(page, locale);

  const create = await openCreateApplicationStep(page, locale);
  await fillCreateApplicationStep(create);
  await sendEstonianDataSteps(page, locale, {
    personalCode: MARI.personalCode,
    background: {
      maritalStatus: 'Single',
      education: 'Bachelor’s degree',
      residence: 'A rented home',
      children: 'None',
      adults: 'None',
      citizenship: 'EE',
      employment: 'Employed by a private company',
      employer: { name: 'Telia Eesti AS', since: { day: '1', month: '3', year: '2019' }, position: 'Specialist' },
      asksCoApplicant: true,
    },
    employer: { position: 'Analüütik', contract: 'Permanent' },
    address: { street: 'Tartu mnt 80', apartment: '21', city: 'Tallinn', postalCode: '10112' },
    // 2 100 € a month and nothing else to repay: the loan and the card's base limit both fit.
    financial: { incomes: [{ source: 'SALARY', amount: '2100' }], obligations: [] },
    bank: MARI_ANSWERS.bank,
  });

  // The loan's offer, then the card offered with it: its base limit of 1 500 €.
  await acceptTheOffer(page, locale, 'reviewApproved (et)');
  const card = cardWithLoanStep(page, locale);
  await expect(card.heading).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('term').filter({ hasText: kit.tx('Credit limit') }).locator('xpath=following-sibling::dd')).toHaveText(/^1[\s\u00a0\u202f.]?500/);
  await expect(page.getByText(kit.tx('If you accept, we prepare the card’s contract beside your loan’s, and you sign them one after the other; then we send you the card.'), { exact: true })).toBeVisible();
  await answerTheCardWithLoan(page, locale, 'accept', 'viewCreditCardOffer with the loan (et)');

  // The contract step, then the cross-sell modal with the loan's contract and the card's.
  await chooseOnContract(page, locale, 'Smart-ID');
  const modal = page.getByRole('dialog', { name: kit.tx('Sign your contracts'), exact: true });
  await expect(modal).toBeVisible({ timeout: 30_000 });
  const cards = modal.getByRole('listitem');
  await expect(cards).toHaveCount(2);
  const loanContract = cards.nth(0);
  const cardContract = cards.nth(1);
  await expect(loanContract.getByRole('heading')).toHaveText(`1. ${kit.tx('Small loan')}`);
  await expect(cardContract.getByRole('heading')).toHaveText(`2. ${kit.tx('Visa Classic credit card')}`);
  await expect(loanContract).toContainText('EE38 … 5685');
  await expectNoA11yViolations(page, 'viewContractConditions, cross-sell modal (et)');

  // Each contract: its Sign, Smart-ID started, confirmed on the simulated phone with the code shown.
  const signed = kit.tx('Signed');
  for (const contract of [loanContract, cardContract]) {
    await kit.button('Sign', contract).click();
    await kit.button('Sign with Smart-ID', modal).click();
    await answerOnPhone(page, 'Smart-ID', await shownCode(modal.getByRole('status').filter({ hasText: kit.tx('Your verification code') })));
    if (contract === loanContract) {
      await expect(loanContract.getByText(signed, { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(cardContract.getByText(signed, { exact: true })).toHaveCount(0);
    }
  }
  await expectOnContractSigned(page, locale);
  await expect(modal).toBeHidden();
});
