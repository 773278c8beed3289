/**
 * A step's contract (docs/decisions/080-step-modules.md): one field table from which everything
 * else about the step's data is derived, so it is written once:
 * - the form schema (what was typed, read in the applicant's language, to wire values);
 * - the payload builder (wire values to the submission's `application` part, section 7);
 * - the server's payload schema (the same rules on the wire, issues at wire paths);
 * - the map from a server field error's wire path back to the field that shows it;
 * - the form's starting values (empty, prefilled, or a saved draft).
 * Pure TypeScript and valibot: the reference API imports the contracts and nothing else of a step.
 */
import * as v from 'valibot';
import type { BusinessDomain, CountryCode } from '../domain/business-domains';
import type { Locale } from '../domain/languages';
import type { ProductTable } from '../domain/product-data';
import { MESSAGES, messageWithValues, type MessageText } from '../validation/messages';
import { parseIsoDate } from '../validation/general/dates';
import { fieldGiven, type AnyField, type AnyValueField, type FieldTable, type FormValues, type HiddenField, type RowsField, type ValueFieldTable, type WireValues } from './fields';
import { getAt, isUnder, parsePath, setAt, type PathSegment } from './paths';

/** What a step's rules may depend on. */
export interface ContractContext {
  domain: BusinessDomain;
  /** Whose step it is (section 3 roles): APPLICANT unless said otherwise (a co-borrower's steps). */
  role?: string;
  /**
   * The application's country (issue 24, decision 181): a corporate application's company country
   * (`company.countryCode`) once given, else the configured country (COUNTRY_CODE). Both sides pass it.
   */
  country?: CountryCode;
  /** The enabled feature flags (section 6): fields behind a flag are asked only when it is on. */
  flags?: ReadonlySet<string>;
  /** The application's product, when the step's questions depend on it (a co-applicant for a home loan). */
  productName?: string;
  /**
   * The application's channel (section 3: WEB, PARTNER_SHORT, ...), when the step's questions depend
   * on it (the partner short flow's background step carries the calculator's period, decision 097).
   * A contract cannot know the view variant; the variant is chosen from facts like this one.
   */
  channel?: string;
  /**
   * Decision 189: false when the application's partner does not let its customers sign digitally
   * (`canSignDigitally`); the server knows it from the partner's data, the client from the contract
   * details the server answers. Left out: as the bank's own applications.
   */
  digitalSigning?: boolean;
  /**
   * The product data bounds are checked against (docs/decisions/091-product-data-in-contracts.md):
   * the server passes what its database holds, the client what `pricing-conditions` answered.
   * Without it, product bounds are not checked (the other side still checks them).
   */
  products?: ProductTable;
  /** Client only: the applicant's interface language. */
  locale?: Locale;
  /** Client only: what the applicant chose before this step (query, calculator, the application). */
  prefill?: Readonly<Record<string, unknown>>;
  /**
   * "Today" for the date rules (decision 180): the server passes its clock (`deps.clock()`); without
   * it a rule reads the wall clock when it checks.
   */
  today?: Date;
}

/**
 * Decision 180: the birth date of the person whose step it is, where the server knows it
 * (`prefill.birthDate`, yyyy-MM-dd, from the personal code or the declared date of birth). The
 * client never has it (the personal code is masked), so the rules that need it run on the server.
 */
export function birthDateOf(context: ContractContext): Date | undefined {
  const text = context.prefill?.['birthDate'];
  return typeof text === 'string' ? parseIsoDate(text) : undefined;
}

/** What the date rules take from the context: "today" and the person's birth date, where known. */
export function dateRuleOptions(context: ContractContext): { today?: Date; birthDate?: Date } {
  const birthDate = birthDateOf(context);
  return { ...(context.today ? { today: context.today } : {}), ...(birthDate ? { birthDate } : {}) };
}

/**
 * A problem of a rule over the rows of a repeating block (a duplicate country, a co-owner who is
 * the applicant), shown on one row's field: `row` counts from 0, `item` names the row's field.
 */
export interface RowProblem {
  row: number;
  item: string;
  message: MessageText;
}

/** A rule over several fields (an amount within the chosen product's bounds). */
export interface CrossCheck<TValues> {
  /** The field that shows the problem (for a repeating block, the block; its rows' fields with RowProblem). */
  on: keyof TValues & string;
  /** Runs only when these fields and `on` have valid values. */
  uses: readonly (keyof TValues & string)[];
  problem: (values: TValues) => MessageText | readonly RowProblem[] | undefined;
}

