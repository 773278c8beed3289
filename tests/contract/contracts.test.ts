/**
 * One generic test over every step contract (issue 8): for each step, domain and language,
 * - the form rules (what the applicant types, read in their language) and the payload rules (what
 *   the server accepts) agree on generated valid and invalid values, field by field, with the same
 *   message keys on the same field;
 * - what the form accepts, built into the payload, the server accepts unchanged;
 * - every error the server can report maps back to the field that shows it.
 * A new step is covered as soon as its folder exists (the generated contracts index).
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { AnyValueField, FieldTable, RowsField, ValueFieldTable } from '../../core/contract/fields';
import { getAt, parsePath, setAt } from '../../core/contract/paths';
import type { ContractContext, StepContract } from '../../core/contract/step-contract';
import { BUSINESS_DOMAINS, countryOfDomain, type BusinessDomain } from '../../core/domain/business-domains';
import { COUNTRY_LOCALES, type Locale } from '../../core/domain/languages';
import { formatAmount } from '../../core/validation/format/money';
import { acceptedPhoneCodes } from '../../core/validation/general/phone';
import { STEP_CONTRACTS } from '../../src/steps/_generated/contracts.gen';
import { loanPurposesOf } from '../../core/domain/loan-purposes';
import { productsOf } from '../../core/domain/products';
import { productTableOf } from '../support/product-data';

const RETAIL: readonly BusinessDomain[] = BUSINESS_DOMAINS.filter((domain) => domain !== 'corporate-banking');

/** The languages of a domain, English included. */
function localesOf(domain: BusinessDomain): Locale[] {
  return [...COUNTRY_LOCALES[countryOfDomain(domain)], 'en'];
}

type Problems = Record<string, string[]>;

