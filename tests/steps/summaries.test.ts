/**
 * The step summaries of the check-answers page (issue 11): each data step's answers read as
 * question and answer, in English and in a language of the country, for the values a form holds
 * (what was typed, choice codes, date parts, rows). A follow-up is listed only when it was asked,
 * whatever the form still holds; an empty answer reads "Not given"; consents are not listed; and
 * every row names a field of the step's contract (its Change link goes back to that step).
 */
import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldTable } from '../../core/contract/fields';
import type { ContractContext } from '../../core/contract/step-contract';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { Locale } from '../../core/domain/languages';
import { activateLocale } from '../../src/i18n/i18n';
import { STEP_CONTRACTS } from '../../src/steps/_generated/contracts.gen';
import { productTableOf } from '../support/product-data';
import { STEP_REGISTRY } from '../../src/steps/_generated/registry.gen';
import type { StepEntry, StepSummary, SummaryRow } from '../../src/steps/_kit/step-registry-types';

const DATA_STEPS = [
  'createApplicationStep',
  'submitPersonalInfo',
  'submitBackgroundData',
  'submitEmployerInfo',
  'submitAddress',
  'submitFinancialData',
  'submitRealEstateInfo',
  'submitBankDetailsAndIdentificationDocumentInfo',
  'submitInitialDataCoBorrower',
] as const;
type DataStep = (typeof DATA_STEPS)[number];

/** Permissions and declarations: never listed as answers (decision 120). */
const CONSENTS = ['consentDataProcessing', 'consentMarketing', 'registryCheck', 'silentConsent', 'customerIdentified', 'validityConfirmed'];

const summaries = new Map<string, StepSummary>();
beforeAll(async () => {
  for (const taskKey of DATA_STEPS) {
    const entry = (STEP_REGISTRY as Readonly<Record<string, StepEntry>>)[taskKey];
    if (!entry?.summary) throw new Error(`${taskKey} has no summary.tsx`);
    summaries.set(taskKey, (await entry.summary()).default);
  }
});

async function summaryIn(taskKey: DataStep, locale: Locale, values: Readonly<Record<string, unknown>>) {
  await activateLocale(locale);
  const summary = summaries.get(taskKey) as StepSummary;
  return { title: summary.title(i18n, values), rows: summary.rows(values, i18n) };
}

/** The rows as [question, answer], the way a person reads them. */
async function read(taskKey: DataStep, locale: Locale, values: Readonly<Record<string, unknown>>): Promise<[string, string][]> {
  // Intl writes no-break spaces in amounts and dates; they read as spaces.
  return (await summaryIn(taskKey, locale, values)).rows.map((row) => [row.question, row.answer.replace(/[\u00a0\u202f]/g, ' ')]);
}

async function fieldsOf(taskKey: DataStep, values: Readonly<Record<string, unknown>>): Promise<string[]> {
  return (await summaryIn(taskKey, 'en', values)).rows.map((row) => row.field);
}

/** The form values a step's form holds: its starting values with what was typed over them. */
function formOf(taskKey: DataStep, context: Partial<ContractContext> & { domain?: BusinessDomain }, typed: Record<string, unknown> = {}) {
  const domain = context.domain ?? 'retail-banking-ee';
  // The bank's product data gives the loan's starting amount and period (the products issue).
  const full = { domain, locale: 'en' as Locale, products: productTableOf(domain), ...context };
  return { ...STEP_CONTRACTS[taskKey].contract.initialValues(full), ...typed } as Record<string, unknown>;
}

