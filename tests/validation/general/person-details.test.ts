import { describe, expect, it } from 'vitest';
import {
  canAddTaxResidencyRow,
  firstTaxResidencyCountry,
  isTaxPayerCodeRequired,
  taxResidencyCountryOptions,
  taxResidencySchema,
} from '../../../core/validation/general/tax-residency';
import { citizenshipSchema, dualCitizenshipOptions } from '../../../core/validation/general/citizenship';
import { purposeOfRelationshipSchema, purposeOptionState } from '../../../core/validation/general/purpose-of-relationship';
import { languageCodeSchema, languageFieldState } from '../../../core/validation/general/language-field';
import { housingAmount, housingAmountNotice, housingLoanSchema } from '../../../core/validation/general/housing';
import {
  assetConditionSchema,
  countryCodeSchema,
  incomeFromAbroadSchema,
  industryCodeSchema,
  offerTypeSchema,
  plannedMonthlyTurnoverSchema,
} from '../../../core/validation/general/choices';
import { MESSAGES } from '../../../core/validation/messages';
import { firstMessage, firstPath, output } from '../support';

const row = (taxResidencyCountryCode: string, taxPayerCode = '') => ({ taxResidencyCountryCode, taxPayerCode });

describe('tax residency (section 5)', () => {
  const schema = () => taxResidencySchema({ localCountry: 'EE', firstCountry: 'EE' });

  it('first row fixed: USA with US citizenship, otherwise the local country', () => {
    expect(firstTaxResidencyCountry(['US', 'EE'], 'EE')).toBe('US');
    expect(firstTaxResidencyCountry(['EE'], 'EE')).toBe('EE');
    expect(firstMessage(schema(), [row('FI', '123')])).toBe(MESSAGES.taxResidencyFirstFixed);
    expect(firstPath(schema(), [row('FI', '123')])).toBe('0.taxResidencyCountryCode');
  });

  it('required, at most 3 rows (3 accepted, 4 refused)', () => {
    expect(firstMessage(schema(), [])).toBe(MESSAGES.required);
    expect(firstMessage(schema(), [row('EE'), row('FI', '1'), row('SE', '2')])).toBeUndefined();
    expect(firstMessage(schema(), [row('EE'), row('FI', '1'), row('SE', '2'), row('NO', '3')])).toBe(MESSAGES.taxResidencyTooMany);
    expect(canAddTaxResidencyRow(2)).toBe(true);
    expect(canAddTaxResidencyRow(3)).toBe(false);
  });

  it('payer code asked when the residency is not the local country', () => {
    expect(isTaxPayerCodeRequired('FI', 'EE')).toBe(true);
    expect(isTaxPayerCodeRequired('EE', 'EE')).toBe(false);
    expect(firstMessage(schema(), [row('EE'), row('FI')])).toBe(MESSAGES.taxpayerNumberInvalid);
    expect(firstPath(schema(), [row('EE'), row('FI')])).toBe('1.taxPayerCode');
    expect(firstMessage(schema(), [row('EE'), row('FI', '123-456')])).toBeUndefined();
  });

  it('no duplicates across rows; the unknown country is refused', () => {
    expect(firstMessage(schema(), [row('EE'), row('FI', '1'), row('FI', '2')])).toBe(MESSAGES.taxResidencyDuplicate);
    expect(firstPath(schema(), [row('EE'), row('FI', '1'), row('FI', '2')])).toBe('2.taxResidencyCountryCode');
    expect(firstMessage(schema(), [row('EE'), row('XX', '1')])).toBe(MESSAGES.choiceInvalid);
    expect(firstMessage(schema(), [row('EE'), row('', '1')])).toBe(MESSAGES.required);
  });

  it('options exclude added countries and the unknown country, sorted by translated text', () => {
    const all = [
      { code: 'SE', label: 'Rootsi' },
      { code: 'XX', label: 'Teadmata' },
      { code: 'FI', label: 'Soome' },
      { code: 'EE', label: 'Eesti' },
      { code: 'LV', label: 'Läti' },
      { code: 'DE', label: 'Saksamaa' },
    ];
    expect(taxResidencyCountryOptions(all, ['EE'], 'et-EE').map((o) => o.code)).toEqual(['LV', 'SE', 'DE', 'FI']);
  });
});

describe('citizenship (section 5)', () => {
  it('main required; dual excludes the main one', () => {
    const schema = citizenshipSchema('EE');
    expect(firstMessage(schema, { citizenship: '' })).toBe(MESSAGES.required);
    expect(output(schema, { citizenship: 'EE' })).toEqual(['EE']);
    expect(output(schema, { citizenship: 'EE', addDualCitizenship: true, dualCitizenship: 'FI' })).toEqual(['EE', 'FI']);
    expect(firstMessage(schema, { citizenship: 'EE', addDualCitizenship: true, dualCitizenship: 'EE' })).toBe(MESSAGES.citizenshipDualSameAsMain);
    expect(firstMessage(schema, { citizenship: 'EE', addDualCitizenship: true, dualCitizenship: '' })).toBe(MESSAGES.required);
    expect(firstPath(schema, { citizenship: 'EE', addDualCitizenship: true, dualCitizenship: 'EE' })).toBe('dualCitizenship');
    expect(dualCitizenshipOptions([{ code: 'EE' }, { code: 'FI' }, { code: 'XX' }], 'EE')).toEqual([{ code: 'FI' }]);
  });

  it('Latvia: not LV and XA together', () => {
    const both = { citizenship: 'LV', addDualCitizenship: true, dualCitizenship: 'XA' };
    expect(firstMessage(citizenshipSchema('LV'), both)).toBe(MESSAGES.citizenshipLatviaAndNonCitizen);
    expect(firstMessage(citizenshipSchema('LV'), { ...both, citizenship: 'XA', dualCitizenship: 'LV' })).toBe(MESSAGES.citizenshipLatviaAndNonCitizen);
    expect(firstMessage(citizenshipSchema('LV'), { ...both, dualCitizenship: 'EE' })).toBeUndefined();
  });
});

