import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../../machines/application/application.actors';
import { offerOf } from '../../../server/decisions/decision-rules';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, productTableOf, referencedTask, renderStep } from '../../../tests/support/render-step';
import { offerBoundsOf, type ApprovedOffer, type OfferVariant } from '../../../core/domain/offers';
import type { ProductData } from '../../../core/domain/product-data';
import { formatEur } from '../../../core/validation/format/money';

const CARD = productTableOf('retail-banking-ee').CREDIT_CARD_VISA_CLASSIC as ProductData;
const SMALL_LOAN = productTableOf('retail-banking-ee').SMALL_LOAN as ProductData;

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

  describe('the card offered with a loan (decision 174)', () => {
    /** A small loan's application whose loan offer was accepted, with the card offered beside it. */
    function withLoan(card: ApprovedOffer = approved('INITIAL', 900)): Partial<TaskResponse> {
      const loan: ApprovedOffer = { ...offerOf(SMALL_LOAN, 5000, 36), variant: 'INITIAL', bounds: offerBoundsOf(SMALL_LOAN, { amount: 5000, period: 36 }) };
      return referencedTask({
        creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 },
        decision: { outcome: 'POSITIVE', offer: loan, crossSellOffer: card },
      });
    }

    it('shows the card’s offer, not the loan’s, says it comes with the loan and that declining it keeps the loan, and passes axe', async () => {
      const { view } = await renderStep('viewCreditCardOffer', { task: withLoan() });
      expect(screen.getByRole('heading', { level: 1, name: 'A credit card with your loan' })).toBeTruthy();
      expect(screen.getByText('Your loan is approved and its offer accepted. We can also offer you this credit card.')).toBeTruthy();
      expect(screen.getByText('Declining the card does not change your loan: either way, you go on to your loan’s contract next.')).toBeTruthy();
      const figures = within(view.container.querySelector('dl') as HTMLElement);
      expect(figures.getByText('Credit limit').nextElementSibling?.textContent).toBe(eur(900));
      expect(screen.getByRole('heading', { level: 2, name: 'Visa Classic credit card' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Accept the card' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Decline the card' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Accept the offer' })).toBeNull();
      await expectNoAxeViolations(view.container);
    });

    it('says how the card’s contract is signed: with the loan’s under cross-sell signing, else later in self-service or at a branch', async () => {
      await renderStep('viewCreditCardOffer', { task: withLoan(), config: { features: { crossSellSigning: true } } });
      expect(screen.getByText('If you accept, we prepare the card’s contract beside your loan’s, and you sign them one after the other; then we send you the card.')).toBeTruthy();
      cleanup();
      await renderStep('viewCreditCardOffer', { task: withLoan() });
      expect(screen.getByText('If you accept, you sign your loan’s contract now; we then offer you the card’s contract to sign in self-service or at a branch.')).toBeTruthy();
    });

    it('accepting sends only the answer; declining asks first, in the card’s own words', async () => {
      const accepting = await renderStep('viewCreditCardOffer', { task: withLoan() });
      await accepting.user.click(screen.getByRole('button', { name: 'Accept the card' }));
      await waitFor(() => expect(accepting.submitted).toHaveLength(1));
      expect(accepting.submitted[0]?.submission.application.customData).toEqual({ offerAnswer: 'ACCEPT' });
      cleanup();
      const declining = await renderStep('viewCreditCardOffer', { task: withLoan() });
      await declining.user.click(screen.getByRole('button', { name: 'Decline the card' }));
      const dialog = await screen.findByRole('dialog', { name: 'Decline the card?' });
      expect(within(dialog).getByText('Only the card is declined: your loan stays approved and you go on to its contract. The card can no longer be accepted with this application.')).toBeTruthy();
      await expectNoAxeViolations(declining.view.container.ownerDocument.body);
      await declining.user.click(within(dialog).getByRole('button', { name: 'Yes, decline the card' }));
      await waitFor(() => expect(declining.submitted).toHaveLength(1));
      expect(declining.submitted[0]?.submission.application.customData).toEqual({ offerAnswer: 'DECLINE' });
    });

    it('a loan’s application without a card offer has nothing to accept', async () => {
      await renderStep('viewCreditCardOffer', { task: referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, decision: { outcome: 'POSITIVE', offer: approved() } }) });
      expect(screen.getByText(/We cannot show the offer just now/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Accept the card' })).toBeNull();
    });

    it.each([
      ['en', 'A credit card with your loan', 'Declining the card does not change your loan: either way, you go on to your loan’s contract next.'],
      ['et', 'Krediitkaart koos Teie laenuga', 'Kaardist loobumine Teie laenu ei muuda: mõlemal juhul liigute edasi oma laenulepingu juurde.'],
      ['lv', 'Kredītkarte kopā ar Jūsu kredītu', 'Atteikšanās no kartes Jūsu kredītu nemaina: jebkurā gadījumā Jūs turpināsiet ar sava kredīta līgumu.'],
      ['lt', 'Kredito kortelė kartu su Jūsų paskola', 'Atsisakymas kortelės Jūsų paskolos nekeičia: bet kuriuo atveju toliau pereisite prie savo paskolos sutarties.'],
      ['ru', 'Кредитная карта вместе с Вашим кредитом', 'Отказ от карты не меняет Ваш кредит: в любом случае далее Вы перейдёте к договору о кредите.'],
    ] as const)('speaks %s: the card comes with the loan, and declining it keeps the loan', async (locale, heading, keepsTheLoan) => {
      await expectStepSpeaks('viewCreditCardOffer', locale, heading, { task: withLoan() });
      expect(screen.getByText(keepsTheLoan)).toBeTruthy();
    });
  });
});