describe('createApplicationStep summary', () => {
  const values = formOf('createApplicationStep', {}, {
    productName: 'CAR_LOAN',
    loanAmount: '12 500',
    loanPeriod: '60',
    firstName: 'Mari',
    surname: 'Maasikas',
    personalCode: '38001085718',
    email: 'mari.maasikas@example.com',
    phoneNumber: { code: '+372', number: '51234567' },
    consentDataProcessing: true,
    consentMarketing: true,
  });

  it('reads the loan and the applicant, without the consents, in English and Estonian', async () => {
    expect((await summaryIn('createApplicationStep', 'en', values)).title).toBe('Your loan and contact details');
    expect(await read('createApplicationStep', 'en', values)).toEqual([
      ['Loan type', 'Car loan'],
      ['Loan amount', '€12,500'],
      ['Loan period (months)', '60'],
      ['First name', 'Mari'],
      ['Surname', 'Maasikas'],
      ['Personal code', '38001085718'],
      ['E-mail', 'mari.maasikas@example.com'],
      ['Phone number', '+372 51234567'],
    ]);
    expect(await read('createApplicationStep', 'et', values)).toEqual([
      ['Laenu liik', 'Autolaen'],
      ['Laenusumma', '12 500 €'],
      ['Laenuperiood (kuudes)', '60'],
      ['Eesnimi', 'Mari'],
      ['Perekonnanimi', 'Maasikas'],
      ['Isikukood', '38001085718'],
      ['E-post', 'mari.maasikas@example.com'],
      ['Telefoninumber', '+372 51234567'],
    ]);
  });

  it('reads a housing loan’s price and own contribution before the amount they make (section 5)', async () => {
    const housing = formOf('createApplicationStep', { prefill: { productName: 'HOUSING_LOAN', loanAmount: 130000, loanPeriod: 300, price: 160000, selfFinancingAmount: 30000 } });
    expect((await read('createApplicationStep', 'en', housing)).slice(0, 5)).toEqual([
      ['Loan type', 'Home loan'],
      ['Price of the home', '€160,000'],
      ['Your own contribution', '€30,000'],
      ['Loan amount', '€130,000'],
      ['Loan period (months)', '300'],
    ]);
    expect(await fieldsOf('createApplicationStep', values)).not.toContain('price');
  });

  it('reads a credit card as the step asked it: its credit limit, and no period even when the form still holds one', async () => {
    const card = { ...values, productName: 'CREDIT_CARD_VISA_CLASSIC', loanAmount: '2000', loanPeriod: '60' };
    expect((await read('createApplicationStep', 'en', card)).slice(0, 3)).toEqual([
      ['Loan type', 'Visa Classic credit card'],
      ['Credit limit', '€2,000'],
      ['First name', 'Mari'],
    ]);
    expect((await read('createApplicationStep', 'et', card)).slice(0, 2)).toEqual([
      ['Laenu liik', 'Visa Classic krediitkaart'],
      ['Krediidilimiit', '2000 €'],
    ]);
    expect(await fieldsOf('createApplicationStep', card)).not.toContain('loanPeriod');
  });

  it('reads what was left empty as "Not given"', async () => {
    const rows = await read('createApplicationStep', 'en', formOf('createApplicationStep', {}, { firstName: '  ' }));
    expect(rows.filter(([, answer]) => answer === 'Not given').map(([question]) => question)).toEqual(['First name', 'Surname', 'Personal code', 'E-mail', 'Phone number']);
    expect((await read('createApplicationStep', 'ru', formOf('createApplicationStep', {})))[3]).toEqual(['Имя', 'Не указано']);
  });
});

describe('submitPersonalInfo summary', () => {
  it('reads the applicant’s loan type, campaign code, personal code and language, without the registry consents', async () => {
    const values = formOf('submitPersonalInfo', {}, { productName: 'RENOVATION_LOAN', campaignCode: 'SPRING24', personalCode: '38001085718', languageCode: 'rus', registryCheck: true, silentConsent: true });
    expect(await read('submitPersonalInfo', 'en', values)).toEqual([
      ['Loan type', 'Renovation loan'],
      ['Campaign code (optional)', 'SPRING24'],
      ['Personal code', '38001085718'],
      ['Which language should we contact you in?', 'Русский'],
    ]);
    expect(await read('submitPersonalInfo', 'ru', values)).toEqual([
      ['Вид кредита', 'Кредит на ремонт'],
      ['Код акции (необязательно)', 'SPRING24'],
      ['Личный код', '38001085718'],
      ['На каком языке нам с Вами общаться?', 'Русский'],
    ]);
  });

  it('lists the date of birth only for a Latvian code of the new format, as a date', async () => {
    const newCode = formOf('submitPersonalInfo', { domain: 'retail-banking-lv' }, { personalCode: '320190-12345', dateOfBirth: '150385', languageCode: 'lav' });
    expect(await read('submitPersonalInfo', 'lv', newCode)).toContainEqual(['Dzimšanas datums', '1985. gada 15. marts']);
    expect(await read('submitPersonalInfo', 'en', newCode)).toContainEqual(['Date of birth', '15 March 1985']);
    // Typed for a new code, then the code changed to the old format: the date was not asked.
    const oldCode = { ...newCode, personalCode: '010190-11231' };
    expect(await fieldsOf('submitPersonalInfo', oldCode)).not.toContain('dateOfBirth');
  });

  it('lists the channel bank staff recorded, not their identity confirmation', async () => {
    const values = formOf('submitPersonalInfo', { prefill: { customerAdministrator: true } }, { channel: 'OFFICE', customerIdentified: true, personalCode: '38001085718' });
    expect((await read('submitPersonalInfo', 'en', values))[0]).toEqual(['How did the customer contact the bank?', 'In a bank office']);
    expect(await fieldsOf('submitPersonalInfo', values)).not.toContain('customerIdentified');
    // An applicant who is no bank staff was not asked.
    expect(await fieldsOf('submitPersonalInfo', formOf('submitPersonalInfo', {}, { personalCode: '38001085718' }))).not.toContain('channel');
  });

  it('reads an empty personal code as "Not given" and leaves out an unused campaign code', async () => {
    const rows = await read('submitPersonalInfo', 'en', formOf('submitPersonalInfo', {}));
    expect(rows).toContainEqual(['Personal code', 'Not given']);
    expect(rows.map(([question]) => question)).not.toContain('Campaign code (optional)');
  });
});

