import { describe, expect, it } from 'vitest';
import {
  additionalInfoTextSchema,
  businessNameSchema,
  creditorNameSchema,
  descriptionSchema,
  loanPurposeTextSchema,
  registrationCodeSchema,
  sellerNameSchema,
} from '../../../core/validation/general/text-fields';
import { campaignCodeFromQuery, campaignCodeSchema } from '../../../core/validation/general/campaign-code';
import { assetAddressSchema } from '../../../core/validation/general/address';
import { taxpayerIdentificationNumberSchema } from '../../../core/validation/general/taxpayer-number';
import { deadlineSchema, pastDateSchema } from '../../../core/validation/general/date-rules';
import { ALPHABETS, allowedCharacters, isWrittenIn } from '../../../core/validation/general/alphabets';
import type { Alphabet } from '../../../core/validation/general/alphabets';
import { MESSAGES } from '../../../core/validation/messages';
import * as v from 'valibot';
import { TODAY, firstMessage, firstPath, output } from '../support';

describe('required texts of 2 to 256 (business name, registration code, creditor name)', () => {
  it.each([
    ['business name', businessNameSchema],
    ['registration code', registrationCodeSchema],
    ['creditor name', creditorNameSchema],
  ])('%s', (_name, schema) => {
    expect(firstMessage(schema(), '')).toBe(MESSAGES.required);
    expect(firstMessage(schema(), 'A')).toBe(MESSAGES.textLength2To256);
    expect(firstMessage(schema(), 'AB')).toBeUndefined();
    expect(firstMessage(schema(), 'x'.repeat(256))).toBeUndefined();
    expect(firstMessage(schema(), 'x'.repeat(257))).toBe(MESSAGES.textLength2To256);
    expect(output(schema(), '  Kask OÜ ')).toBe('Kask OÜ');
  });

  it('seller name: optional, 2 to 256, valid characters', () => {
    expect(output(sellerNameSchema(), '')).toBe('');
    expect(firstMessage(sellerNameSchema(), 'A')).toBe(MESSAGES.textLength2To256);
    expect(firstMessage(sellerNameSchema(), 'Auto Müük OÜ')).toBeUndefined();
    expect(firstMessage(sellerNameSchema(), 'x'.repeat(257))).toBe(MESSAGES.textLength2To256);
    expect(firstMessage(sellerNameSchema(), 'Shop <script>')).toBe(MESSAGES.textInvalidCharacters);
  });
});

describe('free texts (additional info, description, loan purpose)', () => {
  it('additional info: optional, 2 to 1024', () => {
    expect(output(additionalInfoTextSchema(), undefined)).toBe('');
    expect(firstMessage(additionalInfoTextSchema(), 'a')).toBe(MESSAGES.textLength2To1024);
    expect(firstMessage(additionalInfoTextSchema(), 'ab')).toBeUndefined();
    expect(firstMessage(additionalInfoTextSchema(), 'a'.repeat(1024))).toBeUndefined();
    expect(firstMessage(additionalInfoTextSchema(), 'a'.repeat(1025))).toBe(MESSAGES.textLength2To1024);
  });

  it('description: 2 to 512', () => {
    expect(firstMessage(descriptionSchema(), 'a')).toBe(MESSAGES.textLength2To512);
    expect(firstMessage(descriptionSchema(), 'a'.repeat(512))).toBeUndefined();
    expect(firstMessage(descriptionSchema(), 'a'.repeat(513))).toBe(MESSAGES.textLength2To512);
  });

  it('loan purpose text: required, 2 to 1024', () => {
    expect(firstMessage(loanPurposeTextSchema(), ' ')).toBe(MESSAGES.required);
    expect(firstMessage(loanPurposeTextSchema(), 'a')).toBe(MESSAGES.textLength2To1024);
    expect(firstMessage(loanPurposeTextSchema(), 'ab')).toBeUndefined();
    expect(firstMessage(loanPurposeTextSchema(), 'a'.repeat(1025))).toBe(MESSAGES.textLength2To1024);
  });
});