describe('purpose of relationship (section 5)', () => {
  const schema = () => purposeOfRelationshipSchema();
  it('required multi-select of at most 3, LOAN cannot be removed', () => {
    expect(firstMessage(schema(), [])).toBe(MESSAGES.required);
    expect(firstMessage(schema(), ['LOAN'])).toBeUndefined();
    expect(firstMessage(schema(), ['LOAN', 'SAVING', 'DEPOSITS'])).toBeUndefined();
    expect(firstMessage(schema(), ['LOAN', 'SAVING', 'DEPOSITS', 'LEASING'])).toBe(MESSAGES.purposeOfRelationshipTooMany);
    expect(firstMessage(schema(), ['SAVING'])).toBe(MESSAGES.purposeOfRelationshipLoanRequired);
    expect(firstMessage(schema(), ['LOAN', 'GAMBLING'])).toBe(MESSAGES.choiceInvalid);
    expect(output(schema(), ['LOAN', 'LOAN', 'SAVING'])).toEqual(['LOAN', 'SAVING']);
    expect(purposeOptionState('LOAN', ['LOAN'])).toEqual({ removable: false, addable: false });
    expect(purposeOptionState('SAVING', ['LOAN', 'LEASING', 'DEPOSITS'])).toEqual({ removable: false, addable: false });
    expect(purposeOptionState('SAVING', ['LOAN'])).toEqual({ removable: false, addable: true });
    expect(purposeOptionState('SAVING', ['LOAN', 'SAVING'])).toEqual({ removable: true, addable: false });
  });
});

describe('language field (section 5)', () => {
  it('shown only when more than one language is offered; with one, set automatically', () => {
    expect(languageFieldState(['lt'])).toEqual({ visible: false, value: 'lt' });
    expect(languageFieldState(['et', 'ru'])).toEqual({ visible: true, value: undefined });
    expect(output(languageCodeSchema(['lt']), undefined)).toBe('lt');
    expect(firstMessage(languageCodeSchema(['et', 'ru']), '')).toBe(MESSAGES.required);
    expect(firstMessage(languageCodeSchema(['et', 'ru']), 'lv')).toBe(MESSAGES.choiceInvalid);
    expect(output(languageCodeSchema(['et', 'ru']), 'ru')).toBe('ru');
  });
});

describe('housing loan (section 5)', () => {
  const schema = () => housingLoanSchema({ minAmount: 10000 });
  it('amount is price minus own contribution; own contribution at most 90%', () => {
    expect(housingAmount(100000, 20000.5)).toBe(79999.5);
    expect(firstMessage(schema(), { price: 100000, ownContribution: 90000 })).toBeUndefined();
    expect(firstMessage(schema(), { price: 100000, ownContribution: 90000.01 })).toBe(MESSAGES.ownContributionTooHigh);
    expect(firstPath(schema(), { price: 100000, ownContribution: 95000 })).toBe('ownContribution');
  });
  it('minimum amount with a notice below it', () => {
    const small = housingLoanSchema({ minAmount: 15000 });
    expect(housingAmountNotice(100000, 85000, 15000)).toBeUndefined();
    expect(housingAmountNotice(100000, 85000.01, 15000)).toBe(MESSAGES.housingAmountBelowMinimum);
    expect(firstMessage(small, { price: 100000, ownContribution: 85000.01 })).toBe(MESSAGES.housingAmountBelowMinimum);
    expect(firstMessage(small, { price: 100000, ownContribution: 85000 })).toBeUndefined();
  });
});

describe('required selects (section 5)', () => {
  it.each([
    ['industry code', industryCodeSchema(), 'C'],
    ['planned monthly turnover', plannedMonthlyTurnoverSchema(), '1001-2500'],
    ['asset condition', assetConditionSchema(), 'USED'],
    ['offer type', offerTypeSchema(), 'final'],
    ['country code', countryCodeSchema(['EE', 'LV', 'LT'] as const), 'LV'],
  ])('%s: nothing chosen is required, an unknown value invalid', (_name, schema, valid) => {
    expect(firstMessage(schema, '')).toBe(MESSAGES.required);
    expect(firstMessage(schema, undefined)).toBe(MESSAGES.required);
    expect(firstMessage(schema, 'NOPE')).toBe(MESSAGES.choiceInvalid);
    expect(firstMessage(schema, valid)).toBeUndefined();
  });
  it('income from abroad: a yes or no is required', () => {
    expect(firstMessage(incomeFromAbroadSchema(), undefined)).toBe(MESSAGES.required);
    expect(firstMessage(incomeFromAbroadSchema(), false)).toBeUndefined();
  });
});
