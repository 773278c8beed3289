/**
 * SubmitPersonalInfo (section 2): the customer administrator's section (embedded bank staff only),
 * the loan type, the campaign code, the personal code, the date of birth where the code carries
 * none (Latvia's new codes), the language we contact the person in, and the registry consents.
 * One field table for the form and the server (core/contract); decisions 110 and 112.
 */
import * as v from 'valibot';
import { askedWhen, choice, consent, fixed, flag, hidden, text } from '../../../core/contract/fields';
import { typedDate } from '../../../core/contract/typed-date-field';
import { defineStepContract, type ContractContext } from '../../../core/contract/step-contract';
import { stepPersonRole } from '../../../core/domain/applicant';
import { countryOfDomain, type CountryCode } from '../../../core/domain/business-domains';
import { COUNTRY_LOCALES, LANGUAGE_CODES, isLocale, languageCodeFromLocale } from '../../../core/domain/languages';
import { defaultProductOf, hasInstalments, isWebProduct, productsForChannel, productsOf, type CatalogueEntry, type CreationChannel } from '../../../core/domain/products';
import { campaignCodeSchema, normaliseCampaignCode } from '../../../core/validation/general/campaign-code';
import { parseIsoDate } from '../../../core/validation/general/dates';
import { latvianBirthDateAgeRule, latvianBirthDateSchema } from '../../../core/validation/latvia/birth-date';
import { latvianPersonalCodeFormat } from '../../../core/validation/latvia/personal-code';
import { isWithinProductBounds } from '../../../core/validation/general/product-bounds';
import { MESSAGES } from '../../../core/validation/messages';
import { normalisePersonalCode, personalCodeSchema } from '../../../core/validation/personal-code';
import { initialLanguageAnswer } from '../../../core/contract/person-language';

/**
 * How the customer came to the bank, as the customer administrator records it: the two of
 * section 3's creation channels (webpage, self service, call center, office, mobile app) where
 * staff serve a customer (section 1: the call centre may offer every retail product, the office
 * only the small loan). Decision 110.
 */
export const ADMINISTRATOR_CHANNELS = ['CALL_CENTER', 'OFFICE'] as const satisfies readonly CreationChannel[];
/** Section 3 (application origin/channel): an application bank staff fill in is an internal one. */
const STAFF_APPLICATION_CHANNEL = 'INTERNAL';
export type AdministratorChannel = (typeof ADMINISTRATOR_CHANNELS)[number];


/** Only an embedded customer administrator sees (and sends) their section (decision 110). */
export function asksAdministratorSection(context: Pick<ContractContext, 'prefill'>): boolean {
  return context.prefill?.['customerAdministrator'] === true;
}

/**
 * The languages a person may be contacted in (section 5: the field is shown only when more than
 * one is offered; with one, it is set automatically): the runtime configuration's, as the client
 * passes them in the prefill; otherwise the country's languages and English (the server's default).
 */
export function offeredLanguageCodes(context: Pick<ContractContext, 'domain' | 'prefill'>): string[] {
  const configured = context.prefill?.['allowedLocales'];
  const allowed = Array.isArray(configured) ? configured.filter((value): value is Parameters<typeof languageCodeFromLocale>[0] => typeof value === 'string' && isLocale(value)) : [];
  const locales = allowed.length > 0 ? allowed : [...COUNTRY_LOCALES[countryOfDomain(context.domain)], 'en' as const];
  return [...new Set(locales.map(languageCodeFromLocale))];
}

/**
 * The loan types the applicant may switch to (the catalogue's, core/domain/products.ts): what the
 * channel offers (section 1: a bank office the small loan only; the applicant's own, the web page)
 * of the products chosen on the bank's own pages (no partner's hire purchase, no current account).
 * With the amount and period already chosen known, only the instalment loans whose bounds in the
 * product data hold them (a switch never leaves the loan outside its product's limits), and the
 * loan as it is. Without them (the server's view today, decision 119), every such product.
 */
export function switchableProducts(context: Pick<ContractContext, 'domain' | 'prefill' | 'products'>, channel: CreationChannel = 'WEBPAGE'): CatalogueEntry[] {
  const amount = context.prefill?.['loanAmount'];
  const period = context.prefill?.['loanPeriod'];
  const current = context.prefill?.['productName'];
  const web = productsForChannel(context.domain, channel).filter((p) => isWebProduct(p.productName));
  // The loan as it is stays offered, also a partner's (hire purchase of the shop's goods, issue 22).
  const own = web.some((p) => p.productName === current) ? undefined : productsOf(context.domain).find((p) => p.productName === current);
  const offered = own ? [own, ...web] : web;
  if (typeof amount !== 'number' || typeof period !== 'number') return [...offered];
  return offered.filter((p) => {
    if (p.productName === current) return true;
    if (!hasInstalments(p.productName)) return false;
    // Without product data there is nothing to check against (the other side checks it).
    if (!context.products) return true;
    const data = context.products[p.productName];
    return data !== undefined && isWithinProductBounds(data, 'amount', amount) && isWithinProductBounds(data, 'period', period);
  });
}

/** The channel the customer administrator recorded, when it is one (else the applicant's own, the web page). */
export function administratorChannel(value: unknown): AdministratorChannel | undefined {
  return (ADMINISTRATOR_CHANNELS as readonly unknown[]).includes(value) ? (value as AdministratorChannel) : undefined;
}

/**
 * Section 5 (Latvia): the date of birth as the server takes it: yyyy-MM-dd only (section 9; decision
 * 193), a real date, age 18 to 73 years and 11 months. The form reads what was typed
 * (`latvianBirthDateSchema`: ddMMyy, dd.MM.yyyy and the other written forms) into this.
 */
