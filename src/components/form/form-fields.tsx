/**
 * Fields bound to a step form by name. Each takes the `form` of `useStepForm`, so `name` is checked
 * against the form's values, and each requires `autoComplete` (and text fields `inputMode`) so no
 * screen can forget them. Inputs stay uncontrolled (react-hook-form `register`).
 */
import type { FormHTMLAttributes, HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { get, useFormState } from 'react-hook-form';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useValidationMessage } from '../../i18n/validation-message';
import { Checkbox } from '../checkbox';
import { ErrorSummary } from '../error-summary';
import { Field } from '../field';
import { MoneyInput } from '../money-input';
import { Select } from '../select';
import type { SelectOption } from '../select';
import { TextInput } from '../text-input';
import type { InputMode, TextInputProps } from '../text-input';
import { fieldIdOf } from './use-step-form';
import type { StepForm as StepFormApi } from './use-step-form';

interface BoundFieldProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  /** Translated. */
  label: ReactNode;
  /** Translated. */
  hint?: ReactNode;
}

/**
 * Registration plus the field's translated error. A field that shows an error is re-validated as
 * the applicant types, so the error goes away the moment it is fixed (new errors wait for blur).
 */
function useBoundField<TValues extends FieldValues, TOutput>(form: UseFormReturn<TValues, unknown, TOutput>, name: FieldPath<TValues>) {
  const translate = useValidationMessage();
  const { errors } = useFormState({ control: form.control, name, exact: true });
  const error = get(errors, name) as { message?: string } | undefined;
  const registration = form.register(name, {
    onChange: () => {
      if (form.getFieldState(name).error && !form.formState.isSubmitted) void form.trigger(name);
    },
  });
  return { id: fieldIdOf(name), error: error?.message ? translate(error.message) : undefined, registration };
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
    <form {...props} noValidate onSubmit={stepForm.handleSubmit(onSubmit)}>
      <ErrorSummary errors={stepForm.summary.errors} focusRequest={stepForm.summary.focusRequest} />
      {children}
    </form>
  );
}
