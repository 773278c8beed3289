/**
 * The kinds of field a step contract's table is made of. Each field says where its value goes on
 * the wire (a dotted path inside the submission's `application`), what its control holds while the
 * applicant types, how that is read into the wire value in the applicant's language, and the rule
 * the server applies to the wire value. Reading always ends with the wire rule, so the form and the
 * server cannot disagree about what is valid (tests/contract/contracts.test.ts checks it anyway).
 */
import * as v from 'valibot';
import type { BusinessDomain } from '../domain/business-domains';
import type { Locale } from '../domain/languages';
import { phoneNumberSchema, type PhoneNumberInput } from '../validation/general/phone';
import { requiredTrimmedString } from '../validation/general/rules';
import { MESSAGES, messageWithValues, type MessageText } from '../validation/messages';
import { parseIsoDate } from '../validation/general/dates';
import { isoOfWritten, splitWrittenDate, type TwoDigitYears } from '../validation/general/typed-date';
import { MONEY_MAX, moneyRules, typedMoneySchema } from '../validation/money';
import { showNumber } from './show';

/** What every field has: its wire path and, for a field asked only sometimes, when it is asked. */
interface FieldBase {
  /** Dotted path inside the submission's `application` (`personUpdates.0.declaredData.email`). */
  readonly path: string;
  /**
   * Asked, sent and checked only when this holds. It reads the wire values of the fields declared
   * before it (on both sides, so the server asks exactly what the form asked).
   */
  readonly when?: (values: Readonly<Record<string, unknown>>) => boolean;
}

/** A value the applicant gives with one control (or one compound control, like a phone number). */
/** The kind of control a value field is typed into (generic tests generate values by it). */
export type ControlKind = 'text' | 'choice' | 'choices' | 'money' | 'number' | 'checkbox' | 'phone' | 'date' | 'typed-date';

export interface ValueField<TForm, TWire> extends FieldBase {
  readonly kind: 'value';
  readonly control: ControlKind;
  /** A choice's options. */
  readonly options?: readonly string[];
  /** What the control holds before anything is typed or saved. */
  readonly empty: TForm;
  /** What was typed, read in the applicant's language, to the wire value (ends in `wire`). */
  readonly read: (locale: Locale) => v.GenericSchema<TForm, TWire>;
  /** The rule the server applies to the wire value. */
  readonly wire: v.GenericSchema<unknown, TWire>;
  /** A wire value (a prefilled amount, a saved answer) as the control shows it. */
  readonly show: (value: TWire, locale: Locale) => TForm;
  /** The control inside a compound value that shows the field's problems (`number` of a phone). */
  readonly focus?: string;
  /**
   * Where the field's rules depend on answers declared before it (a postal code on its country,
   * decision 193): its `read` and `wire` given the wire values read so far, on both sides.
   */
  readonly given?: (values: Readonly<Record<string, unknown>>) => Pick<ValueField<TForm, TWire>, 'read' | 'wire'>;
}

/** The field with its rules for the answers read so far (`given`), or as it is. */
export function fieldGiven<F extends AnyValueField>(field: F, values: Readonly<Record<string, unknown>>): F {
  return field.given ? { ...field, ...field.given(values) } : field;
}

// Field tables are heterogeneous: `any` here only widens the element type of a table.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyValueField = ValueField<any, any>;
export type ValueFieldTable = Readonly<Record<string, AnyValueField>>;

/** A repeating block (incomes, liabilities, owners): rows of value fields, each row one wire object. */
export interface RowsField<TItem extends ValueFieldTable> extends FieldBase {
  readonly kind: 'rows';
  /** Each row's fields; their paths are relative to the row's wire object. */
  readonly item: TItem;
  readonly min: number;
  readonly max: number;
  /**
   * Rows nothing was given in are left out, on both sides, instead of refused: for an optional list
   * that starts with one empty row (the corporate collaterals: "only filled rows are included").
   */
  readonly blankRowsDropped?: boolean;
}