/** The `application` part of a step submission (section 7). */
export interface StepPayload {
  applicationUpdates: Record<string, unknown>;
  personUpdates: Record<string, unknown>[];
  addRelations: Record<string, unknown>[];
  customData: Record<string, unknown>;
}

export interface StepContractDefinition<TFields extends FieldTable> {
  fields: (context: ContractContext) => TFields;
  checks?: (context: ContractContext) => readonly CrossCheck<WireValues<TFields>>[];
  /** Client only: starting values beyond each field's empty one (from `context.prefill`). */
  initial?: (context: ContractContext & { locale: Locale }) => Partial<FormValues<TFields>>;
  /**
   * A complete valid answer as typed, per domain: the generic contract test changes one field at a
   * time from it (tests/contract/contracts.test.ts). Required when the table has fields.
   */
  example?: (context: ContractContext) => FormValues<TFields>;
}

export interface StepContract<TFields extends FieldTable = FieldTable> {
  readonly fields: (context: ContractContext) => TFields;
  /** See StepContractDefinition.example. */
  readonly example?: ((context: ContractContext) => FormValues<TFields>) | undefined;
  /** The form's schema: typed values in, wire values out; issues at form names. */
  formSchema(context: ContractContext & { locale: Locale }): v.GenericSchema<FormValues<TFields>, WireValues<TFields>>;
  /** The wire values as the submission's `application` part, hidden values included. */
  toPayload(values: WireValues<TFields>, context: ContractContext & { locale: Locale }): StepPayload;
  /** The server's schema of the `application` part: issues at wire paths; the output keeps only the table's values. */
  payloadSchema(context: ContractContext): v.GenericSchema<unknown, StepPayload>;
  /** The form name that shows a server field error at `wirePath`; undefined when none does. */
  fieldOfPath(wirePath: string, context: ContractContext): string | undefined;
  /** Starting form values: empty, then prefilled, then what a saved draft holds. */
  initialValues(context: ContractContext & { locale: Locale }, saved?: Readonly<Record<string, unknown>> | null): FormValues<TFields>;
}

interface Problem {
  path: PathSegment[];
  message: string;
}

type Outcome = { ok: true; value: unknown } | { ok: false; problems: Problem[] };

function issuePathOf(issue: v.BaseIssue<unknown>): PathSegment[] {
  return (issue.path ?? []).map((item) => item.key as PathSegment);
}

function run(schema: v.GenericSchema, input: unknown, at: PathSegment[]): Outcome {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, problems: result.issues.map((issue) => ({ path: [...at, ...issuePathOf(issue)], message: issue.message })) };
}

/** Valibot path items for a problem, so resolvers and `getDotPath` see the right names. */
function toIssuePath(segments: readonly PathSegment[]): [v.IssuePathItem, ...v.IssuePathItem[]] | undefined {
  if (segments.length === 0) return undefined;
  const items = segments.map((key): v.IssuePathItem =>
    typeof key === 'number'
      ? { type: 'array', origin: 'value', input: [], key, value: undefined }
      : { type: 'object', origin: 'value', input: {}, key, value: undefined },
  );
  return items as [v.IssuePathItem, ...v.IssuePathItem[]];
}

type Side =
  /** The form: values as typed, problems at form names. */
  | { kind: 'form'; locale: Locale }
  /** The server: wire values at their paths, problems at wire paths. */
  | { kind: 'wire' };

/**
 * Reads one value field on either side. On the form, a problem with the whole value of a compound
 * field (a date) is reported on its focus control (the day input), where the summary links to.
 */
function readValue(field: AnyValueField, raw: unknown, at: PathSegment[], side: Side): Outcome {
  const outcome = run(side.kind === 'form' ? field.read(side.locale) : field.wire, raw, at);
  if (outcome.ok || side.kind !== 'form' || !field.focus) return outcome;
  const focus = field.focus;
  return { ok: false, problems: outcome.problems.map((problem) => (problem.path.length === at.length ? { ...problem, path: [...at, focus] } : problem)) };
}

function rowsProblem(field: RowsField<ValueFieldTable>, count: number): MessageText | undefined {
  if (count > field.max) return messageWithValues(MESSAGES.rowsTooMany, { max: field.max });
  if (count < field.min) return messageWithValues(MESSAGES.rowsTooFew, { min: field.min });
  return undefined;
}

/**
 * Reads every field of the table from `input` (form values by name, or the wire payload), in
 * declaration order, so a field's `when` sees the values of the fields before it. Returns the wire
 * values by name and the problems with their paths on this side.
 */
