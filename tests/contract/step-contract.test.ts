import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { askedWhen, choice, consent, fixed, flag, hidden, money, phone, rows, text, wholeNumber } from '../../core/contract/fields';
import { defineStepContract } from '../../core/contract/step-contract';
import { getAt, parsePath, setAt } from '../../core/contract/paths';
import { requiredTrimmedString } from '../../core/validation/general/rules';
import { MESSAGES } from '../../core/validation/messages';

/** A step of every kind of field the toolkit has, as later steps will use them. */
const contract = defineStepContract({
  fields: ({ domain }) => ({
    role: fixed('personUpdates.0.role', 'APPLICANT'),
    language: hidden('personUpdates.0.languageCode', v.picklist(['est', 'eng']), ({ locale }) => (locale === 'et' ? 'est' : 'eng')),
    name: text('personUpdates.0.declaredData.firstName', requiredTrimmedString()),
    isPep: flag('personUpdates.0.declaredData.pep'),
    pepComment: askedWhen(text('personUpdates.0.declaredData.pepComment', requiredTrimmedString()), (values) => values['isPep'] === true),
    purpose: choice('applicationUpdates.purpose', ['TRAVEL', 'HOME']),
    phoneNumber: phone('personUpdates.0.declaredData.phone', domain, '+372'),
    incomes: rows('applicationUpdates.incomes', { source: choice('source', ['SALARY', 'PENSION']), amount: money('declared.amount', { min: 1 }) }, { max: 2 }),
    months: wholeNumber('applicationUpdates.months', { min: 1, max: 12 }),
    agree: consent('personUpdates.0.consents.all'),
  }),
  checks: () => [{ on: 'months', uses: ['purpose'], problem: (values) => (values.purpose === 'HOME' && values.months < 6 ? MESSAGES.periodOutOfRange : undefined) }],
  initial: ({ prefill }) => ({ purpose: typeof prefill?.purpose === 'string' ? prefill.purpose : '' }),
});

const context = { domain: 'retail-banking-ee' as const, locale: 'et' as const };
const typed = {
  name: 'Mari',
  isPep: false,
  pepComment: '',
  purpose: 'TRAVEL',
  phoneNumber: { code: '+372', number: '5123 4567' },
  incomes: [{ source: 'SALARY', amount: '1 500,50' }],
  months: '6',
  agree: true,
};

