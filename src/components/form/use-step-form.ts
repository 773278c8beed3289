/**
 * The form pattern every step screen follows (docs/decisions/031-step-form-pattern.md):
 * react-hook-form with the step's valibot schema as a Standard Schema resolver, validation on blur
 * and on change, messages translated from the validation keys, a GOV.UK error summary that takes
 * focus after a failed submit, server field errors shown on their fields, and typed data never lost.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BaseSyntheticEvent } from 'react';
import { get, useForm } from 'react-hook-form';
import type { DefaultValues, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type * as v from 'valibot';
import type { FieldErrors as ServerFieldErrors } from '../../../core/wire/envelope.schema';
import { messageKeyOf, useValidationMessage } from '../../i18n/validation-message';
import { MESSAGES } from '../../../core/validation/messages';

/** The id of a field's control, from its form name (`phoneNumber.number` -> `field-phoneNumber-number`). */
export function fieldIdOf(name: string): string {
  return `field-${name.replace(/[.[\]]+/g, '-').replace(/-$/, '')}`;
}

/**
 * The field names of every row of a repeating block, written once with `*` for the row:
 * `incomes.${number}.source` -> `incomes.*.source`.
 */
export type RowFieldPattern<TName extends string> = TName extends `${infer Block}.${number}.${infer Item}` ? `${Block}.*.${Item}` : never;

/**
 * What each field says when it is left empty, in its own words: by field name, and for the fields
 * of a repeating block by pattern, as a function of the row (0 for the first), so the summary says
 * which row ("Select the source of income 2") and never lists the same words twice.
 */
export type RequiredMessages<TValues extends FieldValues> = Readonly<
  Partial<Record<FieldPath<TValues>, string>> & Partial<Record<RowFieldPattern<FieldPath<TValues>>, (row: number) => string>>
>;

/** The own words for an empty field: its name's message, else its row pattern's for that row. */
function ownRequiredMessage(messages: Readonly<Record<string, string | ((row: number) => string) | undefined>> | undefined, name: string): string | undefined {
  const own = messages?.[name];
  if (typeof own === 'string') return own;
  const row = /\.(\d+)\./.exec(name);
  if (!row?.[1]) return undefined;
  const byRow = messages?.[name.replace(/\.\d+\./, '.*.')];
  return typeof byRow === 'function' ? byRow(Number(row[1])) : undefined;
}

export interface StepFormError {
  /** The form name; empty for a form-level (schema root) error. */
  name: string;
  /** The control the summary links to; absent for a form-level error. */
  fieldId?: string;
  /** Translated. */
  message: string;
}

export interface UseStepFormOptions<TValues extends FieldValues, TOutput> {
  /** The step's form schema: its input is what the fields hold (text), its output what the step sends. */
  schema: v.GenericSchema<TValues, TOutput>;
  /** What the fields start with: the server draft or the application's data, else empty values. */
  defaultValues: DefaultValues<TValues>;
  /** Every change of any value, e.g. to save a debounced draft. */
  onValuesChange?: (values: TValues) => void;
  /**
   * Maps a server field error's dotted payload path (`personUpdates.0.declaredData.email`) to the
   * field that shows it (`email`); undefined when no field does. Without it a path that is itself
   * a field name is used as is.
   */
  fieldNameFromPath?: (path: string) => FieldPath<TValues> | undefined;
  /**
   * What each field says when it is left empty, in its own words ("Enter your first name"): GOV.UK
   * error messages name the field, so the summary never lists the same words twice (issue 8). The
   * fields of a repeating block by pattern (`incomes.*.source`), as a function of the row.
   */
  requiredMessages?: RequiredMessages<TValues>;
  /**
   * Problems the form's own rules cannot see (a server check of the personal code), by field name:
   * message keys, shown on the field and in the summary like any other.
   */
  externalErrors?: Readonly<Partial<Record<FieldPath<TValues>, string | undefined>>>;
  /**
   * The name of a repeating block's row, by block ("Collateral 2"): the error summary says it before
   * each problem of the row's fields ("Collateral 2: Enter the market value"), while the field's own
   * message, inside the row's fieldset named the same, stays as it is (decision 183).
   */
  rowNames?: Readonly<Record<string, (row: number) => string>>;
}

/** What the bound fields of a step form read from it (form-fields.tsx). */
export interface StepFormFieldContext {
  /** The translated message for a field's error key, in the field's own words where it has them. */
  messageFor: (name: string, key: string) => string;
  /** A problem from outside the form's rules, as a message key. */
  externalError: (name: string) => string | undefined;
  /** The applicant changed the field (its required error may show on leaving it). */
  markChanged: (name: string) => void;
  wasChanged: (name: string) => boolean;
}

export interface StepForm<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Every current error, translated, in the order the fields appear on the page. */
  errors: readonly StepFormError[];
  /** What the ErrorSummary shows: nothing until a submit failed, then the current errors. */
  summary: { errors: readonly StepFormError[]; focusRequest: number };
  /** A submit handler: runs `onValid` with the schema's output, or shows and focuses the summary. */
  handleSubmit: (onValid: (values: TOutput) => void | Promise<void>) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** Shows a rejected submission's `fieldErrors` on their fields; returns the paths no field shows. */
  applyServerErrors: (fieldErrors: ServerFieldErrors) => string[];
  /** Shows the error summary and moves focus to it (for errors the screen sets on fields itself). */
  showSummary: () => void;
  /** For the bound fields (provided by <StepForm>). */
  fieldContext: StepFormFieldContext;
}

