/**
 * businessData (sections 2 and 5, issue 24): the first step of a corporate application. The
 * company (its country, registration code, name, industry, expected profit and turnover, whether it
 * has liabilities), the product with the calculator's amount and period, what the loan is for, and
 * the representative who applies and signs for the company (the application's APPLICANT person),
 * with the language the bank contacts them in. An embedded customer administrator answers their own
 * section too (decision 110). One field table for the form and the server (core/contract);
 * decision 181 records the choices the spec leaves open.
 *
 * The business register is the server's (server/companies): it refuses a code it does not know or a
 * company in liquidation, and overwrites the name and industry with what it holds.
 */
import * as v from 'valibot';
import { askedWhen, choice, consent, fixed, money, phone, text, wholeNumber } from '../../../core/contract/fields';
import { defineStepContract, type ContractContext } from '../../../core/contract/step-contract';
import { yesNo } from '../../../core/contract/yes-no';
import { showNumber } from '../../../core/contract/show';
import { isCountryCode, type CountryCode } from '../../../core/domain/business-domains';
import { COUNTRY_LOCALES, LANGUAGE_CODES, languageCodeFromLocale } from '../../../core/domain/languages';
import { CATALOGUE, DEFAULT_PRODUCT, findProduct, type ProductName } from '../../../core/domain/products';
import { CORPORATE_PRODUCTS, corporateProductOptions, countryOptionsForUserGroups } from '../../../core/validation/corporate/options';
import { PROFIT_AND_TURNOVER_MIN } from '../../../core/validation/corporate/financials';
import { INDUSTRY_CODES } from '../../../core/validation/general/choices';
import { emailSchema } from '../../../core/validation/general/email';
import { personNameSchema } from '../../../core/validation/general/person-name';
import { DEFAULT_PHONE_CODE } from '../../../core/validation/general/phone';
import { productBoundsProblem } from '../../../core/validation/general/product-bounds';
import { businessNameSchema, loanPurposeTextSchema, registrationCodeSchema } from '../../../core/validation/general/text-fields';
import { MESSAGES } from '../../../core/validation/messages';
import { personalCodeProblem, personalCodeSchema } from '../../../core/validation/personal-code';

/** Section 9: corporate periods are whole months, 1 to 360; the product's own bounds are checked across fields. */
const PERIOD_LIMITS = { min: 1, max: 360 };

/** How the customer came to the bank, as the customer administrator records it (decision 110). */
export const ADMINISTRATOR_CHANNELS = ['CALL_CENTER', 'OFFICE'] as const;
/** Section 3: an application bank staff fill in is an internal one. */
const STAFF_APPLICATION_CHANNEL = 'INTERNAL';

/** Only an embedded customer administrator sees (and sends) their section (decision 110). */
export function asksAdministratorSection(context: Pick<ContractContext, 'prefill'>): boolean {
  return context.prefill?.['customerAdministrator'] === true;
}


/** The configured country (COUNTRY_CODE), as both sides pass it. */
function configuredCountryOf(context: ContractContext): CountryCode {
  const configured = context.prefill?.['configuredCountry'];
  return isCountryCode(configured) ? configured : (context.country ?? 'EE');
}

/**
 * Section 5 and 6: the countries a company may be of. An embedded user's groups decide (a general
 * group all three, the country groups theirs); a public applicant, or a user whose groups name no
 * country, applies in the configured country only (decision 181).
 */
export function countryChoices(context: ContractContext): CountryCode[] {
  const groups = context.prefill?.['userGroups'];
  const byGroups = Array.isArray(groups) ? countryOptionsForUserGroups(groups.filter((g): g is string => typeof g === 'string')).options : [];
  return byGroups.length > 0 ? byGroups : [configuredCountryOf(context)];
}

/** Section 5: product name choices exclude green leasing unless its feature flag is on. */
export function productChoices(context: Pick<ContractContext, 'flags'>): ProductName[] {
  // In the catalogue's order (the default, the operating loan, first; section 1).
  const ordered = CATALOGUE.filter((item) => (CORPORATE_PRODUCTS as readonly string[]).includes(item.productName)).map((item) => item.productName);
  return corporateProductOptions(ordered, { greenLeasing: context.flags?.has('greenLeasing') ?? false });
}