/** A value the step sends that the applicant does not type (a role, the language in use). */
export interface HiddenField<TWire> extends FieldBase {
  readonly kind: 'hidden';
  readonly wire: v.GenericSchema<unknown, TWire>;
  /** Client only: the value from the step's context. */
  readonly value: (context: { locale: Locale }) => TWire;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = AnyValueField | RowsField<any> | HiddenField<any>;
export type FieldTable = Readonly<Record<string, AnyField>>;

// Inferred from the properties that carry each type (a function parameter would not infer covariantly).
type FormOf<F> =
  F extends { kind: 'value'; empty: infer T } ? T : F extends RowsField<infer I> ? FormValues<I>[] : never;
type WireOf<F> =
  F extends { kind: 'value' | 'hidden'; wire: v.GenericSchema<unknown, infer W> } ? W : F extends RowsField<infer I> ? WireValues<I>[] : never;

/** What the form holds: exactly what was typed, field by field (drafts store this as it is). */
export type FormValues<T extends FieldTable> = {
  -readonly [K in keyof T as T[K] extends { kind: 'hidden' } ? never : K]: FormOf<T[K]>;
};
/** The wire values by field name, after reading and checking. */
export type WireValues<T extends FieldTable> = { -readonly [K in keyof T]: WireOf<T[K]> };

export function valueField<TForm, TWire>(field: Omit<ValueField<TForm, TWire>, 'kind'>): ValueField<TForm, TWire> {
  return { kind: 'value', ...field };
}

/** A text answer whose rule takes the text as typed (a name, an e-mail, a personal code). */
export function text(path: string, rule: v.GenericSchema<string, string>): ValueField<string, string> {
  return valueField({ path, control: 'text', empty: '', read: () => rule, wire: rule, show: (value) => value });
}

/** One of `options` (a select or radios); '' means nothing chosen. */
export function choice<const T extends string>(path: string, options: readonly T[]): ValueField<string, T> {
  const rule = v.pipe(v.string(MESSAGES.required), v.nonEmpty(MESSAGES.required), v.picklist(options, MESSAGES.choiceInvalid));
  return valueField({ path, control: 'choice', options, empty: '', read: () => rule, wire: rule, show: (value) => value });
}

/** An amount in euros, typed as the applicant types it in their language (readMoney). */
export function money(path: string, bounds: { min?: number; max?: number } = {}): ValueField<string, number> {
  const { min = 0, max = MONEY_MAX } = bounds;
  const rules = moneyRules(min, max);
  return valueField({
    path,
    control: 'money',
    empty: '',
    read: (locale) => v.pipe(requiredTrimmedString(), typedMoneySchema(locale), rules),
    wire: v.pipe(v.number(MESSAGES.required), v.finite(MESSAGES.moneyInvalid), rules),
    show: (value, locale) => showNumber(value, locale),
  });
}

/** A whole number typed as digits (a period in months, a count). */
export function wholeNumber(path: string, bounds: { min: number; max: number }): ValueField<string, number> {
  const range = v.check<number, MessageText>(
    (value) => value >= bounds.min && value <= bounds.max,
    messageWithValues(MESSAGES.numberOutOfRange, { min: bounds.min, max: bounds.max }),
  );
  const wire = v.pipe(v.number(MESSAGES.required), v.integer(MESSAGES.integer), range);
  return valueField({
    path,
    control: 'number',
    empty: '',
    read: () =>
      v.pipe(
        requiredTrimmedString(),
        v.transform((typed) => (/^\d+$/.test(typed) ? Number(typed) : Number.NaN)),
        v.number(MESSAGES.integer),
        range,
      ),
    wire,
    show: (value) => String(value),
  });
}

/** A consent the applicant must give to go on. */
export function consent(path: string): ValueField<boolean, true> {
  const rule = v.literal(true, MESSAGES.consentRequired);
  return valueField({ path, control: 'checkbox', empty: false, read: () => rule, wire: rule, show: () => true });
}

/** A yes/no the applicant may leave unticked. */
export function flag(path: string): ValueField<boolean, boolean> {
  const rule = v.boolean(MESSAGES.required);
  return valueField({ path, control: 'checkbox', empty: false, read: () => rule, wire: rule, show: (value) => value });
}

/** A phone number: country code and number; problems show on the number. */
export function phone(path: string, domain: BusinessDomain, defaultCode: string): ValueField<PhoneNumberInput, PhoneNumberInput> {
  const rule = phoneNumberSchema(domain);
  return valueField({
    path,
    control: 'phone',
    empty: { code: defaultCode, number: '' },
    read: () => rule,
    wire: rule,
    show: (value) => value,
    focus: 'number',
  });
}

/** What a GOV.UK date input holds: day, month and year as typed. */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

const EMPTY_DATE: DateParts = { day: '', month: '', year: '' };

/**
 * The day the three boxes name, as yyyy-MM-dd. Decision 193: a year of 2 digits goes to the century
 * `twoDigitYears` says, and a whole date typed or pasted into the day box alone (`15.03.1985`,
 * `150385`) is read as it is written.
 */
function isoOf(parts: DateParts, twoDigitYears: TwoDigitYears): string | undefined {
  const [day, month, year] = [parts.day.trim(), parts.month.trim(), parts.year.trim()];
  const whole = !month && !year ? splitWrittenDate(day) : undefined;
  return isoOfWritten(whole ?? { day, month, year }, { twoDigitYears });
}

/**
 * A date typed into a GOV.UK date input (day, month, year), sent as yyyy-MM-dd (section 9).
 * `rule` adds the date's own checks on the ISO text. It is required: every date field says its
 * plausible range (decision 180: a real date alone lets 0000-01-01 and 9999-12-31 through).
 * `twoDigitYears` (decision 193): where a year typed with 2 digits goes; a past date by default.
 */
export function date(path: string, rule: v.GenericSchema<string, string>, options: { twoDigitYears?: TwoDigitYears } = {}): ValueField<DateParts, string> {
  const twoDigitYears = options.twoDigitYears ?? 'past';
  const real = v.pipe(
    v.string(MESSAGES.required),
    v.nonEmpty(MESSAGES.required),
    v.check((text) => parseIsoDate(text) !== undefined, MESSAGES.dateInvalid),
  );
  const wire = v.pipe(real, rule);
  const parts = v.object({ day: v.string(MESSAGES.required), month: v.string(MESSAGES.required), year: v.string(MESSAGES.required) }, MESSAGES.required);
  return valueField({
    path,
    control: 'date',
    empty: EMPTY_DATE,
    read: () =>
      v.pipe(
        parts,
        v.rawTransform<DateParts, string>(({ dataset, addIssue, NEVER }) => {
          const typed = dataset.value;
          if (!typed.day.trim() && !typed.month.trim() && !typed.year.trim()) {
            addIssue({ message: MESSAGES.required });
            return NEVER;
          }
          const iso = isoOf(typed, twoDigitYears);
          if (iso === undefined) {
            addIssue({ message: MESSAGES.dateInvalid });
            return NEVER;
          }
          return iso;
        }),
        wire,
      ),
    wire,
    show: (iso) => {
      const [year = '', month = '', day = ''] = iso.split('-');
      return { day: String(Number(day)), month: String(Number(month)), year };
    },
    focus: 'day',
  });
}

/** Several of `options` (checkboxes), each at most once, `min` to `max` of them. */
export function choices<const T extends string>(path: string, options: readonly T[], bounds: { min?: number; max?: number } = {}): ValueField<string[], T[]> {
  const { min = 1, max = options.length } = bounds;
  const rule = v.pipe(
    v.array(v.picklist(options, MESSAGES.choiceInvalid), MESSAGES.required),
    v.check((list) => list.length > 0 || min === 0, MESSAGES.required),
    v.check((list) => new Set(list).size === list.length, MESSAGES.choiceInvalid),
    v.check((list) => list.length >= min, messageWithValues(MESSAGES.rowsTooFew, { min })),
    v.check((list) => list.length <= max, messageWithValues(MESSAGES.choicesTooMany, { max })),
  );
  return valueField({ path, control: 'choices', options, empty: [], read: () => rule, wire: rule, show: (value) => [...value] });
}

/** A repeating block of `item` rows, `min` to `max` of them. */
export function rows<TItem extends ValueFieldTable>(
  path: string,
  item: TItem,
  bounds: { min?: number; max: number; blankRowsDropped?: boolean },
): RowsField<TItem> {
  return { kind: 'rows', path, item, min: bounds.min ?? 0, max: bounds.max, ...(bounds.blankRowsDropped ? { blankRowsDropped: true } : {}) };
}

/** What a new row of a repeating block holds: each of its fields' empty value (a row's form values). */
export function emptyRow<TItem extends ValueFieldTable>(item: TItem): FormValues<TItem> {
  return Object.fromEntries(Object.entries(item).map(([name, field]) => [name, structuredClone(field.empty)])) as FormValues<TItem>;
}

/** A value sent with the step that the applicant does not type. */
export function hidden<TWire>(path: string, wire: v.GenericSchema<unknown, TWire>, value: HiddenField<TWire>['value']): HiddenField<TWire> {
  return { kind: 'hidden', path, wire, value };
}

/**
 * A constant the step always sends (a role, the default payment day); the server accepts only this
 * value, and takes it when a client leaves it out.
 */
export function fixed<const T extends string | number | boolean>(path: string, value: T): HiddenField<T> {
  return hidden(path, v.optional(v.literal(value, MESSAGES.choiceInvalid), value), () => value);
}

/**
 * `field`, asked only when `when` holds on the wire values of the fields declared before it; when
 * it is not asked its value is undefined, it is not sent, and the server refuses nothing about it.
 */
export function askedWhen<TForm, TWire>(
  field: ValueField<TForm, TWire>,
  when: (values: Readonly<Record<string, unknown>>) => boolean,
): ValueField<TForm, TWire | undefined> {
  return { ...field, when } as ValueField<TForm, TWire | undefined>;
}
