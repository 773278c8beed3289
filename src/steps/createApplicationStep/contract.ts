/**
 * CreateApplicationStep (section 2): the product, amount and period, and the applicant's name,
 * personal code and contacts, with consents. The one field table of the step (src/contract). The
 * amount's and the period's bounds are the product data's (docs/decisions/091): the client checks
 * what `pricing-conditions` answered, the server what its database holds. A current account has no
 * amount and a credit card's limit no period: those fields are not asked for them.
 */
import * as v from 'valibot';
import { askedWhen, choice, consent, fixed, flag, hidden, money, phone, text, wholeNumber } from '../../contract/fields';
import { defineStepContract } from '../../contract/step-contract';
import { showNumber } from '../../contract/show';
import { countryOfDomain } from '../../domain/business-domains';
import { LANGUAGE_CODES, languageCodeFromLocale } from '../../domain/languages';
import { hasAmount, hasInstalments, productsForChannel, resolveProduct } from '../../domain/products';
import { emailSchema } from '../../validation/general/email';
import { personNameSchema } from '../../validation/general/person-name';
import { DEFAULT_PHONE_CODE } from '../../validation/general/phone';
import type { ProductName } from '../../domain/products';
import { productBoundsProblem } from '../../validation/general/product-bounds';
import { MESSAGES } from '../../validation/messages';
import { personalCodeSchema } from '../../validation/personal-code';

/** Section 9: the default monthly payment day. */
export const DEFAULT_MONTHLY_PAYMENT_DAY = 15;

/** Valid applicants per country, for the generic contract test (example). */
const EXAMPLE_APPLICANTS = {
  EE: { firstName: 'Mari', surname: 'Maasikas', personalCode: '38001085718', email: 'mari.maasikas@example.com', phoneNumber: { code: '+372', number: '51234567' } },
  LV: { firstName: 'Anna', surname: 'Bērziņa', personalCode: '320190-12345', email: 'anna.berzina@example.com', phoneNumber: { code: '+371', number: '21234567' } },
  LT: { firstName: 'Ona', surname: 'Jonaitė', personalCode: '49403136526', email: 'ona.jonaite@example.com', phoneNumber: { code: '+370', number: '61234567' } },
} as const;

/** Whole months; the product's own bounds are checked across fields below. */
const PERIOD_LIMITS = { min: 1, max: 600 };

export default defineStepContract({
  fields: ({ domain }) => {
    const country = countryOfDomain(domain);
    return {
      productName: choice(
        'applicationUpdates.creditConditions.productName',
        productsForChannel(domain, 'WEBPAGE').map((p) => p.productName),
      ),
      loanAmount: askedWhen(money('applicationUpdates.creditConditions.loanAmount'), (values) => hasAmount(values['productName'] as string)),
      loanPeriod: askedWhen(wholeNumber('applicationUpdates.creditConditions.loanPeriod', PERIOD_LIMITS), (values) =>
        hasInstalments(values['productName'] as string),
      ),
      monthlyPaymentDay: fixed('applicationUpdates.creditConditions.monthlyPaymentDay', DEFAULT_MONTHLY_PAYMENT_DAY),
      role: fixed('personUpdates.0.role', 'APPLICANT'),
      languageCode: hidden('personUpdates.0.languageCode', v.picklist(LANGUAGE_CODES, MESSAGES.choiceInvalid), ({ locale }) =>
        languageCodeFromLocale(locale),
      ),
      firstName: text('personUpdates.0.declaredData.firstName', personNameSchema(domain)),
      surname: text('personUpdates.0.declaredData.surname', personNameSchema(domain)),
      personalCode: text('personUpdates.0.personalCode', personalCodeSchema(country)),
      email: text('personUpdates.0.declaredData.email', emailSchema()),
      phoneNumber: phone('personUpdates.0.declaredData.phoneNumber', domain, DEFAULT_PHONE_CODE[country]),
      consentDataProcessing: consent('personUpdates.0.consents.dataProcessing'),
      consentMarketing: flag('personUpdates.0.consents.marketing'),
    };
  },
  checks: ({ products }) => [
    {
      on: 'loanAmount',
      uses: ['productName'],
      problem: (values) => (values.loanAmount === undefined ? undefined : productBoundsProblem(products?.[values.productName as ProductName], 'amount', values.loanAmount)),
    },
    {
      on: 'loanPeriod',
      uses: ['productName'],
      problem: (values) => (values.loanPeriod === undefined ? undefined : productBoundsProblem(products?.[values.productName as ProductName], 'period', values.loanPeriod)),
    },
  ],
  example: ({ domain }) => {
    const applicant = EXAMPLE_APPLICANTS[countryOfDomain(domain)];
    return {
      productName: 'SMALL_LOAN',
      loanAmount: '3000',
      loanPeriod: '36',
      ...applicant,
      consentDataProcessing: true,
      consentMarketing: false,
    };
  },
  // The query's (or calculator's, or the application's) product, amount and period; else the
  // product's base values from its product data.
  initial: ({ domain, locale, prefill, products }) => {
    const product = resolveProduct(domain, typeof prefill?.productName === 'string' ? prefill.productName : undefined);
    const data = products?.[product.productName];
    const amount = typeof prefill?.loanAmount === 'number' ? prefill.loanAmount : data?.baseAmount;
    const period = typeof prefill?.loanPeriod === 'number' ? prefill.loanPeriod : data?.basePeriod;
    return {
      productName: product.productName,
      loanAmount: amount === undefined ? '' : showNumber(amount, locale),
      loanPeriod: period === undefined ? '' : String(period),
    };
  },
});