/** The corporate products a company of `country` may apply for (section 1: no small business loan in Estonia). */
export function productsOfCountry(context: Pick<ContractContext, 'flags'>, country: CountryCode): ProductName[] {
  return productChoices(context).filter((name) => findProduct('corporate-banking', name, country) !== undefined);
}

/** Section 1: the languages the bank contacts a company's representative in, by the company's country. */
export function languagesOfCountry(country: CountryCode): string[] {
  return COUNTRY_LOCALES[country].map(languageCodeFromLocale);
}

/**
 * The representative's personal code: by the rules of the company's country (decision 181). Where
 * the company may be of several countries (a general group), a code valid in any of them is read
 * here and the cross-field check below holds it to the one chosen.
 */
function representativeCodeSchema(countries: readonly CountryCode[], today?: Date) {
  const options = today ? { today } : {};
  const [first = 'EE'] = countries;
  if (countries.length <= 1) return personalCodeSchema(first, options);
  return v.pipe(
    v.string(MESSAGES.required),
    v.rawTransform<string, string>(({ dataset, addIssue, NEVER }) => {
      for (const country of countries) {
        const result = v.safeParse(personalCodeSchema(country, options), dataset.value);
        if (result.success) return result.output;
      }
      addIssue({ message: personalCodeProblem(first, dataset.value, options) ?? MESSAGES.personalCodeInvalid });
      return NEVER;
    }),
  );
}

/** Valid answers per country, for the generic contract test (example): registration code, personal code, phone number. */
const EXAMPLES: Record<CountryCode, readonly [string, string, string]> = {
  EE: ['10137319', '38001085718', '51234567'],
  LV: ['40103111111', '320190-12345', '21234567'],
  LT: ['300111111', '49403136526', '61234567'],
};

