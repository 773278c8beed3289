/**
 * Fields bound to a step form by name. Each takes the `form` of `useStepForm`, so `name` is checked
 * against the form's values, and each requires `autoComplete` (and text fields `inputMode`) so no
 * screen can forget them. Inputs stay uncontrolled (react-hook-form `register`).
 */
import { createContext, useContext } from 'react';
import type { FormHTMLAttributes, HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { get, useFormState } from 'react-hook-form';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { LOCALE_TAG, isLocale } from '../../../core/domain/languages';
import { splitInternationalNumber } from '../../../core/validation/format/phone';
import { PHONE_CODE_REGIONS } from '../../../core/validation/general/phone';
import { Checkbox } from '../checkbox';
import { ErrorSummary } from '../error-summary';
import { Field } from '../field';
import { MoneyInput } from '../money-input';
import { Select } from '../select';
import type { SelectOption } from '../select';
import { TextInput } from '../text-input';
import type { InputMode, TextInputProps } from '../text-input';
import { fieldIdOf } from './use-step-form';
import type { StepForm as StepFormApi, StepFormFieldContext } from './use-step-form';
// The question groups' rules (question-fields.tsx is a later steps' chunk) load with the first page:
// a few hundred bytes there rather than in every step screen's own budget (tests/bundle).
import './question-fields.css';

/** The step form's field context (question-fields.tsx reads it too). */
export const FieldsContext = createContext<StepFormFieldContext | null>(null);

export interface BoundFieldProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  /** Translated. */
  label: ReactNode;
  /** Translated. */
  hint?: ReactNode;
}

/**
 * Registration plus the field's translated error (issue 8, the form baseline):
 * - a field is checked when the applicant leaves it after changing it, so tabbing through empty
 *   fields shows nothing, while format rules still run as soon as something was typed;
 * - a field that shows an error is re-checked as the applicant types, so the error goes away the
 *   moment it is fixed (new errors wait for leaving the field);
 * - an empty required field says so in its own words (`requiredMessages` of the form).
 */
export function useBoundField<TValues extends FieldValues, TOutput>(form: UseFormReturn<TValues, unknown, TOutput>, name: FieldPath<TValues>) {
  const fields = useContext(FieldsContext);
  const { errors } = useFormState({ control: form.control, name, exact: true });
  const own = (get(errors, name) as { message?: string } | undefined)?.message;
  const key = own || fields?.externalError(name);
  const registration = form.register(name, {
    onChange: () => {
      fields?.markChanged(name);
      if (form.getFieldState(name).error && !form.formState.isSubmitted) void form.trigger(name);
    },
    onBlur: () => {
      if (fields?.wasChanged(name) && !form.formState.isSubmitted) void form.trigger(name);
    },
  });
  return { id: fieldIdOf(name), error: key ? (fields?.messageFor(name, key) ?? key) : undefined, registration };
}

export interface TextFieldProps<TValues extends FieldValues, TOutput> extends BoundFieldProps<TValues, TOutput> {
  autoComplete: HTMLInputAutoCompleteAttribute;
  inputMode: InputMode;
  type?: TextInputProps['type'];
  width?: TextInputProps['width'];
  spellCheck?: boolean;
}

export function TextField<TValues extends FieldValues, TOutput>({ form, name, label, hint, ...input }: TextFieldProps<TValues, TOutput>) {
  const { id, error, registration } = useBoundField(form, name);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <TextInput {...registration} {...input} />
    </Field>
  );
}

export interface MoneyFieldProps<TValues extends FieldValues, TOutput> extends BoundFieldProps<TValues, TOutput> {
  autoComplete: HTMLInputAutoCompleteAttribute;
  width?: TextInputProps['width'];
  /** An amount the step works out from others (a housing loan's): shown and focusable, not typed. */
  readOnly?: boolean;
}

/** An amount typed as text ("1 500,50"); the step schema parses it with `parseMoney`. */
export function MoneyField<TValues extends FieldValues, TOutput>({ form, name, label, hint, ...input }: MoneyFieldProps<TValues, TOutput>) {
  const { id, error, registration } = useBoundField(form, name);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <MoneyInput {...registration} {...input} />
    </Field>
  );
}

