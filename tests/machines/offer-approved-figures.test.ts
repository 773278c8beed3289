/**
 * The approved offer as ReviewApproved's calculator shows it (decision 131): its own figures, the
 * cost of credit worked out to the cent, and the product's rates widened to the offer's rate, never
 * narrowed (decision 252).
 */
import { describe, expect, it } from 'vitest';
import { OFFER, SMALL_LOAN, startOffer } from './offer.run';

describe('the approved offer', () => {
  it('shows the cost of credit as the repayment less the amount paid out, to the cent', () => {
    const run = startOffer({ offer: { ...OFFER, totalRepaymentAmount: 6543.21, totalAmountTransferredToAccount: 5000 } });
    const figures = run.view().figures;
    expect(figures.status).toBe('shown');
    expect(figures.status === 'shown' && figures.figures).toEqual({
      monthlyPayment: OFFER.monthlyPayment,
      totalRepaymentAmount: 6543.21,
      totalAmountTransferredToAccount: 5000,
      contractConclusionFee: OFFER.contractConclusionFee,
      monthlyFee: OFFER.monthlyFee,
      totalCostOfCredit: 1543.21,
      annualPercentageRate: OFFER.annualPercentageRate,
    });
    expect(run.calculate.calls).toEqual([]);
  });

  it('keeps the product’s range of rates when the offer’s rate is within it', () => {
    expect(SMALL_LOAN.minInterestRate).toBeLessThan(SMALL_LOAN.maxInterestRate);
    const within = (SMALL_LOAN.minInterestRate + SMALL_LOAN.maxInterestRate) / 2;
    const run = startOffer({ offer: { ...OFFER, interestRate: within } });
    expect(run.view().product).toMatchObject({ interestRate: within, minInterestRate: SMALL_LOAN.minInterestRate, maxInterestRate: SMALL_LOAN.maxInterestRate });
  });

  it('widens the range of rates to an offer’s rate outside it', () => {
    const below = startOffer({ offer: { ...OFFER, interestRate: SMALL_LOAN.minInterestRate - 1 } });
    expect(below.view().product).toMatchObject({ minInterestRate: SMALL_LOAN.minInterestRate - 1, maxInterestRate: SMALL_LOAN.maxInterestRate });
    const above = startOffer({ offer: { ...OFFER, interestRate: SMALL_LOAN.maxInterestRate + 1 } });
    expect(above.view().product).toMatchObject({ minInterestRate: SMALL_LOAN.minInterestRate, maxInterestRate: SMALL_LOAN.maxInterestRate + 1 });
  });
});