export default defineStepContract({
  fields: (context) => {
    const administrator = asksAdministratorSection(context);
    const countries = countryChoices(context);
    const [firstCountry = 'EE'] = countries;
    return {
      role: fixed('personUpdates.0.role', 'APPLICANT'),
      staffChannel: { ...fixed('applicationUpdates.source.channel', STAFF_APPLICATION_CHANNEL), when: () => administrator },
      channel: askedWhen(choice('applicationUpdates.source.creationChannel', ADMINISTRATOR_CHANNELS), () => administrator),
      customerIdentified: askedWhen(consent('applicationUpdates.source.customerIdentified'), () => administrator),
      countryCode: choice('applicationUpdates.company.countryCode', countries),
      registrationCode: text('applicationUpdates.company.registrationCode', registrationCodeSchema()),
      businessName: text('applicationUpdates.company.businessName', businessNameSchema()),
      industryCode: choice('applicationUpdates.company.industryCode', INDUSTRY_CODES),
      expectedProfit: money('applicationUpdates.company.expectedProfit', { min: PROFIT_AND_TURNOVER_MIN }),
      expectedTurnover: money('applicationUpdates.company.expectedTurnover', { min: PROFIT_AND_TURNOVER_MIN }),
      hasLiabilities: yesNo('applicationUpdates.company.hasLiabilities'),
      productName: choice('applicationUpdates.creditConditions.productName', productChoices(context)),
      loanAmount: money('applicationUpdates.creditConditions.loanAmount'),
      loanPeriod: wholeNumber('applicationUpdates.creditConditions.loanPeriod', PERIOD_LIMITS),
      loanPurposeText: text('applicationUpdates.creditConditions.loanPurposeText', loanPurposeTextSchema()),
      firstName: text('personUpdates.0.declaredData.firstName', personNameSchema(context.domain)),
      surname: text('personUpdates.0.declaredData.surname', personNameSchema(context.domain)),
      personalCode: text('personUpdates.0.personalCode', representativeCodeSchema(countries, context.today)),
      email: text('personUpdates.0.declaredData.email', emailSchema()),
      phoneNumber: phone('personUpdates.0.declaredData.phoneNumber', context.domain, DEFAULT_PHONE_CODE[firstCountry]),
      // Section 5: asked only where the company's country offers more than one language; the page
      // sets the only one itself, so the wire always carries the language.
      languageCode: choice('personUpdates.0.languageCode', LANGUAGE_CODES),
    };
  },
  checks: ({ flags, products, today }) => [
    {
      // Section 1: the product must be one the company's country offers.
      on: 'productName',
      uses: ['countryCode'],
      problem: (values) => (productsOfCountry({ ...(flags ? { flags } : {}) }, values.countryCode).includes(values.productName) ? undefined : MESSAGES.choiceInvalid),
    },
    {
      on: 'loanAmount',
      uses: ['productName'],
      problem: (values) => productBoundsProblem(products?.[values.productName], 'amount', values.loanAmount),
    },
    {
      on: 'loanPeriod',
      uses: ['productName'],
      problem: (values) => productBoundsProblem(products?.[values.productName], 'period', values.loanPeriod),
    },
    {
      // The representative's code by the rules of the company's country (decision 181).
      on: 'personalCode',
      uses: ['countryCode'],
      problem: (values) => personalCodeProblem(values.countryCode, values.personalCode, today ? { today } : {}),
    },
    {
      on: 'languageCode',
      uses: ['countryCode'],
      problem: (values) => (languagesOfCountry(values.countryCode).includes(values.languageCode) ? undefined : MESSAGES.choiceInvalid),
    },
  ],
  example: (context) => {
    const [country = 'EE'] = countryChoices(context);
    const [registrationCode, personalCode, phoneNumber] = EXAMPLES[country];
    return {
      channel: asksAdministratorSection(context) ? 'CALL_CENTER' : '',
      customerIdentified: asksAdministratorSection(context),
      countryCode: country,
      registrationCode,
      businessName: 'Example Trading Ltd',
      industryCode: 'C',
      expectedProfit: '50000',
      expectedTurnover: '400000',
      hasLiabilities: 'no',
      productName: 'OPERATING_LOAN',
      loanAmount: '250000',
      loanPeriod: '60',
      loanPurposeText: 'Working capital for the summer season',
      firstName: 'Mari',
      surname: 'Maasikas',
      personalCode,
      email: 'mari.maasikas@example.com',
      phoneNumber: { code: DEFAULT_PHONE_CODE[country], number: phoneNumber },
      languageCode: languagesOfCountry(country)[0] ?? 'est',
    };
  },
  // The company's country preselected where there is one choice (section 5); the calculator's (or
  // the link's, or the application's) product, amount and period, else the product's base values.
  initial: (context) => {
    const countries = countryChoices(context);
    const country = countries.length === 1 ? countries[0] : undefined;
    const prefill = context.prefill;
    const asked = typeof prefill?.['productName'] === 'string' ? prefill['productName'] : undefined;
    const offered = country ? productsOfCountry(context, country) : productChoices(context);
    const fallback = offered.includes(DEFAULT_PRODUCT['corporate-banking']) ? DEFAULT_PRODUCT['corporate-banking'] : offered[0];
    const productName = asked && (offered as readonly string[]).includes(asked) ? (asked as ProductName) : fallback;
    const data = productName ? context.products?.[productName] : undefined;
    const amount = typeof prefill?.['loanAmount'] === 'number' ? prefill['loanAmount'] : data?.baseAmount;
    const period = typeof prefill?.['loanPeriod'] === 'number' ? prefill['loanPeriod'] : data?.basePeriod;
    const languages = country ? languagesOfCountry(country) : [];
    // Decision 191 (as core/contract/person-language.ts, inlined for this step's bundle budget): a
    // customer administrator's language question starts with the person's own, never theirs.
    const own = asksAdministratorSection(context) ? prefill?.['personLanguage'] : languageCodeFromLocale(context.locale);
    const current = typeof own === 'string' && languages.includes(own) ? own : '';
    return {
      countryCode: country ?? '',
      productName: productName ?? '',
      loanAmount: amount === undefined ? '' : showNumber(amount, context.locale),
      loanPeriod: period === undefined ? '' : String(period),
      languageCode: languages.length === 1 ? languages[0]! : current,
      ...(country ? { phoneNumber: { code: DEFAULT_PHONE_CODE[country], number: '' } } : {}),
    };
  },
});