describe('submitBackgroundData summary', () => {
  const employee = {
    maritalStatus: 'COHABITING',
    education: 'HIGHER_BA',
    residenceType: 'RENTAL_PREMISES',
    dependants: '5_OR_MORE',
    adultDependants: '1',
    expectingChild: true,
    citizenship: 'EE',
    addDualCitizenship: true,
    dualCitizenship: 'FI',
    employmentType: 'PUBLIC_SECTOR',
    employmentStartDate: { day: '1', month: '9', year: '2015' },
    employerName: 'City of Tartu',
    positionLevel: 'TEAM_LEAD',
    politicallyExposed: 'yes',
    politicallyExposedComment: 'My brother is a member of parliament',
    hasCoApplicant: 'yes',
    coApplicantFirstName: 'Kristi',
    coApplicantSurname: 'Tamm',
    coApplicantEmail: 'kristi.tamm@example.com',
    coApplicantPhone: { code: '+372', number: '51234567' },
  };

  it('reads every answer and its follow-ups, in English and Estonian', async () => {
    const values = formOf('submitBackgroundData', { productName: 'HOUSING_LOAN' }, employee);
    expect((await summaryIn('submitBackgroundData', 'en', values)).title).toBe('About you');
    expect(await read('submitBackgroundData', 'en', values)).toEqual([
      ['What is your marital status?', 'Living with a partner'],
      ['What is your highest level of education?', 'Bachelor’s degree'],
      ['Where do you live?', 'A rented home'],
      ['How many children under 18 do you support financially?', '5 or more'],
      ['How many adults do you support financially?', '1'],
      ['I am expecting a child', 'Yes'],
      ['What is your citizenship?', 'Estonia'],
      ['I also have another citizenship', 'Yes'],
      ['What is your other citizenship?', 'Finland'],
      ['What is your employment status?', 'Employed in the public sector'],
      ['What is the name of your employer?', 'City of Tartu'],
      ['When did you start this work?', '1 September 2015'],
      ['What is your position level?', 'Team leader'],
      ['Are you a politically exposed person, or a family member or close associate of one?', 'Yes'],
      ['What is the public function, and who holds it?', 'My brother is a member of parliament'],
      ['Do you want to apply together with someone else?', 'Yes'],
      ['Co-applicant’s first name', 'Kristi'],
      ['Co-applicant’s surname', 'Tamm'],
      ['Co-applicant’s e-mail address', 'kristi.tamm@example.com'],
      ['Co-applicant’s phone number', '+372 51234567'],
    ]);
    const estonian = await read('submitBackgroundData', 'et', values);
    expect(estonian.slice(3, 13)).toEqual([
      ['Mitut alla 18-aastast last Te rahaliselt toetate?', '5 või rohkem'],
      ['Mitut täiskasvanut Te rahaliselt toetate?', '1'],
      ['Ootan last', 'Jah'],
      ['Mis on Teie kodakondsus?', 'Eesti'],
      ['Mul on ka teine kodakondsus', 'Jah'],
      ['Mis on Teie teine kodakondsus?', 'Soome'],
      ['Milline on Teie tööalane staatus?', 'Töötan avalikus sektoris'],
      ['Mis on Teie tööandja nimi?', 'City of Tartu'],
      ['Millal alustasite selle tööga?', '1. september 2015'],
      ['Milline on Teie ametikoha tase?', 'Meeskonnajuht'],
    ]);
  });

  it('lists no follow-up the answers no longer ask, even one still typed in the form', async () => {
    const values = formOf('submitBackgroundData', {}, {
      ...employee,
      addDualCitizenship: false,
      employmentType: 'PENSIONER',
      politicallyExposed: 'no',
      hasCoApplicant: 'no',
    });
    expect(await fieldsOf('submitBackgroundData', values)).toEqual([
      'maritalStatus',
      'education',
      'residenceType',
      'dependants',
      'adultDependants',
      'expectingChild',
      'citizenship',
      'addDualCitizenship',
      'employmentType',
      'politicallyExposed',
      'hasCoApplicant',
    ]);
    // Self-employed: since when, but no employer or position level.
    const selfEmployed = await fieldsOf('submitBackgroundData', { ...values, employmentType: 'INDIVIDUAL_ACTIVITY' });
    expect(selfEmployed).toContain('employmentStartDate');
    expect(selfEmployed).not.toContain('employerName');
    expect(selfEmployed).not.toContain('positionLevel');
  });

  it('asks a co-borrower nothing about a co-applicant, and names the Latvian non-citizen status', async () => {
    const values = formOf('submitBackgroundData', { domain: 'retail-banking-lv', role: 'COBORROWER' }, { ...employee, citizenship: 'XA', addDualCitizenship: false, hasCoApplicant: '' });
    const rows = await read('submitBackgroundData', 'lv', values);
    expect(rows.map(([question]) => question)).not.toContain('Vai vēlaties pieteikties kopā ar kādu citu?');
    expect(rows[6]).toEqual(['Kāda ir Jūsu pilsonība?', 'Latvijas nepilsonis']);
    expect((await read('submitBackgroundData', 'en', values))[6]).toEqual(['What is your citizenship?', 'Latvian non-citizen']);
    expect(await fieldsOf('submitBackgroundData', values)).not.toContain('hasCoApplicant');
  });

  it('reads unanswered questions as "Not given"', async () => {
    const rows = await read('submitBackgroundData', 'lt', formOf('submitBackgroundData', { domain: 'retail-banking-lt' }));
    expect(rows.filter(([, answer]) => answer === 'Nenurodyta')).toHaveLength(8);
    expect(rows).toContainEqual(['Turiu ir kitos šalies pilietybę', 'Ne']);
  });
});

