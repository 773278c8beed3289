import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../../machines/application/application.actors';
import type { CalculationRequest } from '../../../machines/calculator/calculator.machine';
import { offerOf } from '../../../server/decisions/decision-rules';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { calculateLikeTheServer, expectStepSpeaks, productTableOf, referencedTask, renderStep } from '../../../tests/support/render-step';
import type { AppError } from '../../../core/domain/app-error';
import { offerBoundsOf, type ApprovedOffer, type OfferVariant } from '../../../core/domain/offers';
import type { ProductData } from '../../../core/domain/product-data';
import { MESSAGES, messageWithValues } from '../../../core/validation/messages';
import { formatEur } from '../../../core/validation/format/money';

const SMALL_LOAN = productTableOf('retail-banking-ee').SMALL_LOAN as ProductData;

/** The offer the server stores with a positive decision: 5 000 € over 36 months, up to 72 months. */
function approved(variant: OfferVariant = 'INITIAL', amount = 5000, period = 36): ApprovedOffer {
  return { ...offerOf(SMALL_LOAN, amount, period), variant, bounds: offerBoundsOf(SMALL_LOAN, { amount, period }) };
}

function offered(offer: ApprovedOffer | null = approved()): Partial<TaskResponse> {
  return referencedTask({
    creditConditions: { productName: 'SMALL_LOAN', loanAmount: 6000, loanPeriod: 36 },
    decision: offer ? { outcome: 'POSITIVE', offer } : { outcome: 'POSITIVE' },
  });
}

const eur = (value: number) => formatEur(value, 'en');