/** Problems by field name, from a form parse (paths are form names) or a server parse (wire paths). */
function problemsOf(issues: readonly v.BaseIssue<unknown>[] | undefined, toField: (path: string) => string | undefined): Problems {
  const out: Problems = {};
  for (const issue of issues ?? []) {
    const path = v.getDotPath(issue) ?? '';
    const field = toField(path) ?? `(unmapped) ${path}`;
    const list = (out[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/**
 * The field a form issue path belongs to (its first segment), and its control (`phoneNumber.number`);
 * inside a repeating block, the row's field (`incomes.2.amount`), as the server's error map names it.
 */
function formField(table: FieldTable, path: string): string {
  const [name = '', ...rest] = path.split('.');
  const field = table[name];
  if (field?.kind === 'value' && field.focus && rest[0] === field.focus) return `${name}.${field.focus}`;
  if (field?.kind === 'rows' && rest.length >= 2) {
    const [index = '', item = '', below] = rest;
    const focus = (field.item as Record<string, AnyValueField | undefined>)[item]?.focus;
    return `${name}.${index}.${item}${focus && below === focus ? `.${focus}` : ''}`;
  }
  return name;
}

/** Values of a control kind: valid-looking, invalid, empty and hostile ones alike. */
function arbitraryFor(field: AnyValueField, domain: BusinessDomain, locale: Locale): fc.Arbitrary<unknown> {
  switch (field.control) {
    case 'text':
      return fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', ' ', 'Mari', 'Anna-Liisa', 'x'.repeat(300), '38001085718', 'a@b.ee'));
    case 'choice':
      return fc.oneof(fc.constantFrom('', ...(field.options ?? [])), fc.string({ maxLength: 12 }));
    case 'money':
      return fc.oneof(
        fc.integer({ min: 0, max: 2_000_000_00 }).map((cents) => formatAmount(cents / 100, locale)),
        fc.constantFrom('', '10,000', '10.000', '10 000', '1,5', '12.555', 'abc', '-5'),
        fc.string({ maxLength: 10 }),
      );
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 800 }).map(String), fc.constantFrom('', '1.5', 'x', ' 12 '));
    case 'checkbox':
      return fc.boolean();
    case 'choices':
      return fc.oneof(fc.subarray([...(field.options ?? [])]), fc.array(fc.constantFrom(...(field.options ?? ['x']), 'NOT_AN_OPTION'), { maxLength: 6 }));
    case 'date':
      return fc.oneof(
        fc.date({ min: new Date(1900, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true }).map((d) => ({ day: String(d.getDate()), month: String(d.getMonth() + 1), year: String(d.getFullYear()) })),
        fc.record({ day: fc.stringMatching(/^\d{0,3}$/), month: fc.stringMatching(/^\d{0,3}$/), year: fc.stringMatching(/^\d{0,5}$/) }),
      );
    case 'typed-date':
      // Decision 193: a date as people write it, and what is no date at all.
      return fc.oneof(
        fc.date({ min: new Date(1900, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true }).chain((d) => {
          const [day, month, year] = [String(d.getDate()), String(d.getMonth() + 1), String(d.getFullYear())];
          const two = (text: string) => text.padStart(2, '0');
          return fc.constantFrom(`${two(day)}.${two(month)}.${year}`, `${day}.${month}.${year}`, `${two(day)}${two(month)}${year.slice(2)}`, `${two(day)}${two(month)}${year}`, `${year}-${two(month)}-${two(day)}`);
        }),
        fc.constantFrom('', ' ', '31.02.1985', '15.13.85', '1503851', 'abc'),
        fc.string({ maxLength: 12 }),
      );
    case 'phone':
      return fc.record({
        code: fc.constantFrom(...acceptedPhoneCodes(domain), '+999'),
        number: fc.oneof(fc.stringMatching(/^[0-9 ]{0,14}$/), fc.constantFrom('', '51234567', '21234567', '61234567', '512')),
      });
  }
}

/** Whether the form's typed value is the wire value itself (text, choices, checkboxes, phones). */
const sameOnBothSides = (field: AnyValueField) => field.control !== 'money' && field.control !== 'number' && field.control !== 'date' && field.control !== 'typed-date';

interface Case {
  taskKey: string;
  contract: StepContract;
  domain: BusinessDomain;
  locale: Locale;
  /**
   * Whose step, which flags and which channel: the applicant without flags, with every flag, in the
   * partner short flow (decision 097), and a co-borrower.
   */
  who: 'applicant' | 'applicant, every flag' | 'applicant, partner short' | 'co-borrower';
  /** What the application already knows (product, prefill), where the contract reads it; '' for nothing. */
  variant: string;
  known: Pick<ContractContext, 'productName' | 'products' | 'prefill' | 'country'>;
}

/** Every feature flag a contract might ask about (server/features/feature-flags.ts). */
const EVERY_FLAG = new Set(['incomeFromAbroad', 'placeOfBirthAndDocumentValidity', 'realEstateInHousingFlow', 'renewableLoan', 'greenLeasing']);

const WHO: Record<Case['who'], Pick<ContractContext, 'role' | 'flags' | 'channel'>> = {
  applicant: { role: 'APPLICANT', flags: new Set() },
  'applicant, every flag': { role: 'APPLICANT', flags: EVERY_FLAG },
  'applicant, partner short': { role: 'APPLICANT', flags: new Set(), channel: 'PARTNER_SHORT' },
  'co-borrower': { role: 'COBORROWER', flags: new Set() },
};

/**
 * What a contract reads of the context beyond domain, language, role and flags: the application's
 * product (`productName`, `products`) and the prefill's keys. Found by reading the contract through
 * proxies: its table, starting values, example, and both schemas over the example (checks read the
 * context when they run).
 */
function readsOf(contract: StepContract, domain: BusinessDomain): Set<string> {
  const read = new Set<string>();
  const prefill = new Proxy({} as Record<string, unknown>, {
    get: (_target, key) => {
      if (typeof key === 'string') read.add(`prefill.${key}`);
      return undefined;
    },
  });
  const base: ContractContext & { locale: Locale } = { domain, locale: 'en', role: 'APPLICANT', flags: EVERY_FLAG, prefill };
  const context = new Proxy(base, {
    get: (target, key, receiver) => {
      if (key === 'productName' || key === 'products') read.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  contract.fields(context);
  contract.initialValues(context);
  const example = contract.example?.(context);
  if (example) {
    const form = v.safeParse(contract.formSchema(context), example);
    if (form.success) v.safeParse(contract.payloadSchema(context), contract.toPayload(form.output as never, context));
  }
  return read;
}

/** A valid personal code of an applicant per country (born 8 January 1980 in Estonia and Lithuania). */
const APPLICANT_CODES: Record<ReturnType<typeof countryOfDomain>, string> = { EE: '38001085718', LT: '38001085718', LV: '080180-12349' };

/**
 * The application's facts a contract may read, each applied only where the contract reads them:
 * - each product of the domain's catalogue with each purpose it is lent for (and its product data),
 *   kept only where it changes what the step asks (its fields, example, starting values or the
 *   payload of its example);
 * - a customer administrator; citizenships including the USA; the applicant's full personal code.
 */
function variantsOf(contract: StepContract, domain: BusinessDomain): { variant: string; known: Case['known'] }[] {
  const reads = readsOf(contract, domain);
  const country = countryOfDomain(domain);
  const variants: { variant: string; known: Case['known'] }[] = [];
  const readsProduct = reads.has('productName') || reads.has('prefill.productName') || reads.has('prefill.loanPurpose');
  if (readsProduct) {
    const signature = (known: Case['known']) => {
      const context = { domain, locale: 'en' as const, role: 'APPLICANT', flags: EVERY_FLAG, ...known };
      const example = contract.example?.(context);
      const read = example === undefined ? undefined : v.safeParse(contract.formSchema(context), example);
      const payload = read?.success ? contract.toPayload(read.output as never, context) : read?.issues.map((issue) => issue.message);
      return JSON.stringify([Object.keys(contract.fields(context)), example, contract.initialValues(context), payload]);
    };
    const seen = new Set([signature({})]);
    for (const product of productsOf(domain)) {
      for (const loanPurpose of [undefined, ...loanPurposesOf(product.productName, { renewableLoan: true })]) {
        const known: Case['known'] = {
          productName: product.productName,
          products: productTableOf(domain),
          prefill: { productName: product.productName, ...(loanPurpose ? { loanPurpose } : {}) },
        };
        const key = signature(known);
        if (seen.has(key)) continue;
        seen.add(key);
        variants.push({ variant: `${product.productName}${loanPurpose ? ` for ${loanPurpose}` : ''}`, known });
      }
    }
  }
  if (reads.has('prefill.customerAdministrator')) variants.push({ variant: 'a customer administrator', known: { prefill: { customerAdministrator: true } } });
  if (reads.has('prefill.citizenships')) variants.push({ variant: 'a US citizen', known: { prefill: { citizenships: [country, 'US'] } } });
  if (reads.has('prefill.applicantPersonalCode')) variants.push({ variant: 'the applicant’s code known', known: { prefill: { applicantPersonalCode: APPLICANT_CODES[country] } } });
  return variants;
}

const cases: Case[] = Object.entries(STEP_CONTRACTS).flatMap(([taskKey, entry]) => {
  const contract = entry.contract as StepContract;
  return RETAIL.flatMap((domain) => [
    ...localesOf(domain).flatMap((locale) =>
      (Object.keys(WHO) as Case['who'][]).map((who): Case => ({ taskKey, contract, domain, locale, who, variant: '', known: {} })),
    ),
    // The variants in the domain's first language, for the applicant (a co-borrower's steps read none of them).
    ...variantsOf(contract, domain).map(({ variant, known }): Case => ({ taskKey, contract, domain, locale: localesOf(domain)[0] ?? 'en', who: 'applicant', variant: `, ${variant}`, known })),
  ]);
});

/**
 * The steps the corporate domain asks in its own way (decision 183), each for a company of every
 * country (`ContractContext.country`), in that country's languages and English.
 */
const CORPORATE_STEPS: readonly string[] = ['submitFinancialData'];
const CORPORATE_COUNTRIES = ['EE', 'LV', 'LT'] as const;
const corporateWho: readonly Case['who'][] = ['applicant', 'applicant, every flag'];
cases.push(
  ...Object.entries(STEP_CONTRACTS)
    .filter(([taskKey]) => CORPORATE_STEPS.includes(taskKey))
    .flatMap(([taskKey, entry]) =>
      CORPORATE_COUNTRIES.flatMap((country) =>
        [...COUNTRY_LOCALES[country], 'en' as const].flatMap((locale) =>
          corporateWho.map((who): Case => ({ taskKey, contract: entry.contract as StepContract, domain: 'corporate-banking', locale, who, variant: `, a company in ${country}`, known: { country } })),
        ),
      ),
    ),
);

it('varies the application’s facts where a contract reads them (product, customer administrator, citizenships, applicant’s code)', () => {
  const variants = new Set(cases.filter((c) => c.variant !== '').map((c) => `${c.taskKey}${c.variant}`));
  expect(variants).toContain('submitRealEstateInfo, HOUSING_LOAN for COMBINING_LOANS_AND_PURCHASING_HOME');
  expect(variants).toContain('submitRealEstateInfo, the applicant’s code known');
  expect(variants).toContain('submitBankDetailsAndIdentificationDocumentInfo, a US citizen');
  expect(variants).toContain('submitPersonalInfo, a customer administrator');
  // A credit card takes no co-applicant (the base cases, without a product, ask for one).
  expect(variants).toContain('submitBackgroundData, CREDIT_CARD_VISA_CLASSIC');
});

describe.each(cases)('$taskKey in $domain ($locale, $who$variant)', ({ contract, domain, locale, who, known }) => {
  const context: ContractContext & { locale: Locale } = { domain, locale, ...WHO[who], ...known };
  const table = contract.fields(context);
  const valueFields = Object.entries(table).filter((entry): entry is [string, AnyValueField] => entry[1].kind === 'value');
  const rowsFields = Object.entries(table).filter((entry): entry is [string, RowsField<ValueFieldTable>] => entry[1].kind === 'rows');
  const formSchema = contract.formSchema(context);
  const serverContext: ContractContext = { domain, ...WHO[who], ...known };
  const payloadSchema = contract.payloadSchema(serverContext);
  const toFieldOnServer = (path: string) => contract.fieldOfPath(path, serverContext);

  if (valueFields.length === 0 && rowsFields.length === 0) {
    it('has no fields: sends an empty payload the server accepts', () => {
      expect(v.parse(payloadSchema, contract.toPayload({} as never, context))).toEqual({
        applicationUpdates: {},
        personUpdates: [],
        addRelations: [],
        customData: {},
      });
    });
    return;
  }

  const example = contract.example?.(context);
  it('has a complete valid example, which both sides accept, the server unchanged', () => {
    expect(example, 'the contract defines `example` (tests/contract/contracts.test.ts needs it)').toBeDefined();
    const read = v.safeParse(formSchema, example);
    expect(read.issues ?? []).toEqual([]);
    const payload = contract.toPayload(read.output as never, context);
    expect(v.parse(payloadSchema, payload)).toEqual(payload);
  });

  it('form and server agree field by field on generated values, with the same keys on the same field', () => {
    for (const [name, field] of valueFields) {
      fc.assert(
        fc.property(arbitraryFor(field, domain, locale), (typed) => {
          const values = { ...example, [name]: typed };
          const form = v.safeParse(formSchema, values);
          const shown = problemsOf(form.issues, (path) => formField(table, path));
          if (form.success) {
            // Accepted: the payload it builds is accepted by the server as it is.
            const payload = contract.toPayload(form.output as never, context);
            const server = v.safeParse(payloadSchema, payload);
            expect(server.issues ?? [], `${name}=${JSON.stringify(typed)}`).toEqual([]);
            return;
          }
          if (!sameOnBothSides(field)) return;
          // Refused: the same typed value, sent as it is, is refused by the server the same way.
          const valid = contract.toPayload(v.parse(formSchema, example) as never, context);
          const payload = structuredClone(valid) as unknown as Record<string, unknown>;
          setAt(payload, parsePath(field.path), typed);
          const server = v.safeParse(payloadSchema, payload);
          expect(problemsOf(server.issues, toFieldOnServer), `${name}=${JSON.stringify(typed)}`).toEqual(shown);
        }),
        { numRuns: 15 },
      );
    }
  });

  /** Each field of each row of the example's repeating blocks: the block, the row, the field and where it is sent. */
  const rowCells = rowsFields.flatMap(([name, field]) => {
    const exampleRows = (example as Record<string, unknown> | undefined)?.[name];
    const count = Array.isArray(exampleRows) ? exampleRows.length : 0;
    return Array.from({ length: count }, (_, row) =>
      Object.entries(field.item).map(([item, itemField]) => ({
        name,
        row,
        item,
        itemField,
        formName: `${name}.${row}.${item}`,
        wirePath: [...parsePath(field.path), row, ...parsePath(itemField.path)],
      })),
    ).flat();
  });

  it('has an example with rows in each repeating block, so the rows are tested too', () => {
    for (const [name] of rowsFields) {
      const exampleRows = (example as Record<string, unknown> | undefined)?.[name];
      expect(Array.isArray(exampleRows) && exampleRows.length > 0, `the example has rows in ${name}`).toBe(true);
    }
  });

  it('form and server agree on generated values in every row of every repeating block, on the row’s field', () => {
    for (const cell of rowCells) {
      fc.assert(
        fc.property(arbitraryFor(cell.itemField, domain, locale), (typed) => {
          const values = structuredClone(example) as Record<string, Record<string, unknown>[]>;
          (values[cell.name] as Record<string, unknown>[])[cell.row] = { ...values[cell.name]?.[cell.row], [cell.item]: typed };
          const form = v.safeParse(formSchema, values);
          const shown = problemsOf(form.issues, (path) => formField(table, path));
          if (form.success) {
            const payload = contract.toPayload(form.output as never, context);
            expect(v.safeParse(payloadSchema, payload).issues ?? [], `${cell.formName}=${JSON.stringify(typed)}`).toEqual([]);
            return;
          }
          if (!sameOnBothSides(cell.itemField)) return;
          const payload = structuredClone(contract.toPayload(v.parse(formSchema, example) as never, context)) as unknown as Record<string, unknown>;
          setAt(payload, cell.wirePath, typed);
          const server = v.safeParse(payloadSchema, payload);
          expect(problemsOf(server.issues, toFieldOnServer), `${cell.formName}=${JSON.stringify(typed)}`).toEqual(shown);
        }),
        { numRuns: 10 },
      );
    }
  });

  it('form and server refuse a block with more rows than it takes, on the block', () => {
    for (const [name, field] of rowsFields) {
      const exampleRows = (example as Record<string, unknown[]> | undefined)?.[name] ?? [];
      const tooMany = Array.from({ length: field.max + 1 }, (_, index) => exampleRows[index % exampleRows.length]);
      const form = v.safeParse(formSchema, { ...example, [name]: tooMany });
      expect(problemsOf(form.issues, (path) => formField(table, path))[name]).toEqual([expect.stringContaining('validation.messages.rowsTooMany')]);
      const valid = contract.toPayload(v.parse(formSchema, example) as never, context) as unknown as Record<string, unknown>;
      const wireRows = getAt(valid, parsePath(field.path)) as unknown[] | undefined;
      if (!wireRows?.length) continue;
      const payload = structuredClone(valid);
      setAt(payload, parsePath(field.path), Array.from({ length: field.max + 1 }, (_, index) => wireRows[index % wireRows.length]));
      expect(problemsOf(v.safeParse(payloadSchema, payload).issues, toFieldOnServer)[name]).toEqual([expect.stringContaining('validation.messages.rowsTooMany')]);
    }
  });

  it('maps every problem the server can report inside a row back to that row’s field', () => {
    const valid = contract.toPayload(v.parse(formSchema, example) as never, context);
    for (const cell of rowCells) {
      for (const broken of [undefined, null, 12345, 'x'.repeat(2000), { nested: true }]) {
        const payload = structuredClone(valid) as unknown as Record<string, unknown>;
        if (getAt(payload, cell.wirePath) === undefined) continue;
        setAt(payload, cell.wirePath, broken);
        const server = v.safeParse(payloadSchema, payload);
        if (server.success) continue;
        const fields = Object.keys(problemsOf(server.issues, toFieldOnServer));
        expect(fields.every((shownOn) => !shownOn.startsWith('(unmapped)')), `${cell.formName}=${JSON.stringify(broken)}: ${fields.join(', ')}`).toBe(true);
        expect(fields.some((shownOn) => shownOn === cell.formName || shownOn.startsWith(`${cell.formName}.`)), `${cell.formName}=${JSON.stringify(broken)}: ${fields.join(', ')}`).toBe(true);
      }
    }
    for (const [name, field] of rowsFields) {
      for (const broken of [null, 12345, 'x', { nested: true }]) {
        const payload = structuredClone(valid) as unknown as Record<string, unknown>;
        if (getAt(payload, parsePath(field.path)) === undefined) continue;
        setAt(payload, parsePath(field.path), broken);
        const fields = Object.keys(problemsOf(v.safeParse(payloadSchema, payload).issues, toFieldOnServer));
        expect(fields, `${name}=${JSON.stringify(broken)}`).toEqual([name]);
      }
    }
  });

  it('maps every problem the server can report back to the field that shows it', () => {
    const valid = contract.toPayload(v.parse(formSchema, example) as never, context);
    for (const [name, field] of valueFields) {
      for (const broken of [undefined, null, 12345, 'x'.repeat(2000), { nested: true }]) {
        const payload = structuredClone(valid) as unknown as Record<string, unknown>;
        if (getAt(payload, parsePath(field.path)) === undefined && broken === undefined) continue;
        setAt(payload, parsePath(field.path), broken);
        const server = v.safeParse(payloadSchema, payload);
        if (server.success) continue;
        const fields = Object.keys(problemsOf(server.issues, toFieldOnServer));
        expect(fields.every((shownOn) => !shownOn.startsWith('(unmapped)')), `${name}=${JSON.stringify(broken)}: ${fields.join(', ')}`).toBe(true);
        expect(fields.some((shownOn) => shownOn === name || shownOn.startsWith(`${name}.`)), `${name}=${JSON.stringify(broken)}`).toBe(true);
      }
    }
  });

  it('refuses what is not an object, and keeps none of the unknown fields it is sent', () => {
    expect(v.safeParse(payloadSchema, 'nonsense').success).toBe(false);
    const valid = contract.toPayload(v.parse(formSchema, example) as never, context);
    const extra = { ...valid, applicationUpdates: { ...valid.applicationUpdates, smuggled: 'x' } };
    expect(v.parse(payloadSchema, extra)).toEqual(valid);
  });
});