describe('submitEmployerInfo summary', () => {
  // Decision 196: the employer's name and start date are "About you"'s answers, listed there.
  const employer = {
    registrationCode: '',
    position: 'Accountant',
    contractType: 'PERMANENT',
    contractEndDate: { day: '31', month: '12', year: '2030' },
    phoneNumber: { code: '+372', number: '' },
  };

  it('reads the employer, and the optional answers left out as "Not given", without the end date of a permanent contract', async () => {
    const values = formOf('submitEmployerInfo', {}, employer);
    expect(await read('submitEmployerInfo', 'en', values)).toEqual([
      ['Employer’s registration code (optional)', 'Not given'],
      ['Your job title', 'Accountant'],
      ['What kind of employment contract do you have?', 'Permanent'],
      ['Employer’s phone number (optional)', 'Not given'],
    ]);
  });

  it('reads a fixed-term contract’s end date, in English and Lithuanian', async () => {
    const values = formOf('submitEmployerInfo', { domain: 'retail-banking-lt' }, { ...employer, registrationCode: '10137025', contractType: 'FIXED_TERM', phoneNumber: { code: '+370', number: '52123456' } });
    expect((await read('submitEmployerInfo', 'en', values)).slice(2)).toEqual([
      ['What kind of employment contract do you have?', 'Fixed-term'],
      ['When does your contract end?', '31 December 2030'],
      ['Employer’s phone number (optional)', '+370 52123456'],
    ]);
    expect((await read('submitEmployerInfo', 'lt', values)).slice(2)).toEqual([
      ['Kokia Jūsų darbo sutartis?', 'Terminuota'],
      ['Kada baigiasi Jūsų sutartis?', '2030 m. gruodžio 31 d.'],
      ['Darbdavio telefono numeris (neprivaloma)', '+370 52123456'],
    ]);
  });
});

describe('submitAddress summary', () => {
  const home = { street: 'Narva mnt 5', apartment: '12', city: 'Tallinn', county: 'Harju maakond', postalCode: '10117', country: 'EE' };
  const letters = {
    correspondenceStreet: 'Mannerheimintie 10',
    correspondenceApartment: '',
    correspondenceCity: 'Helsinki',
    correspondenceCounty: '',
    correspondencePostalCode: '00100',
    correspondenceCountry: 'FI',
  };

  it('reads each address as one answer, and the correspondence address only when it is different', async () => {
    const values = formOf('submitAddress', {}, { ...home, ...letters, correspondenceDifferent: true });
    expect(await read('submitAddress', 'en', values)).toEqual([
      ['Where you live', 'Narva mnt 5, apartment 12, Tallinn, Harju maakond, 10117, Estonia'],
      ['My correspondence address is different', 'Yes'],
      ['Your correspondence address', 'Mannerheimintie 10, Helsinki, 00100, Finland'],
    ]);
    expect(await read('submitAddress', 'ru', values)).toEqual([
      ['Ваше место жительства', 'Narva mnt 5, квартира 12, Tallinn, Harju maakond, 10117, Эстония'],
      ['Мой адрес для корреспонденции другой', 'Да'],
      ['Ваш адрес для корреспонденции', 'Mannerheimintie 10, Helsinki, 00100, Финляндия'],
    ]);
    // Typed, then unticked: the second address was not asked.
    expect(await fieldsOf('submitAddress', { ...values, correspondenceDifferent: false })).toEqual(['street', 'correspondenceDifferent']);
  });

  it('writes a Latvian postal code as LV-1234, and an address not typed as "Not given"', async () => {
    const values = formOf('submitAddress', { domain: 'retail-banking-lv' }, { street: 'Brīvības iela 21', city: 'Rīga', postalCode: 'lv 1010' });
    expect((await read('submitAddress', 'lv', values))[0]).toEqual(['Jūsu dzīvesvieta', 'Brīvības iela 21, Rīga, LV-1010, Latvija']);
    expect((await read('submitAddress', 'en', formOf('submitAddress', {})))[0]).toEqual(['Where you live', 'Not given']);
  });
});