function readTable(
  table: FieldTable,
  checks: readonly CrossCheck<Record<string, unknown>>[],
  input: unknown,
  side: Side,
): { values: Record<string, unknown>; problems: Problem[] } {
  const values: Record<string, unknown> = {};
  const failed = new Set<string>();
  const problems: Problem[] = [];
  const note = (name: string, outcome: Outcome) => {
    if (outcome.ok) values[name] = outcome.value;
    else {
      failed.add(name);
      problems.push(...outcome.problems);
    }
  };
  for (const [name, field] of Object.entries(table)) {
    if (field.when && !field.when(values)) continue;
    const at = side.kind === 'form' ? [name] : parsePath(field.path);
    const raw = side.kind === 'form' ? getAt(input, [name]) : getAt(input, at);
    if (field.kind === 'hidden') {
      if (side.kind === 'wire') note(name, run(field.wire, raw, at));
      continue;
    }
    if (field.kind === 'value') {
      note(name, readValue(fieldGiven(field, values), raw, at, side));
      continue;
    }
    note(name, readRows(field, raw, at, side));
  }
  for (const check of checks) {
    if (failed.has(check.on) || check.uses.some((name) => failed.has(name) || !(name in values)) || !(check.on in values)) continue;
    const found = check.problem(values);
    if (!found || found.length === 0) continue;
    const field = table[check.on] as AnyField;
    const at = side.kind === 'form' ? [check.on] : parsePath(field.path);
    if (typeof found === 'string') {
      const focus = field.kind === 'value' && field.focus ? [field.focus] : [];
      problems.push({ path: [...at, ...focus], message: found });
    } else {
      for (const { row, item, message } of found as readonly RowProblem[]) problems.push({ path: [...at, row, ...rowItemPath(field, item, side)], message });
    }
    failed.add(check.on);
  }
  return { values, problems };
}

/** Where a row's field sits inside the row, on this side: its name on the form, its path on the wire (plus its focus control). */
function rowItemPath(field: AnyField, item: string, side: Side): PathSegment[] {
  const itemField = field.kind === 'rows' ? (field.item as ValueFieldTable)[item] : undefined;
  if (!itemField) return [];
  const focus = itemField.focus ? [itemField.focus] : [];
  return [...(side.kind === 'form' ? [item] : parsePath(itemField.path)), ...focus];
}

/** Nothing given in any of the row's fields: blank texts, no choice, an unticked box, an empty date. */
function isBlankRow(field: RowsField<ValueFieldTable>, row: unknown, side: Side): boolean {
  const blank = (value: unknown): boolean =>
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === 'string' && value.trim() === '') ||
    (typeof value === 'object' && !Array.isArray(value) && Object.values(value as Record<string, unknown>).every(blank));
  if (typeof row !== 'object' || row === null) return blank(row);
  return Object.entries(field.item).every(([itemName, itemField]) => blank(getAt(row, side.kind === 'form' ? [itemName] : parsePath(itemField.path))));
}

function readRows(field: RowsField<ValueFieldTable>, raw: unknown, at: PathSegment[], side: Side): Outcome {
  const list = raw === undefined ? [] : raw;
  if (!Array.isArray(list)) return { ok: false, problems: [{ path: at, message: MESSAGES.required }] };
  const countProblem = rowsProblem(field, list.length);
  if (countProblem) return { ok: false, problems: [{ path: at, message: countProblem }] };
  const rowsOut: Record<string, unknown>[] = [];
  const problems: Problem[] = [];
  list.forEach((row: unknown, index) => {
    // A block that takes only filled rows (the corporate collaterals) skips a row nothing was given in.
    if (field.blankRowsDropped && isBlankRow(field, row, side)) return;
    const out: Record<string, unknown> = {};
    for (const [itemName, itemField] of Object.entries(field.item)) {
      if (itemField.when && !itemField.when(out)) continue;
      const itemAt = side.kind === 'form' ? [...at, index, itemName] : [...at, index, ...parsePath(itemField.path)];
      const itemRaw = side.kind === 'form' ? getAt(row, [itemName]) : getAt(row, parsePath(itemField.path));
      const outcome = readValue(fieldGiven(itemField, out), itemRaw, itemAt, side);
      if (outcome.ok) out[itemName] = outcome.value;
      else problems.push(...outcome.problems);
    }
    rowsOut.push(out);
  });
  return problems.length ? { ok: false, problems } : { ok: true, value: rowsOut };
}