describe('campaign code (section 5)', () => {
  it('retail: trimmed, upper-cased, alphanumeric incl. Estonian letters, up to 30', () => {
    const schema = campaignCodeSchema({ variant: 'retail' });
    expect(output(schema, '  kevad2025 ')).toBe('KEVAD2025');
    expect(output(schema, 'sõbrad')).toBe('SÕBRAD');
    expect(output(schema, '')).toBe('');
    expect(firstMessage(schema, 'A')).toBeUndefined();
    expect(firstMessage(schema, 'A'.repeat(30))).toBeUndefined();
    expect(firstMessage(schema, 'A'.repeat(31))).toBe(MESSAGES.campaignCodeTooLong);
    expect(firstMessage(schema, 'KEVAD-2025')).toBe(MESSAGES.campaignCodeInvalid);
  });

  it('corporate: 1 to 256, EE and LT patterns', () => {
    const ee = campaignCodeSchema({ variant: 'corporate', country: 'EE' });
    const lt = campaignCodeSchema({ variant: 'corporate', country: 'LT' });
    const lv = campaignCodeSchema({ variant: 'corporate', country: 'LV' });
    expect(firstMessage(ee, 'ÄRI-2025')).toBeUndefined();
    expect(firstMessage(ee, 'ĄČ-1')).toBe(MESSAGES.campaignCodeInvalid);
    expect(firstMessage(lt, 'ĄČ-1')).toBeUndefined();
    expect(firstMessage(lt, 'ÄRI')).toBe(MESSAGES.campaignCodeInvalid);
    expect(firstMessage(lv, 'any code #1')).toBeUndefined();
    expect(firstMessage(ee, 'A'.repeat(256))).toBeUndefined();
    expect(firstMessage(ee, 'A'.repeat(257))).toBe(MESSAGES.textLength1To256);
  });

  it('prefilled from campaignCode in the query', () => {
    expect(campaignCodeFromQuery('?campaignCode=%20spring25%20&lang=et')).toBe('SPRING25');
    expect(campaignCodeFromQuery(new URLSearchParams('campaignCode='))).toBeUndefined();
    expect(campaignCodeFromQuery('')).toBeUndefined();
  });
});

describe('asset address (section 5)', () => {
  const valid = { streetAddress: 'Narva mnt 5-12', administrativeAreaLevel1: 'Tallinn', administrativeAreaLevel2: '' };

  it('city and street required, 2 to 200, address characters; district optional', () => {
    expect(firstMessage(assetAddressSchema(), valid)).toBeUndefined();
    expect(firstPath(assetAddressSchema(), { ...valid, streetAddress: '' })).toBe('streetAddress');
    expect(firstMessage(assetAddressSchema(), { ...valid, administrativeAreaLevel1: 'T' })).toBe(MESSAGES.textLength2To200);
    expect(firstMessage(assetAddressSchema(), { ...valid, streetAddress: 'a'.repeat(200) })).toBeUndefined();
    expect(firstMessage(assetAddressSchema(), { ...valid, streetAddress: 'a'.repeat(201) })).toBe(MESSAGES.textLength2To200);
    expect(firstMessage(assetAddressSchema(), { ...valid, streetAddress: 'Narva mnt 5 <b>' })).toBe(MESSAGES.addressInvalidCharacters);
    expect(firstMessage(assetAddressSchema(), { ...valid, administrativeAreaLevel2: 'Kesklinn' })).toBeUndefined();
    expect(firstMessage(assetAddressSchema(), { ...valid, administrativeAreaLevel2: 'K' })).toBe(MESSAGES.textLength2To200);
  });
});