export function latvianDateOfBirthSchema(options: { today?: Date } = {}) {
  return v.pipe(
    v.string(MESSAGES.required),
    v.nonEmpty(MESSAGES.required),
    v.check((text) => parseIsoDate(text) !== undefined, MESSAGES.dateInvalid),
    latvianBirthDateAgeRule(options),
  );
}

/** Decision 180: "today" of the server's clock where the server checks. */
function todayOf(context: ContractContext): { today?: Date } {
  return context.today ? { today: context.today } : {};
}

/** Section 2: the date of birth is asked where the personal code carries none (Latvia's new format). */
export function asksDateOfBirth(country: CountryCode, personalCode: unknown): boolean {
  return country === 'LV' && typeof personalCode === 'string' && latvianPersonalCodeFormat(normalisePersonalCode('LV', personalCode)) === 'new';
}

/** Section 5: the retail campaign code; the field always holds text, so only its string input is used. */
const RETAIL_CAMPAIGN_CODE = campaignCodeSchema({ variant: 'retail' }) as v.GenericSchema<string, string>;

/** Valid persons per country, for the generic contract test (example). Latvia's code is of the new format. */
const EXAMPLE_PERSONS: Record<CountryCode, { personalCode: string; dateOfBirth: string }> = {
  EE: { personalCode: '38001085718', dateOfBirth: '' },
  LV: { personalCode: '320190-12345', dateOfBirth: '15.03.1985' },
  LT: { personalCode: '49403136526', dateOfBirth: '' },
};

export default defineStepContract({
  fields: (context) => {
    const country = countryOfDomain(context.domain);
    const role = stepPersonRole(context.role);
    const applicant = role === 'APPLICANT';
    const administrator = asksAdministratorSection(context);
    const languages = offeredLanguageCodes(context);
    return {
      role: fixed('personUpdates.0.role', role),
      staffChannel: { ...fixed('applicationUpdates.source.channel', STAFF_APPLICATION_CHANNEL), when: () => administrator },
      channel: askedWhen(choice('applicationUpdates.source.creationChannel', ADMINISTRATOR_CHANNELS), () => administrator),
      customerIdentified: askedWhen(consent('applicationUpdates.source.customerIdentified'), () => administrator),
      // The loan is the applicant's to change; a co-borrower joins it as it is.
      productName: askedWhen(
        choice('applicationUpdates.creditConditions.productName', productsOf(context.domain).map((p) => p.productName)),
        () => applicant,
      ),
      campaignCode: askedWhen(text('applicationUpdates.campaignCode', RETAIL_CAMPAIGN_CODE), () => applicant),
      personalCode: text('personUpdates.0.personalCode', personalCodeSchema(country, todayOf(context))),
      dateOfBirth: askedWhen(typedDate('personUpdates.0.declaredData.dateOfBirth', latvianBirthDateSchema(todayOf(context)), latvianDateOfBirthSchema(todayOf(context))), (values) =>
        asksDateOfBirth(country, values['personalCode']),
      ),
      languageCode: askedWhen(choice('personUpdates.0.languageCode', languages), () => languages.length > 1),
      // Section 5: with one language offered it is set, not asked.
      onlyLanguageCode: {
        ...hidden('personUpdates.0.languageCode', v.picklist(languages.length === 1 ? languages : LANGUAGE_CODES, MESSAGES.choiceInvalid), () => languages[0] ?? 'eng'),
        when: () => languages.length === 1,
      },
      registryCheck: consent('personUpdates.0.consents.registryCheck'),
      silentConsent: flag('personUpdates.0.consents.silent'),
    };
  },
  checks: (context) => [
    {
      // Section 1: a bank office offers the small loan only (the options say so too).
      on: 'productName',
      uses: ['channel'],
      problem: (values) => {
        const channel = administratorChannel(values.channel);
        return channel && !productsForChannel(context.domain, channel).some((p) => p.productName === values.productName) ? MESSAGES.choiceInvalid : undefined;
      },
    },
    {
      on: 'productName',
      uses: [],
      problem: (values) =>
        switchableProducts(context).some((p) => p.productName === values.productName) ? undefined : MESSAGES.choiceInvalid,
    },
  ],
  initial: (context) => {
    const languages = offeredLanguageCodes(context);
    const productName = context.prefill?.['productName'];
    const campaignCode = context.prefill?.['campaignCode'];
    return {
      productName: typeof productName === 'string' ? productName : defaultProductOf(context.domain).productName,
      // Section 5: prefilled from the query, trimmed and upper-cased.
      campaignCode: typeof campaignCode === 'string' ? normaliseCampaignCode(campaignCode) : '',
      // The language the person is using now is the likeliest answer; a customer administrator's
      // is not the customer's (decision 191): theirs starts with the person's own, or empty.
      languageCode: initialLanguageAnswer(context, languages, languageCodeFromLocale(context.locale)),
    };
  },
  example: (context) => {
    const person = EXAMPLE_PERSONS[countryOfDomain(context.domain)];
    return {
      channel: asksAdministratorSection(context) ? 'CALL_CENTER' : '',
      customerIdentified: asksAdministratorSection(context),
      productName: 'SMALL_LOAN',
      campaignCode: 'SPRING24',
      personalCode: person.personalCode,
      dateOfBirth: person.dateOfBirth,
      languageCode: offeredLanguageCodes(context)[0] ?? '',
      registryCheck: true,
      silentConsent: false,
    };
  },
});