/** Wire values by name to the payload, each at its path; rows become arrays of wire objects. */
function buildPayload(table: FieldTable, values: Readonly<Record<string, unknown>>): StepPayload {
  const payload: StepPayload = { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} };
  const root = payload as unknown as Record<string, unknown>;
  for (const [name, field] of Object.entries(table)) {
    const value = values[name];
    if (value === undefined) continue;
    if (field.kind !== 'rows') {
      setAt(root, parsePath(field.path), value);
      continue;
    }
    const rowsOut = (value as Record<string, unknown>[]).map((row) => {
      const wireRow: Record<string, unknown> = {};
      for (const [itemName, itemField] of Object.entries(field.item as ValueFieldTable)) {
        if (row[itemName] !== undefined) setAt(wireRow, parsePath(itemField.path), row[itemName]);
      }
      return wireRow;
    });
    setAt(root, parsePath(field.path), rowsOut);
  }
  return payload;
}

/** A valibot schema that reads the table on one side and reports problems with their paths. */
function tableSchema<TOut>(read: (input: unknown) => { value: TOut } | { problems: Problem[] }) {
  return v.pipe(
    v.unknown(),
    v.rawTransform<unknown, TOut>(({ dataset, addIssue, NEVER }) => {
      const result = read(dataset.value);
      if ('value' in result) return result.value;
      for (const problem of result.problems) {
        const path = toIssuePath(problem.path);
        addIssue({ message: problem.message, ...(path ? { path } : {}) });
      }
      return NEVER;
    }),
  );
}

function sameShape(saved: unknown, empty: unknown): boolean {
  if (Array.isArray(empty)) return Array.isArray(saved);
  if (typeof empty === 'object' && empty !== null) return typeof saved === 'object' && saved !== null && !Array.isArray(saved);
  return typeof saved === typeof empty;
}

/** Defines a step's contract from its field table (see the module comment). */
export function defineStepContract<TFields extends FieldTable>(definition: StepContractDefinition<TFields>): StepContract<TFields> {
  const checksOf = (context: ContractContext) =>
    (definition.checks?.(context) ?? []) as unknown as readonly CrossCheck<Record<string, unknown>>[];

  return {
    fields: definition.fields,
    example: definition.example,

    formSchema(context) {
      const table = definition.fields(context);
      const checks = checksOf(context);
      return tableSchema<Record<string, unknown>>((input) => {
        const { values, problems } = readTable(table, checks, input, { kind: 'form', locale: context.locale });
        return problems.length ? { problems } : { value: values };
      }) as unknown as v.GenericSchema<FormValues<TFields>, WireValues<TFields>>;
    },

    toPayload(values, context) {
      const table = definition.fields(context);
      const withHidden: Record<string, unknown> = { ...values };
      for (const [name, field] of Object.entries(table)) {
        if (field.kind === 'hidden' && (!field.when || field.when(withHidden))) {
          withHidden[name] = (field as HiddenField<unknown>).value({ locale: context.locale });
        }
      }
      return buildPayload(table, withHidden);
    },

    payloadSchema(context) {
      const table = definition.fields(context);
      const checks = checksOf(context);
      return tableSchema<StepPayload>((input) => {
        if (typeof input !== 'object' || input === null || Array.isArray(input)) {
          return { problems: [{ path: [], message: MESSAGES.required }] };
        }
        const { values, problems } = readTable(table, checks, input, { kind: 'wire' });
        return problems.length ? { problems } : { value: buildPayload(table, values) };
      });
    },

    fieldOfPath(wirePath, context) {
      const table = definition.fields(context);
      // The deepest field path wins, should one field's path lie below another's.
      const entries = Object.entries(table).sort(([, a], [, b]) => b.path.length - a.path.length);
      for (const [name, field] of entries) {
        if (field.kind === 'hidden' || !isUnder(wirePath, field.path)) continue;
        if (field.kind === 'value') return field.focus ? `${name}.${field.focus}` : name;
        const rest = wirePath.slice(field.path.length + 1);
        const [index, ...below] = rest.split('.');
        if (!index || !/^\d+$/.test(index)) return name;
        const within = below.join('.');
        const item = Object.entries(field.item as ValueFieldTable).find(([, itemField]) => isUnder(within, itemField.path));
        if (!item) return name;
        const [itemName, itemField] = item;
        return `${name}.${index}.${itemName}${itemField.focus ? `.${itemField.focus}` : ''}`;
      }
      return undefined;
    },

    initialValues(context, saved) {
      const table = definition.fields(context);
      const values: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(table)) {
        if (field.kind === 'value') values[name] = field.empty;
        else if (field.kind === 'rows') values[name] = [];
      }
      Object.assign(values, definition.initial?.(context) ?? {});
      if (saved) {
        for (const name of Object.keys(values)) {
          if (name in saved && sameShape(saved[name], values[name])) values[name] = saved[name];
        }
      }
      return values as FormValues<TFields>;
    },
  };
}