describe('submitFinancialData summary for a company (decision 183)', () => {
  const company = { domain: 'corporate-banking' as const, country: 'LV' as const };
  const nextYear = String(new Date().getFullYear() + 1);
  const typed = {
    collaterals: [
      { type: 'PREMISES', streetAddress: 'Brīvības iela 21', administrativeAreaLevel1: 'Rīga', administrativeAreaLevel2: '', marketValue: '240000', additionalInfoText: '' },
      { type: '', streetAddress: '', administrativeAreaLevel1: '', administrativeAreaLevel2: '', marketValue: '', additionalInfoText: '' },
      { type: 'SURETY', additionalInfoText: 'The owners’ surety' },
    ],
    liabilities: [
      { type: 'BUSINESS_LOAN', creditor: 'Example Bank', declaredAmount: '50000', declaredMonthlyPayment: '1250', endDate: { day: '15', month: '6', year: nextYear } },
      { type: 'GUARANTEE', creditor: 'Partner SIA', declaredAmount: '20000', declaredMonthlyPayment: '99', endDate: { day: '1', month: '12', year: nextYear } },
    ],
  };

  it('reads each filled collateral with what its type asks and each liability, titled for the company', async () => {
    const values = formOf('submitFinancialData', company, typed);
    expect((await summaryIn('submitFinancialData', 'en', values)).title).toBe('Your company’s collaterals and liabilities');
    expect(await read('submitFinancialData', 'en', values)).toEqual([
      ['Collateral 1', 'Premises (a building or part of one); Brīvības iela 21, Rīga; market value €240,000'],
      ['Collateral 2', 'Surety of private persons; The owners’ surety'],
      ['Liability 1', `Business loan from Example Bank: €50,000 still owed, €1,250 a month, until 15 June ${nextYear}`],
      ['Liability 2', `Guarantee given to Partner SIA: €20,000, until 1 December ${nextYear}`],
    ]);
    expect(await fieldsOf('submitFinancialData', values)).toEqual(['collaterals.0.type', 'collaterals.2.type', 'liabilities.0.type', 'liabilities.1.type']);
    const table = STEP_CONTRACTS.submitFinancialData.contract.fields({ ...company, locale: 'en' } as ContractContext);
    for (const field of await fieldsOf('submitFinancialData', values)) expect(isContractField(table, field), field).toBe(true);
    expect((await read('submitFinancialData', 'lv', values))[0]?.[0]).toBe('Nodrošinājums 1');
  });

  it('says no collateral is offered when none was given, and lists no liability of a company without any', async () => {
    expect(await read('submitFinancialData', 'en', formOf('submitFinancialData', { ...company, prefill: { hasLiabilities: false } }))).toEqual([['Collaterals', 'None offered']]);
  });
});