describe('taxpayer identification number (section 5)', () => {
  const schema = () => taxpayerIdentificationNumberSchema();
  it('digits and hyphens, 1 to 25 digits excluding hyphens', () => {
    expect(firstMessage(schema(), '')).toBe(MESSAGES.required);
    expect(firstMessage(schema(), '1')).toBeUndefined();
    expect(firstMessage(schema(), '1'.repeat(25))).toBeUndefined();
    expect(firstMessage(schema(), `${'1'.repeat(25)}---`)).toBeUndefined();
    expect(firstMessage(schema(), '1'.repeat(26))).toBe(MESSAGES.taxpayerNumberInvalid);
    expect(firstMessage(schema(), '---')).toBe(MESSAGES.taxpayerNumberInvalid);
    expect(firstMessage(schema(), '123 456')).toBe(MESSAGES.taxpayerNumberInvalid);
    expect(firstMessage(schema(), '12A')).toBe(MESSAGES.taxpayerNumberInvalid);
  });
});

describe('dates: deadline and past date (section 5)', () => {
  it('deadline: required, not before today, within 25 years', () => {
    const schema = deadlineSchema({ today: TODAY });
    expect(firstMessage(schema, '')).toBe(MESSAGES.required);
    expect(firstMessage(schema, '2025-02-30')).toBe(MESSAGES.dateInvalid);
    expect(firstMessage(schema, '15-06-2025')).toBe(MESSAGES.dateInvalid);
    expect(firstMessage(schema, '2025-06-14')).toBe(MESSAGES.deadlineInPast);
    expect(firstMessage(schema, '2025-06-15')).toBeUndefined();
    expect(firstMessage(schema, '2050-06-15')).toBeUndefined();
    expect(firstMessage(schema, '2050-06-16')).toBe(MESSAGES.deadlineTooFar);
  });

  it('past date: today or earlier', () => {
    const schema = pastDateSchema({ today: TODAY });
    expect(firstMessage(schema, '2025-06-15')).toBeUndefined();
    expect(firstMessage(schema, '1990-01-01')).toBeUndefined();
    expect(firstMessage(schema, '2025-06-16')).toBe(MESSAGES.dateInFuture);
    expect(firstMessage(schema, '2024-02-29')).toBeUndefined();
    expect(firstMessage(schema, '2023-02-29')).toBe(MESSAGES.dateInvalid);
  });
});

describe('allowed character sets per alphabet (section 5, Money)', () => {
  const samples: Record<Alphabet, string> = {
    latin: 'Hello',
    estonian: 'Õun Šokolaad Žürii',
    latvian: 'Ķēniņš Ģirts',
    lithuanian: 'Ąžuolas Ėglė Ųūrė',
    finnish: 'Åbo Äiti Öljy',
    swedish: 'Åsa Ärlig Öst',
    russian: 'Ёлка Щука',
    bulgarian: 'Щастие Ъгъл',
    international: 'José Müller Ñandú Ørsted Ёлка',
  };
  it.each(Object.keys(ALPHABETS) as Alphabet[])('%s accepts its own letters', (alphabet) => {
    expect(isWrittenIn(samples[alphabet], [alphabet], ' ')).toBe(true);
  });
  it('refuses letters of other alphabets', () => {
    expect(isWrittenIn('Ķēniņš', ['estonian'], ' ')).toBe(false);
    expect(isWrittenIn('Õun', ['latvian'], ' ')).toBe(false);
    expect(isWrittenIn('Ёлка', ['bulgarian'], ' ')).toBe(false);
    expect(isWrittenIn('Ыы', ['bulgarian'], ' ')).toBe(false);
    expect(isWrittenIn('中文', ['international'], ' ')).toBe(false);
  });
  it('as a valibot check', () => {
    const schema = v.pipe(v.string(), allowedCharacters(['latvian']));
    expect(firstMessage(schema, 'Rīga, 2. iela 5')).toBeUndefined();
    expect(firstMessage(schema, 'Tallinn, Õie 5')).toBe(MESSAGES.textInvalidCharacters);
  });
});
