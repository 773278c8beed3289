import { format, subYears } from 'date-fns';
import * as v from 'valibot';
import { productTableOf } from '../support/product-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { Locale } from '../../core/domain/languages';
import type { FormValues } from '../../core/contract/fields';
import { MESSAGES, splitMessage, type MessageKey } from '../../core/validation/messages';
import { latvianCheckDigit } from '../../core/validation/personal-code';
import contract from '../../src/steps/createApplicationStep/contract';
import type { ApiClient } from './support/api-client';
import { createApplication, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

/** An old-format Latvian code of a 2000s birth date (ddMMyy) with its check digit (decision 186). */
function oldLatvianCodeOf(date: string): string {
  for (let serial = 12; ; serial++) {
    const body = `${date}2${String(serial).padStart(3, '0')}`;
    const check = latvianCheckDigit(body);
    if (check !== undefined) return `${date}-${body.slice(6)}${check}`;
  }
}

/**
 * Issue 4, Server tests: "the same invalid payloads sent to the API are refused with the same
 * field errors the form shows". Each row breaks one answer of the create step; the form schema
 * (what the applicant sees) and the API (what it refuses) must name the same field with the same
 * message keys.
 */

type FieldErrorsByField = Record<string, string[]>;
type CreateApplicationFormValues = FormValues<ReturnType<typeof contract.fields>>;

interface Row {
  name: string;
  /** The form answers that differ from the domain's valid applicant. */
  form: Partial<CreateApplicationFormValues>;
  /** The same answers as the step payload carries them (only where the form holds text for a number). */
  payload?: Partial<{ loanAmount: number; loanPeriod: number }>;
  /** The key the applicant sees for it (guards the table itself: every row must really be invalid). */
  expected: MessageKey;
}

interface Domain {
  domain: BusinessDomain;
  locale: Locale;
  valid: CreateApplicationFormValues;
  rows: Row[];
}

const base = {
  productName: 'SMALL_LOAN',
  loanAmount: '3000',
  loanPeriod: '36',
  price: '',
  ownContribution: '',
  consentDataProcessing: true,
  consentMarketing: false,
} as const;

const ESTONIA: Domain = {
  domain: 'retail-banking-ee',
  locale: 'et',
  valid: {
    ...base,
    firstName: 'Mari',
    surname: 'Maasikas',
    personalCode: '38001085718',
    email: 'mari.maasikas@example.com',
    phoneNumber: { code: '+372', number: '51234567' },
  },
  rows: [
    { name: 'first name of one letter', form: { firstName: 'M' }, expected: MESSAGES.textLength2To256 },
    { name: 'first name of 257 letters', form: { firstName: 'M'.repeat(257) }, expected: MESSAGES.textLength2To256 },
    { name: 'first name with a digit', form: { firstName: 'Mari3' }, expected: MESSAGES.nameNoDigitsOrSymbols },
    { name: 'surname missing', form: { surname: '   ' }, expected: MESSAGES.required },
    { name: 'surname with a symbol', form: { surname: 'Maasikas!' }, expected: MESSAGES.nameNoDigitsOrSymbols },
    { name: 'e-mail without a host', form: { email: 'mari' }, expected: MESSAGES.emailInvalid },
    { name: 'e-mail with a dot before @', form: { email: 'mari.@example.com' }, expected: MESSAGES.emailDotBeforeAt },
    { name: 'e-mail with a misspelt host', form: { email: 'mari@gmial.com' }, expected: MESSAGES.emailHostMisspelt },
    { name: 'e-mail ending in .con', form: { email: 'mari@example.con' }, expected: MESSAGES.emailEndingMisspelt },
    { name: 'gmail without .com', form: { email: 'mari@gmail.ee' }, expected: MESSAGES.emailGmailNotCom },
    { name: 'phone missing', form: { phoneNumber: { code: '+372', number: '' } }, expected: MESSAGES.required },
    { name: 'phone of 3 digits', form: { phoneNumber: { code: '+372', number: '512' } }, expected: MESSAGES.phoneInvalid },
    { name: 'Estonian mobile too short', form: { phoneNumber: { code: '+372', number: '51234' } }, expected: MESSAGES.phoneEstonianMobileLength },
    { name: 'Estonian mobile too long', form: { phoneNumber: { code: '+372', number: '5123456789' } }, expected: MESSAGES.phoneEstonianMobileLength },
    { name: 'country code not accepted', form: { phoneNumber: { code: '+999', number: '51234567' } }, expected: MESSAGES.phoneCountryCodeNotAccepted },
    { name: 'personal code checksum', form: { personalCode: '38001085719' }, expected: MESSAGES.personalCodeInvalid },
    { name: 'personal code of 10 digits', form: { personalCode: '3800108571' }, expected: MESSAGES.personalCodeFormatEstonia },
    { name: 'personal code missing', form: { personalCode: '' }, expected: MESSAGES.required },
    { name: 'amount above the product maximum', form: { loanAmount: '15000.01' }, payload: { loanAmount: 15000.01 }, expected: MESSAGES.amountOutOfRange },
    { name: 'amount below the product minimum', form: { loanAmount: '499' }, payload: { loanAmount: 499 }, expected: MESSAGES.amountOutOfRange },
    { name: 'period above the product maximum', form: { loanPeriod: '73' }, payload: { loanPeriod: 73 }, expected: MESSAGES.periodOutOfRange },
    { name: 'period below the product minimum', form: { loanPeriod: '5' }, payload: { loanPeriod: 5 }, expected: MESSAGES.periodOutOfRange },
    { name: 'amount out of range for the product chosen', form: { productName: 'CAR_LOAN', loanAmount: '2999' }, payload: { loanAmount: 2999 }, expected: MESSAGES.amountOutOfRange },
    { name: 'data processing consent missing', form: { consentDataProcessing: false }, expected: MESSAGES.consentRequired },
  ],
};

const LATVIA: Domain = {
  domain: 'retail-banking-lv',
  locale: 'lv',
  valid: {
    ...base,
    firstName: 'Anna',
    surname: 'Bērziņa',
    personalCode: '320190-12345',
    email: 'anna.berzina@example.com',
    phoneNumber: { code: '+371', number: '21234567' },
  },
  rows: [
    { name: 'name ending in a hyphen', form: { firstName: 'Anna-' }, expected: MESSAGES.nameHyphenAtEdge },
    { name: 'name with a digit', form: { surname: 'Bērziņa2' }, expected: MESSAGES.nameLettersAndSpacesOnly },
    { name: '+371 number starting with 3', form: { phoneNumber: { code: '+371', number: '31234567' } }, expected: MESSAGES.phoneLatvianFormat },
    { name: 'old-format code with an impossible date', form: { personalCode: '310290-12345' }, expected: MESSAGES.personalCodeInvalid },
    { name: 'code in neither format', form: { personalCode: '12345' }, expected: MESSAGES.personalCodeFormatLatvia },
    // Old format, born ten years ago today (century digit 2: the 2000s).
    { name: 'applicant too young', form: { personalCode: oldLatvianCodeOf(format(subYears(new Date(), 10), 'ddMMyy')) }, expected: MESSAGES.personalCodeAgeOutOfRange },
    { name: 'e-mail ending in .comm', form: { email: 'anna@inbox.comm' }, expected: MESSAGES.emailEndingMisspelt },
  ],
};

const LITHUANIA: Domain = {
  domain: 'retail-banking-lt',
  locale: 'lt',
  valid: {
    ...base,
    firstName: 'Ona',
    surname: 'Jonaitė',
    personalCode: '49403136526',
    email: 'ona.jonaite@example.com',
    phoneNumber: { code: '+370', number: '61234567' },
  },
  rows: [
    { name: '+370 number starting with 1', form: { phoneNumber: { code: '+370', number: '12345678' } }, expected: MESSAGES.phoneLithuanianFormat },
    { name: 'personal code checksum', form: { personalCode: '49403136527' }, expected: MESSAGES.personalCodeInvalid },
    { name: 'personal code starting with 7', form: { personalCode: '79403136526' }, expected: MESSAGES.personalCodeFormatLithuania },
  ],
};

/** What the form shows: each issue on the field whose name its path is, every distinct key. */
function formErrors(domain: BusinessDomain, locale: Locale, values: CreateApplicationFormValues): FieldErrorsByField {
  const result = v.safeParse(contract.formSchema({ domain, locale, products: productTableOf(domain) }), values);
  const errors: FieldErrorsByField = {};
  if (result.success) return errors;
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? 'root';
    const keys = (errors[field] ??= []);
    if (!keys.includes(issue.message)) keys.push(issue.message);
  }
  return errors;
}