describe('submitFinancialData summary', () => {
  const finances = {
    incomes: [
      { source: 'SALARY', monthlyAmount: '1 850,50' },
      { source: 'RENT', monthlyAmount: '400' },
    ],
    noObligations: false,
    liabilities: [
      { type: 'CAR_LOAN', creditor: 'Example Leasing', monthlyPayment: '210', outstandingAmount: '6300' },
      { type: 'GUARANTEE', creditor: 'Example Bank', monthlyPayment: '', outstandingAmount: '15000' },
      { type: 'RENT', creditor: 'Landlord Ltd', monthlyPayment: '550', outstandingAmount: '' },
    ],
  };

  it('reads one row per income and per obligation, each with only what its type asks, in English and Estonian', async () => {
    const values = formOf('submitFinancialData', {}, finances);
    expect(await read('submitFinancialData', 'en', values)).toEqual([
      ['Income 1', 'Salary: €1,850.50 a month'],
      ['Income 2', 'Rental income: €400 a month'],
      ['Obligation 1', 'Car loan from Example Leasing: €210 a month, €6,300 still to repay'],
      ['Obligation 2', 'Guarantee for someone else’s loan from Example Bank: €15,000 still to repay'],
      ['Obligation 3', 'Rent from Landlord Ltd: €550 a month'],
    ]);
    expect(await read('submitFinancialData', 'et', values)).toEqual([
      ['Sissetulek 1', 'Palk: 1850,50 € kuus'],
      ['Sissetulek 2', 'Üüritulu: 400 € kuus'],
      ['Kohustus 1', 'Autolaen, laenuandja Example Leasing: 210 € kuus, tasumata 6300 €'],
      ['Kohustus 2', 'Käendus teise isiku laenule, laenuandja Example Bank: tasumata 15 000 €'],
      ['Kohustus 3', 'Üür, laenuandja Landlord Ltd: 550 € kuus'],
    ]);
    expect(await fieldsOf('submitFinancialData', values)).toEqual(['incomes.0.source', 'incomes.1.source', 'liabilities.0.type', 'liabilities.1.type', 'liabilities.2.type']);
  });

  it('says there are no obligations instead of listing ones typed before the box was ticked', async () => {
    const values = formOf('submitFinancialData', {}, { ...finances, noObligations: true });
    expect((await read('submitFinancialData', 'en', values)).slice(2)).toEqual([['Your loans and other obligations', 'I have no loans or other obligations']]);
  });

  it('says which income is paid from abroad when the flag asked it', async () => {
    const values = formOf('submitFinancialData', { flags: new Set(['incomeFromAbroad']) }, {
      ...finances,
      incomes: [{ source: 'DIVIDENDS', monthlyAmount: '150', fromAbroad: true }],
    });
    expect((await read('submitFinancialData', 'en', values))[0]).toEqual(['Income 1', 'Dividends: €150 a month, paid from abroad']);
    expect((await read('submitFinancialData', 'lt', values))[0]).toEqual(['Pajamos 1', 'Dividendai: 150 € per mėnesį, mokama iš užsienio']);
  });

  it('reads an untouched form’s empty rows as "Not given"', async () => {
    expect(await read('submitFinancialData', 'en', formOf('submitFinancialData', {}))).toEqual([
      ['Income 1', 'Not given'],
      ['Obligation 1', 'Not given'],
    ]);
  });
});

describe('submitRealEstateInfo summary', () => {
  const property = {
    assetName: 'Home at Narva mnt 5-12',
    assetType: 'PREMISES',
    assetKind: 'FLAT',
    assetCondition: 'USED',
    constructionYear: '1998',
    ownContributionFinancing: 'WITH_DOWNPAYMENT',
    downPayment: '15000',
    downPaymentSource: 'OTHER',
    downPaymentOrigin: 'Sale of my previous car',
    collateralOwner: 'WITH_OTHER_OWNERS',
    otherOwners: [
      { personalCode: '48105121239', relation: 'SPOUSE' },
      { personalCode: '35501014562', relation: 'PARENT' },
    ],
    paymentScheduleType: 'ANNUITY',
    period: '300',
  };

  it('reads the property, the down payment and one row per other owner, in English and Latvian', async () => {
    const values = formOf('submitRealEstateInfo', {}, property);
    expect(await read('submitRealEstateInfo', 'en', values)).toEqual([
      ['Name of the property', 'Home at Narva mnt 5-12'],
      ['Type of property', 'Building or apartment'],
      ['Kind of property', 'Apartment'],
      ['Condition', 'Lived in'],
      ['Year the building was built', '1998'],
      ['How is your own contribution paid?', 'I pay a down payment'],
      ['Down payment, in euros', '€15,000'],
      ['Where does the down payment come from?', 'Another source'],
      ['Describe where the down payment comes from', 'Sale of my previous car'],
      ['Owners of the property', 'Me and other owners'],
      ['Other owner 1', 'My spouse, personal code 48105121239'],
      ['Other owner 2', 'My parent, personal code 35501014562'],
      ['Repayment schedule', 'Annuity: the same payment every month'],
      ['Loan period in months', '300'],
    ]);
    const latvian = await read('submitRealEstateInfo', 'lv', formOf('submitRealEstateInfo', { domain: 'retail-banking-lv' }, property));
    expect(latvian.slice(9, 12)).toEqual([
      ['Īpašuma īpašnieki', 'Es un citi īpašnieki'],
      ['Cits īpašnieks 1', 'Mans laulātais vai laulātā, personas kods 48105121239'],
      ['Cits īpašnieks 2', 'Mans vecāks, personas kods 35501014562'],
    ]);
  });

  it('lists no year for land, no down payment the bank finances and no owners when the applicant owns it alone', async () => {
    const values = formOf('submitRealEstateInfo', {}, { ...property, assetType: 'LAND', assetKind: 'FOREST_LAND', ownContributionFinancing: 'FINANCED_BY_THE_BANK', collateralOwner: 'APPLICANT_ONLY' });
    expect(await fieldsOf('submitRealEstateInfo', values)).toEqual(['assetName', 'assetType', 'assetKind', 'assetCondition', 'ownContributionFinancing', 'collateralOwner', 'paymentScheduleType', 'period']);
  });

  it('reads the interest rate of a loan being refinanced, as a percentage in the reader’s language', async () => {
    const values = formOf('submitRealEstateInfo', { productName: 'HOUSING_LOAN', prefill: { productName: 'HOUSING_LOAN', loanPurpose: 'COMBINING_LOANS_AND_RENOVATING_HOME' } }, { ...property, existingContractInterestRate: '4,75' });
    expect(await read('submitRealEstateInfo', 'en', values)).toContainEqual(['Interest rate of the loan you are refinancing, %', '4.75%']);
    expect(await read('submitRealEstateInfo', 'et', values)).toContainEqual(['Refinantseeritava laenu intressimäär, %', '4,75%']);
    expect(await fieldsOf('submitRealEstateInfo', formOf('submitRealEstateInfo', {}, property))).not.toContain('existingContractInterestRate');
  });
});