interface RawError {
  name: string;
  key: string;
}

/** Flattens react-hook-form's nested errors into named leaves (`root` is a form- or array-level error). */
function collectErrors(node: unknown, prefix: string, out: RawError[]): RawError[] {
  if (!node || typeof node !== 'object') return out;
  const leaf = node as { type?: unknown; message?: unknown };
  if (typeof leaf.type === 'string') {
    if (typeof leaf.message === 'string' && leaf.message) out.push({ name: prefix, key: leaf.message });
    return out;
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref') continue;
    collectErrors(child, key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

/** Page order: the summary lists problems in the order the applicant meets the fields. */
function byPagePosition(a: StepFormError, b: StepFormError): number {
  if (typeof document === 'undefined') return 0;
  const first = a.fieldId ? document.getElementById(a.fieldId) : null;
  const second = b.fieldId ? document.getElementById(b.fieldId) : null;
  if (!first || !second) return first ? -1 : second ? 1 : 0;
  if (first === second) return 0;
  return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

export function useStepForm<TValues extends FieldValues, TOutput>({
  schema,
  defaultValues,
  onValuesChange,
  fieldNameFromPath,
  requiredMessages,
  externalErrors,
  rowNames,
}: UseStepFormOptions<TValues, TOutput>): StepForm<TValues, TOutput> {
  const form = useForm<TValues, unknown, TOutput>({
    resolver: standardSchemaResolver(schema),
    defaultValues,
    // Fields validate themselves on leaving once changed (form-fields.tsx): a keyboard user tabbing
    // through empty fields is not told off for each; a submit checks everything.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The error summary takes focus instead (GOV.UK), so the applicant hears every problem first.
    shouldFocusError: false,
  });
  const translate = useValidationMessage();
  const [changed] = useState(() => new Set<string>());
  const ownMessages = requiredMessages as Readonly<Record<string, string | ((row: number) => string) | undefined>> | undefined;
  const outside = externalErrors as Readonly<Record<string, string | undefined>> | undefined;
  const messageFor = (name: string, key: string) => (messageKeyOf(key) === MESSAGES.required ? ownRequiredMessage(ownMessages, name) : undefined) ?? translate(key);
  const fieldContext: StepFormFieldContext = {
    messageFor,
    externalError: (name) => outside?.[name],
    markChanged: (name) => changed.add(name),
    wasChanged: (name) => changed.has(name),
  };
  const [summaryShown, setSummaryShown] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);

  const latest = useRef({ onValuesChange, fieldNameFromPath });
  useEffect(() => {
    latest.current = { onValuesChange, fieldNameFromPath };
  });

  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => latest.current.onValuesChange?.(values),
      }),
    [subscribe],
  );

  const showSummary = useCallback(() => {
    setSummaryShown(true);
    setFocusRequest((n) => n + 1);
  }, []);

  const { handleSubmit: submitWith } = form;
  const handleSubmit = useCallback(
    (onValid: (values: TOutput) => void | Promise<void>) => submitWith(onValid, showSummary),
    [submitWith, showSummary],
  );

  const { setError, getValues } = form;
  const applyServerErrors = useCallback(
    (fieldErrors: ServerFieldErrors): string[] => {
      const unshown: string[] = [];
      const values = getValues();
      for (const [path, keys] of Object.entries(fieldErrors)) {
        const mapped = latest.current.fieldNameFromPath;
        const name = mapped ? mapped(path) : get(values, path) !== undefined ? (path as FieldPath<TValues>) : undefined;
        if (!name) {
          unshown.push(path);
          continue;
        }
        // A repeating block's own problem (too many rows) sits at its `root`, as the resolver puts
        // it, so it does not hide (or get hidden by) the problems of its rows' fields.
        const at = (Array.isArray(get(values, name)) ? `${name}.root` : name) as FieldPath<TValues>;
        setError(at, { type: 'server', message: keys[0] ?? MESSAGES.required });
      }
      if (unshown.length < Object.keys(fieldErrors).length) showSummary();
      return unshown;
    },
    [getValues, setError, showSummary],
  );

  const raw = collectErrors(form.formState.errors, '', []);
  for (const [name, key] of Object.entries(outside ?? {})) {
    if (key && !raw.some((error) => error.name === name)) raw.push({ name, key });
  }
  const inRow = (name: string, message: string) => {
    const row = /^([^.]+)\.(\d+)\./.exec(name);
    const rowName = row?.[1] ? rowNames?.[row[1]] : undefined;
    return rowName ? `${rowName(Number(row?.[2]))}: ${message}` : message;
  };
  const errors = raw
    .map(({ name, key }): StepFormError => ({ name, message: inRow(name, messageFor(name, key)), ...(name ? { fieldId: fieldIdOf(name) } : {}) }))
    .sort(byPagePosition);

  return {
    form,
    errors,
    summary: { errors: summaryShown ? errors : [], focusRequest },
    handleSubmit,
    applyServerErrors,
    showSummary,
    fieldContext,
  };
}