describe('ReviewApproved', () => {
  it('shows the approved offer with the server’s figures, the calculator within its bounds and what happens next, and passes axe', async () => {
    const offer = approved();
    const { view } = await renderStep('reviewApproved', { task: offered(offer) });
    expect(screen.getByRole('heading', { level: 1, name: 'Your loan is approved' })).toBeTruthy();
    const figures = within(screen.getByRole('heading', { level: 2, name: 'The approved offer' }).nextElementSibling as HTMLElement);
    expect(figures.getByText(eur(5000))).toBeTruthy();
    expect(figures.getByText('36 months')).toBeTruthy();
    expect(figures.getByText(eur(offer.monthlyPayment))).toBeTruthy();
    expect(figures.getByText('13.9%')).toBeTruthy();
    expect(figures.getByText(eur(offer.contractConclusionFee))).toBeTruthy();
    expect(figures.getByText(eur(offer.monthlyFee))).toBeTruthy();
    expect(figures.getByText(eur(offer.totalRepaymentAmount))).toBeTruthy();
    expect(figures.getByText(eur(offer.totalAmountTransferredToAccount))).toBeTruthy();
    // The bounds are the offer's: at most the approved amount, at least the approved period.
    const amountSlider = screen.getByRole('slider', { name: 'Loan amount' });
    expect(amountSlider.getAttribute('max')).toBe('5000');
    expect(amountSlider.getAttribute('min')).toBe('500');
    const periodSlider = screen.getByRole('slider', { name: 'Loan period (months)' });
    expect(periodSlider.getAttribute('min')).toBe('36');
    expect(periodSlider.getAttribute('max')).toBe('72');
    expect(screen.getByText(`From ${eur(500)} to ${eur(5000)}`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeTruthy();
    expect(screen.getByText('We confirm the offer and prepare the contract.')).toBeTruthy();
    // The approved figures are shown without asking the calculation again.
    expect(view.container.querySelector('.solis-figures__summary')?.textContent).toContain(eur(offer.monthlyPayment));
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['ADDITIONAL_CHECK', 'Your loan is approved, subject to a check of your income', 'We ask for your bank account statements of the last months and check your income.'],
    ['FINAL', 'Your final loan offer', 'We prepare the contract with the terms you accepted.'],
    ['UPSALE', 'Your additional loan is approved', 'We confirm the offer and prepare the contract.'],
    ['UPSALE_FINAL', 'Your final offer for an additional loan', 'We prepare the contract with the terms you accepted.'],
  ] as const)('variant %s: its heading and its next step', async (variant, heading, next) => {
    const { view } = await renderStep('reviewApproved', { task: offered(approved(variant)) });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByText(next)).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('recalculates the figures for an amount and period typed within the bounds, and accepts them', async () => {
    const asked: CalculationRequest[] = [];
    const step = await renderStep('reviewApproved', {
      task: offered(),
      io: {
        calculate: async (request) => {
          asked.push(request);
          return calculateLikeTheServer(request);
        },
      },
    });
    const amount = screen.getByRole('textbox', { name: 'Loan amount' });
    await step.user.clear(amount);
    await step.user.type(amount, '4000');
    const period = screen.getByRole('textbox', { name: 'Loan period (months)' });
    await step.user.clear(period);
    await step.user.type(period, '48');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ amount: 4000, periodMonths: 48, interestRate: 13.9 }));
    const expected = calculateLikeTheServer(asked.at(-1) as CalculationRequest);
    await waitFor(() => expect(step.view.container.querySelector('.solis-figures__summary')?.textContent).toContain(eur(expected.monthlyPayment)));
    await step.user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    await waitFor(() => expect(step.submitted).toHaveLength(1));
    expect(step.submitted[0]?.submission).toMatchObject({
      taskDefinitionKey: 'reviewApproved',
      application: { customData: { offerAnswer: 'ACCEPT', offerAmount: 4000, offerPeriod: 48 } },
    });
  });

  it('accepts the approved offer as it is', async () => {
    const step = await renderStep('reviewApproved', { task: offered() });
    await step.user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    await waitFor(() => expect(step.submitted).toHaveLength(1));
    expect(step.submitted[0]?.submission.application.customData).toEqual({ offerAnswer: 'ACCEPT', offerAmount: 5000, offerPeriod: 36 });
  });

  it('refuses an amount above the approved one and a period shorter than the approved one: the error summary names both, nothing is sent', async () => {
    const step = await renderStep('reviewApproved', { task: offered() });
    const amount = screen.getByRole('textbox', { name: 'Loan amount' });
    await step.user.clear(amount);
    await step.user.type(amount, '5100');
    const period = screen.getByRole('textbox', { name: 'Loan period (months)' });
    await step.user.clear(period);
    await step.user.type(period, '24');
    await step.user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    const summary = within(await screen.findByRole('heading', { level: 2, name: 'There is a problem' }).then((heading) => heading.parentElement as HTMLElement));
    expect(summary.getByRole('link', { name: `Enter an amount from ${eur(500)} to ${eur(5000)}` }).getAttribute('href')).toBe('#offer-amount');
    expect(summary.getByRole('link', { name: 'Enter a period from 36 to 72 months' }).getAttribute('href')).toBe('#offer-period');
    expect(screen.getByRole('textbox', { name: 'Loan amount' }).getAttribute('aria-invalid')).toBe('true');
    expect(step.submitted).toHaveLength(0);
    // What was typed stays.
    expect((screen.getByRole('textbox', { name: 'Loan amount' }) as HTMLInputElement).value).toBe('5100');
  });

  it('shows the server’s refusal on the field it names, keeping what was typed', async () => {
    const refusal: AppError = {
      kind: 'validation',
      message: 'The offer cannot be taken with these terms.',
      fieldErrors: { 'customData.offerAmount': [messageWithValues(MESSAGES.amountOutOfRange, { minEur: 500, maxEur: 4000 })] },
    };
    const step = await renderStep('reviewApproved', {
      task: offered(),
      io: {
        submit: async () => {
          throw refusal;
        },
      },
    });
    await step.user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    await waitFor(() => expect(screen.getAllByText(`Enter an amount from ${eur(500)} to ${eur(4000)}`).length).toBeGreaterThan(0));
    expect(screen.getByText('Some answers need correcting. Check the fields marked above and continue again.')).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Loan amount' })).toBeTruthy();
  });

  it('declines only after confirming in the dialog', async () => {
    const step = await renderStep('reviewApproved', { task: offered() });
    await step.user.click(screen.getByRole('button', { name: 'Decline the offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the offer?' });
    await step.user.click(within(dialog).getByRole('button', { name: 'No, go back to the offer' }));
    expect(step.submitted).toHaveLength(0);
    await step.user.click(screen.getByRole('button', { name: 'Decline the offer' }));
    await step.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, decline the offer' }));
    await waitFor(() => expect(step.submitted).toHaveLength(1));
    expect(step.submitted[0]?.submission.application.customData).toEqual({ offerAnswer: 'DECLINE' });
  });

  it('a period the offer fixes is said, not asked', async () => {
    const offer = { ...approved(), bounds: { ...approved().bounds, maxPeriod: 36 } };
    await renderStep('reviewApproved', { task: offered(offer) });
    expect(screen.queryByRole('slider', { name: 'Loan period (months)' })).toBeNull();
    expect(screen.getByText('The period is 36 months.')).toBeTruthy();
  });

  it('without an offer in the application it says so and offers nothing to accept', async () => {
    await renderStep('reviewApproved', { task: offered(null) });
    expect(screen.getByRole('heading', { level: 1, name: 'Your loan offer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the offer' })).toBeNull();
  });

  it.each([
    ['et', 'Teie laen on heaks kiidetud'],
    ['lv', 'Jūsu kredīts ir apstiprināts'],
    ['lt', 'Jūsų paskola patvirtinta'],
    ['ru', 'Ваш кредит одобрен'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks('reviewApproved', locale, heading, { task: offered() }));

  it('offers the standard European consumer credit information as a PDF, downloaded through the app, and passes axe', async () => {
    const asked: unknown[] = [];
    const { user, view } = await renderStep('reviewApproved', { task: offered(approved()), io: { downloadDocument: async (input) => void asked.push(input.document) } });
    expect(screen.getByRole('heading', { level: 2, name: 'Standard information before the contract' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download the standard information (PDF)' }));
    await waitFor(() => expect(asked).toEqual([{ kind: 'preContractInformation' }]));
    expect(await screen.findByText('The document has been downloaded. Look for it in your browser’s downloads.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('a company’s leasing (decision 184): the price as financed, the down payment and the residual shown, its terms taken as they are', async () => {
    const leasingProduct = productTableOf('corporate-banking').CAR_LEASING_BUSINESS as ProductData;
    const leasing = { leaseType: 'FINANCIAL_LEASE', price: 30000, priceIncludesVat: false, vatFinanced: true, financedPrice: 37200, downPayment: 3720, residual: 7440 };
    const offer: ApprovedOffer = {
      ...offerOf(leasingProduct, 33480, 60, 7440),
      leasing,
      variant: 'INITIAL',
      bounds: { minAmount: 33480, maxAmount: 33480, minPeriod: 60, maxPeriod: 60 },
    };
    const step = await renderStep('reviewApproved', {
      domain: 'corporate-banking',
      task: referencedTask({ creditConditions: { productName: 'CAR_LEASING_BUSINESS', loanAmount: 33480, loanPeriod: 60 }, decision: { outcome: 'POSITIVE', offer } }),
    });
    const figures = within(screen.getByRole('heading', { level: 2, name: 'The approved offer' }).nextElementSibling as HTMLElement);
    expect(figures.getByText('Price of the asset, as financed').nextElementSibling?.textContent).toBe(eur(37200));
    expect(figures.getByText('Down payment').nextElementSibling?.textContent).toBe(eur(3720));
    expect(figures.getByText('Residual value, paid with the last payment').nextElementSibling?.textContent).toBe(eur(7440));
    expect(screen.getByText('The amount financed and the period are those of the leasing you described: the price, less the down payment.')).toBeTruthy();
    expect((screen.getByRole('slider', { name: 'Loan amount' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('The period is 60 months.')).toBeTruthy();
    await expectNoAxeViolations(step.view.container);
    await step.user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    await waitFor(() => expect(step.submitted).toHaveLength(1));
    expect(step.submitted[0]?.submission.application.customData).toEqual({ offerAnswer: 'ACCEPT', offerAmount: 33480, offerPeriod: 60 });
  });
});