describe('submitBankDetailsAndIdentificationDocumentInfo summary', () => {
  const details = {
    bankAccountNumber: 'ee38 2200 2210 2014 5685',
    monthlyPaymentDay: '20',
    documentType: 'PASSPORT',
    documentNumber: 'ab 0123456',
    issueDate: { day: '14', month: '3', year: '2021' },
    expiryDate: { day: '13', month: '3', year: '2031' },
    taxResidencies: [
      { countryCode: 'EE', taxPayerCode: '' },
      { countryCode: 'FI', taxPayerCode: '131052-3081' },
    ],
    purposeOfRelationship: ['LOAN', 'SAVING'],
  };

  it('reads the account, the payment day, the document, each tax residency and the purposes, in English and Russian', async () => {
    const values = formOf('submitBankDetailsAndIdentificationDocumentInfo', {}, details);
    expect(await read('submitBankDetailsAndIdentificationDocumentInfo', 'en', values)).toEqual([
      ['Bank account number (IBAN)', 'EE38 2200 2210 2014 5685'],
      ['Monthly payment day', '20'],
      ['Document type', 'Passport'],
      ['Document number', 'AB0123456'],
      ['Date of issue', '14 March 2021'],
      ['Expiry date', '13 March 2031'],
      ['Country of tax residency 1', 'Estonia'],
      ['Country of tax residency 2', 'Finland, taxpayer identification number 131052-3081'],
      ['Why do you want to use our services?', 'Loan, Saving'],
    ]);
    expect((await read('submitBankDetailsAndIdentificationDocumentInfo', 'ru', values)).slice(6)).toEqual([
      ['Страна налогового резидентства 1', 'Эстония'],
      ['Страна налогового резидентства 2', 'Финляндия, номер налогоплательщика 131052-3081'],
      ['Почему Вы хотите пользоваться нашими услугами?', 'Кредит, Накопления'],
    ]);
  });

  it('asks a co-borrower no payment day, and reads the place of birth behind its flag but not the validity confirmation', async () => {
    const { monthlyPaymentDay: _day, ...own } = details;
    const values = formOf('submitBankDetailsAndIdentificationDocumentInfo', { role: 'COBORROWER', flags: new Set(['placeOfBirthAndDocumentValidity']) }, { ...own, placeOfBirth: 'Tartu', validityConfirmed: true });
    expect(values).not.toHaveProperty('monthlyPaymentDay');
    const fields = await fieldsOf('submitBankDetailsAndIdentificationDocumentInfo', values);
    expect(fields).not.toContain('monthlyPaymentDay');
    expect(fields).not.toContain('validityConfirmed');
    expect(await read('submitBankDetailsAndIdentificationDocumentInfo', 'en', values)).toContainEqual(['Place of birth', 'Tartu']);
  });

  it('reads a US citizen’s first residency with its taxpayer number', async () => {
    const values = formOf('submitBankDetailsAndIdentificationDocumentInfo', { domain: 'retail-banking-lv', prefill: { citizenships: ['LV', 'US'] } }, {
      ...details,
      bankAccountNumber: 'LV80 BANK 0000 4351 9500 1',
      taxResidencies: [
        { countryCode: 'US', taxPayerCode: '123-45-6789' },
        { countryCode: 'LV', taxPayerCode: '' },
      ],
    });
    expect((await read('submitBankDetailsAndIdentificationDocumentInfo', 'en', values)).slice(6, 8)).toEqual([
      ['Country of tax residency 1', 'United States, taxpayer identification number 123-45-6789'],
      ['Country of tax residency 2', 'Latvia'],
    ]);
  });

  it('reads an untouched form as "Not given", with the fixed first residency and the Loan purpose', async () => {
    expect(await read('submitBankDetailsAndIdentificationDocumentInfo', 'en', formOf('submitBankDetailsAndIdentificationDocumentInfo', {}))).toEqual([
      ['Bank account number (IBAN)', 'Not given'],
      ['Monthly payment day', '15'],
      ['Document type', 'Not given'],
      ['Document number', 'Not given'],
      ['Date of issue', 'Not given'],
      ['Expiry date', 'Not given'],
      ['Country of tax residency 1', 'Estonia'],
      ['Why do you want to use our services?', 'Loan'],
    ]);
  });
});

