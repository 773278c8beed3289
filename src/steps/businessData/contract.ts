/**
 * PLACEHOLDER (replaced by A on merge): businessData's agreed wire paths (helper brief 24), so the
 * corporate process and its server tests compile and run before A's step lands.
 */
import * as v from 'valibot';
import { choice, fixed, flag, money, text, wholeNumber } from '../../../core/contract/fields';
import { defineStepContract } from '../../../core/contract/step-contract';
import { CATALOGUE } from '../../../core/domain/products';

const anyText = (min: number, max: number) => v.pipe(v.string(), v.trim(), v.minLength(min), v.maxLength(max));

export default defineStepContract({
  fields: () => ({
    productName: choice('applicationUpdates.creditConditions.productName', CATALOGUE.filter((p) => p.domains.includes('corporate-banking')).map((p) => p.productName)),
    loanAmount: money('applicationUpdates.creditConditions.loanAmount'),
    loanPeriod: wholeNumber('applicationUpdates.creditConditions.loanPeriod', { min: 1, max: 600 }),
    loanPurposeText: text('applicationUpdates.creditConditions.loanPurposeText', anyText(2, 1024)),
    registrationCode: text('applicationUpdates.company.registrationCode', anyText(2, 64)),
    businessName: text('applicationUpdates.company.businessName', anyText(1, 256)),
    countryCode: choice('applicationUpdates.company.countryCode', ['EE', 'LV', 'LT'] as const),
    industryCode: text('applicationUpdates.company.industryCode', anyText(1, 8)),
    expectedProfit: money('applicationUpdates.company.expectedProfit', { min: 1 }),
    expectedTurnover: money('applicationUpdates.company.expectedTurnover', { min: 1 }),
    hasLiabilities: flag('applicationUpdates.company.hasLiabilities'),
    role: fixed('personUpdates.0.role', 'APPLICANT'),
    languageCode: text('personUpdates.0.languageCode', anyText(3, 3)),
    firstName: text('personUpdates.0.declaredData.firstName', anyText(1, 100)),
    surname: text('personUpdates.0.declaredData.surname', anyText(1, 100)),
    personalCode: text('personUpdates.0.personalCode', anyText(6, 20)),
    email: text('personUpdates.0.declaredData.email', anyText(3, 256)),
  }),
  example: () => ({
    productName: 'OPERATING_LOAN',
    loanAmount: '50000',
    loanPeriod: '60',
    loanPurposeText: 'A second coffee roaster',
    registrationCode: '12345678',
    businessName: 'Kohvik Päike OÜ',
    countryCode: 'EE',
    industryCode: 'I',
    expectedProfit: '60000',
    expectedTurnover: '400000',
    hasLiabilities: true,
    languageCode: 'est',
    firstName: 'Mari',
    surname: 'Maasikas',
    personalCode: '38001085718',
    email: 'mari@kohvik.example',
  }),
});