export interface SelectFieldProps<TValues extends FieldValues, TOutput> extends BoundFieldProps<TValues, TOutput> {
  options: readonly SelectOption[];
  autoComplete: string;
  placeholder?: string;
}

export function SelectField<TValues extends FieldValues, TOutput>({ form, name, label, hint, ...select }: SelectFieldProps<TValues, TOutput>) {
  const { id, error, registration } = useBoundField(form, name);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Select {...registration} {...select} />
    </Field>
  );
}

export function CheckboxField<TValues extends FieldValues, TOutput>({ form, name, label, hint }: BoundFieldProps<TValues, TOutput>) {
  const { id, error, registration } = useBoundField(form, name);
  return <Checkbox {...registration} id={id} label={label} hint={hint} error={error} />;
}

export interface StepFormProps<TValues extends FieldValues, TOutput>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate' | 'children'> {
  stepForm: StepFormApi<TValues, TOutput>;
  onSubmit: (values: TOutput) => void | Promise<void>;
  children: ReactNode;
}

/**
 * The <form> of a step: browser validation off (the schema's messages are the ones shown), the
 * error summary first, then the step's heading, fields and SubmitButton.
 */
export function StepForm<TValues extends FieldValues, TOutput>({ stepForm, onSubmit, children, ...props }: StepFormProps<TValues, TOutput>) {
  return (
    <FieldsContext.Provider value={stepForm.fieldContext}>
      <form {...props} noValidate onSubmit={stepForm.handleSubmit(onSubmit)}>
        <ErrorSummary errors={stepForm.summary.errors} focusRequest={stepForm.summary.focusRequest} />
        {children}
      </form>
    </FieldsContext.Provider>
  );
}

/** A calling code with the country it stands for, in the reader's language: "Estonia (+372)". */
export function phoneCodeLabel(code: string, locale: string): string {
  const region = (PHONE_CODE_REGIONS as Readonly<Record<string, string>>)[code];
  const tag = isLocale(locale) ? LOCALE_TAG[locale] : locale;
  const country = region ? new Intl.DisplayNames([tag], { type: 'region' }).of(region) : undefined;
  return country ? `${country} (${code})` : code;
}

export interface PhoneFieldProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** The names of the code and the number inside the form's phone value. */
  codeName: FieldPath<TValues>;
  numberName: FieldPath<TValues>;
  /** The calling codes the rules accept here (acceptedPhoneCodes), the country's own first. */
  codes: readonly string[];
  codeLabel: ReactNode;
  numberLabel: ReactNode;
  hint?: ReactNode;
  /** `off` for someone else's number (a co-applicant's, an employer's): the browser must not offer the applicant's own. */
  autoComplete?: 'off';
}

/**
 * A phone number as a country-code select (country names, only the codes the rules accept) and the
 * number. A number typed or pasted with its prefix ("+372 5123 4567") moves the prefix into the
 * select when the applicant leaves the field, so it is never doubled (issue 8).
 */
export function PhoneField<TValues extends FieldValues, TOutput>({ form, codeName, numberName, codes, codeLabel, numberLabel, hint, autoComplete }: PhoneFieldProps<TValues, TOutput>) {
  const { i18n } = useLingui();
  const options = codes.map((code) => ({ value: code, label: phoneCodeLabel(code, i18n.locale) }));
  const moveTypedPrefix = () => {
    const typed = form.getValues(numberName);
    const split = typeof typed === 'string' ? splitInternationalNumber(typed, codes) : undefined;
    if (!split) return;
    form.setValue(codeName, split.code as never, { shouldDirty: true });
    form.setValue(numberName, split.number as never, { shouldDirty: true });
    // The number field was just checked as typed (with its prefix): check it again as it is now.
    void form.trigger(numberName);
  };
  return (
    <div className="solis-phone" onBlur={moveTypedPrefix}>
      <SelectField form={form} name={codeName} label={codeLabel} options={options} autoComplete={autoComplete ?? 'tel-country-code'} />
      <TextField form={form} name={numberName} type="tel" label={numberLabel} hint={hint} autoComplete={autoComplete ?? 'tel-national'} inputMode="tel" width="20" />
    </div>
  );
}
