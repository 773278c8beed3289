/**
 * CreateApplicationStep (section 2): the product, amount and period, and the applicant's name,
 * personal code and contacts, with consents. The one field table of the step (core/contract). The
 * amount's and the period's bounds are the product data's (docs/decisions/091): the client checks
 * what `pricing-conditions` answered, the server what its database holds. A current account has no
 * amount and a credit card's limit no period: those fields are not asked for them.
 *
 * A housing loan (section 5) is chosen as a price and an own contribution: the amount is the price
 * less the contribution, which is at most 90 % of the price. Both are kept with the loan's credit
 * conditions under the names the product data gives them (section 3: `price`,
 * `selfFinancingAmount`), next to the amount they make up, not in the application's custom data:
 * they are terms of the loan the bank prices, and the server checks them with this table.
 */
import * as v from 'valibot';
import { askedWhen, choice, consent, fixed, flag, hidden, money, phone, text, wholeNumber } from '../../../core/contract/fields';
import { defineStepContract } from '../../../core/contract/step-contract';
import { showNumber } from '../../../core/contract/show';
import { countryOfDomain } from '../../../core/domain/business-domains';
import { LANGUAGE_CODES, languageCodeFromLocale } from '../../../core/domain/languages';
import { financesPrice, hasAmount, hasInstalments, productsForChannel, resolveProduct } from '../../../core/domain/products';
import { emailSchema } from '../../../core/validation/general/email';
import { housingAmount, maxOwnContribution } from '../../../core/validation/general/housing';
import { personNameSchema } from '../../../core/validation/general/person-name';
import { DEFAULT_PHONE_CODE } from '../../../core/validation/general/phone';
import type { ProductName } from '../../../core/domain/products';
import { productBoundsProblem } from '../../../core/validation/general/product-bounds';
import { MESSAGES } from '../../../core/validation/messages';
import { personalCodeSchema } from '../../../core/validation/personal-code';
import { filledInByAdministrator } from '../../../core/contract/person-language';

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
  fields: (context) => {
    const { domain } = context;
    const administrator = filledInByAdministrator(context);
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
      price: askedWhen(money('applicationUpdates.creditConditions.price', { min: 1 }), (values) => financesPrice(values['productName'])),
      ownContribution: askedWhen(money('applicationUpdates.creditConditions.selfFinancingAmount'), (values) => financesPrice(values['productName'])),
      monthlyPaymentDay: fixed('applicationUpdates.creditConditions.monthlyPaymentDay', DEFAULT_MONTHLY_PAYMENT_DAY),
      role: fixed('personUpdates.0.role', 'APPLICANT'),
      // The applicant's interface language; never a customer administrator's (decision 191: the
      // person's language is kept, and asked on SubmitPersonalInfo).
      languageCode: {
        ...hidden('personUpdates.0.languageCode', v.picklist(LANGUAGE_CODES, MESSAGES.choiceInvalid), ({ locale }) => languageCodeFromLocale(locale)),
        when: () => !administrator,
      },
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
    {
      // Section 9: the own contribution is at most 90 % of the price.
      on: 'ownContribution',
      uses: ['price'],
      problem: (values) =>
        values.price === undefined || values.ownContribution === undefined || values.ownContribution <= maxOwnContribution(values.price)
          ? undefined
          : MESSAGES.ownContributionTooHigh,
    },
    {
      // Section 5: the housing amount is the price less the own contribution.
      on: 'loanAmount',
      uses: ['price', 'ownContribution'],
      problem: (values) =>
        values.loanAmount === undefined || values.price === undefined || values.ownContribution === undefined || values.loanAmount === housingAmount(values.price, values.ownContribution)
          ? undefined
          : MESSAGES.housingAmountNotPriceLessOwnContribution,
    },
  ],
  example: ({ domain }) => {
    const applicant = EXAMPLE_APPLICANTS[countryOfDomain(domain)];
    return {
      productName: 'SMALL_LOAN',
      loanAmount: '3000',
      loanPeriod: '36',
      price: '',
      ownContribution: '',
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
    // A housing loan: the stored price and contribution, else the product's own contribution with
    // the price it makes the amount of.
    const financed = financesPrice(product.productName) && amount !== undefined;
    const own = typeof prefill?.selfFinancingAmount === 'number' ? prefill.selfFinancingAmount : (data?.selfFinancingAmount ?? 0);
    const price = typeof prefill?.price === 'number' ? prefill.price : amount === undefined ? undefined : amount + own;
    return {
      productName: product.productName,
      loanAmount: amount === undefined ? '' : showNumber(amount, locale),
      loanPeriod: period === undefined ? '' : String(period),
      price: financed && price !== undefined ? showNumber(price, locale) : '',
      ownContribution: financed ? showNumber(own, locale) : '',
    };
  },
});