describe('submitInitialDataCoBorrower summary', () => {
  it('reads the co-borrower’s name and contacts without the consents, in English and Latvian', async () => {
    const values = formOf('submitInitialDataCoBorrower', { domain: 'retail-banking-lv' }, {
      firstName: 'Jānis',
      surname: 'Kalniņš',
      email: 'janis.kalnins@example.com',
      phoneNumber: { code: '+371', number: '22345678' },
      consentDataProcessing: true,
      consentMarketing: false,
    });
    expect(await read('submitInitialDataCoBorrower', 'en', values)).toEqual([
      ['First name', 'Jānis'],
      ['Surname', 'Kalniņš'],
      ['E-mail', 'janis.kalnins@example.com'],
      ['Phone number', '+371 22345678'],
    ]);
    expect(await read('submitInitialDataCoBorrower', 'lv', values)).toEqual([
      ['Vārds', 'Jānis'],
      ['Uzvārds', 'Kalniņš'],
      ['E-pasts', 'janis.kalnins@example.com'],
      ['Tālruņa numurs', '+371 22345678'],
    ]);
    expect((await read('submitInitialDataCoBorrower', 'en', formOf('submitInitialDataCoBorrower', {})))[3]).toEqual(['Phone number', 'Not given']);
  });
});

/** Every variant of a step: the domains, the roles its views exist for, and the flags that add questions. */
const CONTEXTS: (Partial<ContractContext> & { domain: BusinessDomain })[] = (['retail-banking-ee', 'retail-banking-lv', 'retail-banking-lt'] as const).flatMap((domain) =>
  (['APPLICANT', 'COBORROWER'] as const).flatMap((role) => [
    { domain, role },
    {
      domain,
      role,
      flags: new Set(['incomeFromAbroad', 'placeOfBirthAndDocumentValidity']),
      prefill: { customerAdministrator: true, productName: 'REFINANCING_LOAN', loanAmount: 30000, loanPeriod: 240 },
    },
  ]),
);

/** The contract field a row names: a field of the table, or a row's field of a repeating block (`incomes.0.source`). */
function isContractField(table: FieldTable, field: string): boolean {
  const [name = '', index, item] = field.split('.');
  const entry = table[name];
  if (!entry || entry.kind === 'hidden') return false;
  if (index === undefined) return true;
  return entry.kind === 'rows' && /^\d+$/.test(index) && item !== undefined && item in entry.item;
}

describe.each(DATA_STEPS)('%s summary, in every variant', (taskKey) => {
  it('names only fields of the step’s contract, each once, never a consent, and reads a complete answer without "Not given"', async () => {
    const { contract } = STEP_CONTRACTS[taskKey];
    for (const context of CONTEXTS) {
      const full = { ...context, locale: 'en' as const };
      const values = contract.initialValues(full, contract.example?.(full) as Record<string, unknown> | undefined);
      const { rows } = await summaryIn(taskKey, 'en', values);
      const table = contract.fields(full);
      const label = `${taskKey} ${JSON.stringify({ ...context, flags: [...(context.flags ?? [])] })}`;
      expect(rows.length, label).toBeGreaterThan(0);
      expect(rows.filter((row: SummaryRow) => !isContractField(table, row.field)).map((row) => row.field), label).toEqual([]);
      expect(new Set(rows.map((row) => row.field)).size, label).toBe(rows.length);
      expect(rows.filter((row) => CONSENTS.includes(row.field)), label).toEqual([]);
      expect(rows.filter((row) => row.answer === 'Not given' || row.question === '' || row.answer === ''), label).toEqual([]);
    }
  });

  it('reads an untouched form in every language without failing, each row with a question and an answer', async () => {
    const { contract } = STEP_CONTRACTS[taskKey];
    for (const locale of ['en', 'et', 'lv', 'lt', 'ru'] as const) {
      const { title, rows } = await summaryIn(taskKey, locale, contract.initialValues({ domain: 'retail-banking-ee', locale }));
      expect(title).not.toBe('');
      for (const row of rows) {
        expect(row.question, `${taskKey} ${locale} ${row.field}`).not.toBe('');
        expect(row.answer, `${taskKey} ${locale} ${row.field}`).not.toBe('');
      }
    }
  });
});