describe('a step contract: one field table, everything derived', () => {
  it('reads what was typed in the applicant\'s language into wire values, and builds the payload at the wire paths', () => {
    const values = v.parse(contract.formSchema(context), typed);
    expect(values).toMatchObject({ name: 'Mari', purpose: 'TRAVEL', incomes: [{ source: 'SALARY', amount: 1500.5 }], months: 6, agree: true });
    expect(contract.toPayload(values, context)).toEqual({
      applicationUpdates: { purpose: 'TRAVEL', incomes: [{ source: 'SALARY', declared: { amount: 1500.5 } }], months: 6 },
      personUpdates: [
        {
          role: 'APPLICANT',
          languageCode: 'est',
          declaredData: { firstName: 'Mari', pep: false, phone: { code: '+372', number: '51234567' } },
          consents: { all: true },
        },
      ],
      addRelations: [],
      customData: {},
    });
  });

  it('the server schema accepts that payload unchanged and drops what the table does not name', () => {
    const payload = contract.toPayload(v.parse(contract.formSchema(context), typed), context);
    expect(v.parse(contract.payloadSchema(context), payload)).toEqual(payload);
    const smuggled = structuredClone(payload) as unknown as Record<string, unknown>;
    setAt(smuggled, parsePath('applicationUpdates.interestRate'), 0);
    expect(getAt(v.parse(contract.payloadSchema(context), smuggled), parsePath('applicationUpdates.interestRate'))).toBeUndefined();
  });

  it('asks a conditional field only when its condition holds, on both sides', () => {
    const pep = { ...typed, isPep: true };
    const form = v.safeParse(contract.formSchema(context), pep);
    expect(form.issues?.map((issue) => v.getDotPath(issue))).toEqual(['pepComment']);
    const ok = v.parse(contract.formSchema(context), { ...pep, pepComment: 'Minister' });
    const payload = contract.toPayload(ok, context);
    expect(getAt(payload, parsePath('personUpdates.0.declaredData.pepComment'))).toBe('Minister');
    const withoutComment = structuredClone(payload) as unknown as Record<string, unknown>;
    setAt(withoutComment, parsePath('personUpdates.0.declaredData.pepComment'), undefined);
    const server = v.safeParse(contract.payloadSchema(context), withoutComment);
    expect(server.issues?.map((issue) => v.getDotPath(issue))).toEqual(['personUpdates.0.declaredData.pepComment']);
    // Not a PEP: a comment left in the form is neither checked nor sent.
    const notPep = v.parse(contract.formSchema(context), { ...typed, pepComment: '' });
    expect(getAt(contract.toPayload(notPep, context), parsePath('personUpdates.0.declaredData.pepComment'))).toBeUndefined();
  });

  it('checks rows one by one and counts them, reporting at each row\'s own field', () => {
    const form = v.safeParse(contract.formSchema(context), { ...typed, incomes: [{ source: 'SALARY', amount: '0' }, { source: '', amount: '5' }] });
    expect(form.issues?.map((issue) => v.getDotPath(issue)).sort()).toEqual(['incomes.0.amount', 'incomes.1.source']);
    const many = v.safeParse(contract.formSchema(context), { ...typed, incomes: [typed.incomes[0], typed.incomes[0], typed.incomes[0]] });
    expect(many.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([['incomes', 'validation.messages.rowsTooMany?max=2']]);
  });

  it('maps wire paths back to the field (and row, and control) that shows them', () => {
    expect(contract.fieldOfPath('personUpdates.0.declaredData.firstName', context)).toBe('name');
    expect(contract.fieldOfPath('personUpdates.0.declaredData.phone.number', context)).toBe('phoneNumber.number');
    expect(contract.fieldOfPath('personUpdates.0.declaredData.phone', context)).toBe('phoneNumber.number');
    expect(contract.fieldOfPath('applicationUpdates.incomes.1.declared.amount', context)).toBe('incomes.1.amount');
    expect(contract.fieldOfPath('applicationUpdates.incomes', context)).toBe('incomes');
    expect(contract.fieldOfPath('personUpdates.0.role', context)).toBeUndefined();
    expect(contract.fieldOfPath('somewhere.else', context)).toBeUndefined();
  });

  it('runs checks across fields only once their fields are valid, on the field they name', () => {
    const home = v.safeParse(contract.formSchema(context), { ...typed, purpose: 'HOME', months: '3' });
    expect(home.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([['months', MESSAGES.periodOutOfRange]]);
    const invalidMonths = v.safeParse(contract.formSchema(context), { ...typed, purpose: 'HOME', months: 'x' });
    expect(invalidMonths.issues?.map((issue) => issue.message)).toEqual([MESSAGES.integer]);
  });

  it('refuses a constant other than its own, and takes it when a client leaves it out', () => {
    const payload = contract.toPayload(v.parse(contract.formSchema(context), typed), context) as unknown as Record<string, unknown>;
    const other = structuredClone(payload);
    setAt(other, parsePath('personUpdates.0.role'), 'COBORROWER');
    expect(v.safeParse(contract.payloadSchema(context), other).issues?.[0]?.message).toBe(MESSAGES.choiceInvalid);
    const left = structuredClone(payload);
    setAt(left, parsePath('personUpdates.0.role'), undefined);
    expect(getAt(v.parse(contract.payloadSchema(context), left), parsePath('personUpdates.0.role'))).toBe('APPLICANT');
  });

  it('starts from empty values, then the prefill, then a saved draft of the same shape', () => {
    expect(contract.initialValues(context)).toMatchObject({ name: '', isPep: false, purpose: '', incomes: [], phoneNumber: { code: '+372', number: '' } });
    expect(contract.initialValues({ ...context, prefill: { purpose: 'HOME' } }).purpose).toBe('HOME');
    const restored = contract.initialValues(context, { name: 'Mari', isPep: 'yes', incomes: [{ source: 'PENSION', amount: '10' }], unknown: 1 });
    expect(restored).toMatchObject({ name: 'Mari', isPep: false, incomes: [{ source: 'PENSION', amount: '10' }] });
    expect(restored).not.toHaveProperty('unknown');
  });
});
