import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../../machines/application/application.actors';
import { offerOf } from '../../../server/decisions/decision-rules';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, productTableOf, referencedTask, renderStep } from '../../../tests/support/render-step';
import { offerBoundsOf, type ApprovedOffer, type OfferVariant } from '../../../core/domain/offers';
import type { ProductData } from '../../../core/domain/product-data';
import { formatEur } from '../../../core/validation/format/money';

const CARD = productTableOf('retail-banking-ee').CREDIT_CARD_VISA_CLASSIC as ProductData;

function approved(variant: OfferVariant = 'INITIAL', limit = 2000): ApprovedOffer {
  return { ...offerOf(CARD, limit, 12), variant, bounds: offerBoundsOf(CARD, { amount: limit, period: 12 }) };
}

function offered(offer: ApprovedOffer = approved()): Partial<TaskResponse> {
  return referencedTask({
    creditConditions: { productName: 'CREDIT_CARD_VISA_CLASSIC', loanAmount: 2000, loanPeriod: null },
    decision: { outcome: 'POSITIVE', offer },
  });
}

const eur = (value: number) => formatEur(value, 'en');

describe('ViewCreditCardOffer', () => {
  it('after the bank details: the limit, rate, APR and fees (a fee of 0 is free), the details, and passes axe', async () => {
    const offer = approved();
    const { view } = await renderStep('viewCreditCardOffer', { task: offered(offer) });
    expect(screen.getByRole('heading', { level: 1, name: 'Your credit card is approved' })).toBeTruthy();
    expect(screen.getByText('This offer is based on the information in your application. We confirm it before you sign the contract.')).toBeTruthy();
    const figures = within(view.container.querySelector('dl') as HTMLElement);
    expect(figures.getByText('Credit limit').nextElementSibling?.textContent).toBe(eur(2000));
    expect(figures.getByText('Annual interest rate').nextElementSibling?.textContent).toBe('19.9%');
    expect(figures.getByText('Annual percentage rate of charge (APR)').nextElementSibling?.textContent).toMatch(/%$/);
    expect(figures.getByText('Card issuing fee').nextElementSibling?.textContent).toBe('Free');
    expect(figures.getByText('Monthly card fee').nextElementSibling?.textContent).toBe(eur(2));
    expect(screen.getByRole('heading', { level: 2, name: 'Details' })).toBeTruthy();
    expect(screen.getByText(`Each month you pay at least ${eur(20)}, or the whole amount used if it is less.`)).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('final: its own heading and words', async () => {
    await renderStep('viewCreditCardOffer', { task: offered(approved('FINAL')) });
    expect(screen.getByRole('heading', { level: 1, name: 'Your final credit card offer' })).toBeTruthy();
    expect(screen.getByText('We have checked your application. This offer is final: accept it to go on to the contract.')).toBeTruthy();
  });

  it('shows the card’s terms in a dialog that closes back to its button', async () => {
    const step = await renderStep('viewCreditCardOffer', { task: offered() });
    const opener = screen.getByRole('button', { name: 'Read the card’s terms' });
    await step.user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'The card’s terms' });
    expect(within(dialog).getByText(`The credit limit is ${eur(2000)}. You can use it for purchases and payments, as often as you like within the limit.`)).toBeTruthy();
    await expectNoAxeViolations(step.view.container.ownerDocument.body);
    await step.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('accepts: only the answer is sent (the limit is the approved one, which the server holds)', async () => {
    const step = await renderStep('viewCreditCardOffer', { task: offered() });
    await step.user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    await waitFor(() => expect(step.submitted).toHaveLength(1));
    expect(step.submitted[0]?.submission).toMatchObject({ taskDefinitionKey: 'viewCreditCardOffer', application: { customData: { offerAnswer: 'ACCEPT' } } });
  });

  it('declines after confirming', async () => {
    const step = await renderStep('viewCreditCardOffer', { task: offered() });
    await step.user.click(screen.getByRole('button', { name: 'Decline the offer' }));
    await step.user.click(within(await screen.findByRole('dialog', { name: 'Decline the offer?' })).getByRole('button', { name: 'Yes, decline the offer' }));
    await waitFor(() => expect(step.submitted).toHaveLength(1));
    expect(step.submitted[0]?.submission.application.customData).toEqual({ offerAnswer: 'DECLINE' });
  });

  it.each([
    ['et', 'Teie krediitkaart on heaks kiidetud'],
    ['lv', 'Jūsu kredītkarte ir apstiprināta'],
    ['lt', 'Jūsų kredito kortelė patvirtinta'],
    ['ru', 'Ваша кредитная карта одобрена'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks('viewCreditCardOffer', locale, heading, { task: offered() }));

  it('offers the standard European consumer credit information as a PDF, downloaded through the app, and passes axe', async () => {
    const asked: unknown[] = [];
    const { user, view } = await renderStep('viewCreditCardOffer', { task: offered(), io: { downloadDocument: async (input) => void asked.push(input.document) } });
    expect(screen.getByRole('heading', { level: 2, name: 'Standard information before the contract' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download the standard information (PDF)' }));
    await waitFor(() => expect(asked).toEqual([{ kind: 'preContractInformation' }]));
    expect(await screen.findByText('The document has been downloaded. Look for it in your browser’s downloads.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });
});