/** What the API refuses, on the field the form shows each payload path on. */
function apiErrorsByField(domain: BusinessDomain, fieldErrors: Record<string, string[]>): FieldErrorsByField {
  const errors: FieldErrorsByField = {};
  for (const [path, keys] of Object.entries(fieldErrors)) {
    const field = contract.fieldOfPath(path, { domain }) ?? `(unmapped) ${path}`;
    errors[field] = [...(errors[field] ?? []), ...keys];
  }
  return errors;
}

/** The payload the step would send for `values`, built from the valid answers plus the row's changes. */
function payloadFor(domain: Domain, row: Row): unknown {
  const context = { domain: domain.domain, locale: domain.locale };
  const application = contract.toPayload(v.parse(contract.formSchema(context), domain.valid), context);
  type Json = Record<string, unknown>;
  const creditConditions = application.applicationUpdates['creditConditions'] as Json;
  const person = application.personUpdates[0] as Json;
  const f = row.form;
  const only = <K extends string, T>(key: K, value: T | undefined) => (value === undefined ? {} : { [key]: value });
  return {
    ...application,
    applicationUpdates: { creditConditions: { ...creditConditions, ...only('productName', f.productName), ...row.payload } },
    personUpdates: [
      {
        ...person,
        ...only('personalCode', f.personalCode),
        declaredData: {
          ...(person['declaredData'] as Json),
          ...only('firstName', f.firstName),
          ...only('surname', f.surname),
          ...only('email', f.email),
          ...only('phoneNumber', f.phoneNumber),
        },
        consents: { ...(person['consents'] as Json), ...only('dataProcessing', f.consentDataProcessing) },
      },
    ],
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

for (const domain of [ESTONIA, LATVIA, LITHUANIA]) {
  describe(`${domain.domain}: the API refuses what the form refuses, with the same keys on the same field`, () => {
    let client: ApiClient;
    let externalId: string;
    beforeAll(async () => {
      client = t.withEnv({ BUSINESS_DOMAIN: domain.domain }).client();
      externalId = (await createApplication(client)).externalId;
    });

    it('accepts the valid applicant on both sides (the baseline every row changes)', () => {
      expect(formErrors(domain.domain, domain.locale, domain.valid)).toEqual({});
    });

    it.each(domain.rows)('$name', async (row) => {
      const shown = formErrors(domain.domain, domain.locale, { ...domain.valid, ...row.form });
      expect(Object.values(shown).flat().map((text) => splitMessage(text).key)).toContain(row.expected);

      // The application stays at version 1: a refused step changes nothing.
      const reply = await client.post<ApiErrorBody>(stepPath(externalId), {
        taskDefinitionKey: 'createApplicationStep',
        version: 1,
        application: payloadFor(domain, row),
        variables: {},
      });
      expect(reply.status).toBe(422);
      expect(reply.body.error.code).toBe('VALIDATION_FAILED');
      expect(apiErrorsByField(domain.domain, reply.body.error.fieldErrors ?? {})).toEqual(shown);
    });
  });
}
