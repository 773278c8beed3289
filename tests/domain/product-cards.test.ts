import { describe, expect, it } from 'vitest';
import { isPurposeOf } from '../../core/domain/loan-purposes';
import { PRODUCT_CARDS, cardOfChoice, landingChoice, productCardsOf } from '../../core/domain/product-cards';

describe('product selection cards (section 2)', () => {
  it('maps the ten cards as section 2 says', () => {
    expect(Object.fromEntries(PRODUCT_CARDS.map((card) => [card.id, [card.productName, card.loanPurpose]]))).toEqual({
      'credit-card': ['CREDIT_CARD_VISA_CLASSIC', 'DAILY_SETTLEMENTS'],
      'small-loan': ['SMALL_LOAN', 'DAILY_SETTLEMENTS'],
      'car-loan': ['CAR_LOAN', 'PURCHASING_MOTOR_VEHICLES'],
      'travel-loan': ['SMALL_LOAN', 'TRAVELING'],
      'renovation-loan': ['RENOVATION_LOAN', 'RENOVATING_HOME'],
      'wedding-loan': ['SMALL_LOAN', 'WEDDING'],
      'health-loan': ['SMALL_LOAN', 'MEDICAL_SERVICES'],
      'training-loan': ['SMALL_LOAN', 'ACQUIRING_EDUCATION'],
      'hobby-loan': ['SMALL_LOAN', 'HOBBY'],
      'refinancing-loan': ['REFINANCING_LOAN', 'COMBINING_LOANS'],
    });
  });

  it('lends every card for a purpose its product takes', () => {
    for (const card of PRODUCT_CARDS) expect(isPurposeOf(card.productName, card.loanPurpose, { renewableLoan: false }), card.id).toBe(true);
  });

  it('offers all ten in every retail domain and none in corporate banking', () => {
    for (const domain of ['retail-banking-ee', 'retail-banking-lv', 'retail-banking-lt'] as const) expect(productCardsOf(domain)).toHaveLength(10);
    expect(productCardsOf('corporate-banking')).toEqual([]);
  });

  it('finds the card of a choice, the product’s first card for another purpose', () => {
    expect(cardOfChoice('SMALL_LOAN', 'WEDDING')?.id).toBe('wedding-loan');
    expect(cardOfChoice('SMALL_LOAN', 'SOLAR_PANELS')?.id).toBe('small-loan');
    expect(cardOfChoice('HOUSING_LOAN', null)).toBeUndefined();
  });

  it('finds the card of the product and purpose together, not another product’s card for the same purpose', () => {
    expect(cardOfChoice('SMALL_LOAN', 'DAILY_SETTLEMENTS')?.id).toBe('small-loan');
    expect(cardOfChoice('CREDIT_CARD_VISA_CLASSIC', 'DAILY_SETTLEMENTS')?.id).toBe('credit-card');
  });
});

describe('landing pages (section 2, Estonian retail)', () => {
  it.each([
    ['car-loan', 'CAR_LOAN', 'PURCHASING_MOTOR_VEHICLES'],
    ['CAR-LOAN', 'CAR_LOAN', 'PURCHASING_MOTOR_VEHICLES'],
    ['TRAVELING', 'SMALL_LOAN', 'TRAVELING'],
    ['traveling', 'SMALL_LOAN', 'TRAVELING'],
    ['travel-loan', 'SMALL_LOAN', 'TRAVELING'],
    ['PURCHASING_MOTOR_VEHICLES', 'CAR_LOAN', 'PURCHASING_MOTOR_VEHICLES'],
    ['renovating-home', 'RENOVATION_LOAN', 'RENOVATING_HOME'],
    ['WEDDING', 'SMALL_LOAN', 'WEDDING'],
    ['COMBINING_LOANS', 'REFINANCING_LOAN', 'COMBINING_LOANS'],
    ['PURCHASING_HOME', 'HOUSING_LOAN', 'PURCHASING_HOME'],
    ['housing-loan', 'HOUSING_LOAN', 'PURCHASING_HOME'],
    ['credit-card-visa-gold', 'CREDIT_CARD_VISA_GOLD', 'DAILY_SETTLEMENTS'],
  ])('%s preselects %s for %s', (segment, productName, loanPurpose) => {
    expect(landingChoice('retail-banking-ee', segment)).toEqual({ productName, loanPurpose });
  });

  it('names nothing for an unknown segment', () => {
    expect(landingChoice('retail-banking-ee', 'no-such-thing')).toBeUndefined();
    expect(landingChoice('retail-banking-ee', 'constructor')).toBeUndefined();
  });

  it('reads a segment with white space around it', () => {
    expect(landingChoice('retail-banking-ee', ' travel-loan ')).toEqual({ productName: 'SMALL_LOAN', loanPurpose: 'TRAVELING' });
    expect(landingChoice('retail-banking-ee', '\tWEDDING\n')).toEqual({ productName: 'SMALL_LOAN', loanPurpose: 'WEDDING' });
  });

  it('may name the renewable purpose: the feature is asked later, the first product lending it is preselected', () => {
    expect(landingChoice('retail-banking-ee', 'OTHER_RENEWABLE_PROJECTS')).toEqual({ productName: 'SMALL_LOAN', loanPurpose: 'OTHER_RENEWABLE_PROJECTS' });
    expect(landingChoice('retail-banking-ee', 'solar-panels')).toEqual({ productName: 'RENOVATION_LOAN', loanPurpose: 'SOLAR_PANELS' });
  });

  it('names nothing a domain does not lend, by card, query key or purpose', () => {
    expect(landingChoice('corporate-banking', 'travel-loan')).toBeUndefined();
    expect(landingChoice('corporate-banking', 'car-loan')).toBeUndefined();
    expect(landingChoice('corporate-banking', 'TRAVELING')).toBeUndefined();
    expect(landingChoice('corporate-banking', 'RENOVATING_HOME')).toBeUndefined();
  });
});
