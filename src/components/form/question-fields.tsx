/**
 * Fields that ask one question with several controls under a legend (GOV.UK): a date as day, month
 * and year; several checkboxes; radios. Bound to a step form like form-fields.tsx. Kept out of the
 * form stack that loads with the first page (vite.config.ts): the steps that ask these questions
 * come later in the flow, and this file loads with them.
 */
import { useContext } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { get, useFormState } from 'react-hook-form';
import type { FieldPath, FieldValues, PathValue } from 'react-hook-form';
import type { SelectOption } from '../select';
import { FieldsContext, useBoundField, type BoundFieldProps } from './form-fields';
import { fieldIdOf } from './use-step-form';
import { splitWrittenDate } from '../../../core/validation/general/typed-date';
import '../checkbox.css';
import './question-fields.css';

/**
 * A group of fields under one question (a date's day, month and year; a set of checkboxes): a
 * fieldset whose legend is the question, with its hint and one error message for the group.
 */
function QuestionGroup({ legend, hint, hintId, error, errorId, children }: { legend: ReactNode; hint?: ReactNode; hintId: string; error: string | undefined; errorId: string; children: ReactNode }) {
  return (
    <div className={error ? 'solis-form-group solis-form-group--error' : 'solis-form-group'}>
      <fieldset className="solis-fieldset" aria-describedby={[hint != null ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}>
        <legend className="solis-fieldset__legend solis-fieldset__legend--question">{legend}</legend>
        {hint != null && (
          <div id={hintId} className="solis-hint">
            {hint}
          </div>
        )}
        {error && (
          <p id={errorId} className="solis-error-message">
            <span className="solis-visually-hidden">
              <Trans>Error:</Trans>{' '}
            </span>
            {error}
          </p>
        )}
        {children}
      </fieldset>
    </div>
  );
}

export interface DateFieldProps<TValues extends FieldValues, TOutput> extends BoundFieldProps<TValues, TOutput> {
  /** `bday` for a date of birth (autocomplete bday-day, bday-month, bday-year); `off` otherwise. */
  autoComplete: 'bday' | 'off';
}

/**
 * A GOV.UK date input: day, month and year as three labelled numeric inputs under one legend, so
 * nobody has to guess a format. `name` is the date field; its parts are `name.day` and so on.
 */
export function DateField<TValues extends FieldValues, TOutput>({ form, name, label, hint, autoComplete }: DateFieldProps<TValues, TOutput>) {
  const fields = useContext(FieldsContext);
  const { errors } = useFormState({ control: form.control, name, exact: false });
  const own = (get(errors, name) as { message?: string; day?: { message?: string } } | undefined);
  const key = own?.message || own?.day?.message || fields?.externalError(`${name}.day`) || fields?.externalError(name);
  const error = key ? (fields?.messageFor(`${name}.day`, key) ?? key) : undefined;
  const id = fieldIdOf(name);
  /**
   * Decision 193: a whole date written (or pasted) into the day box alone (`15.03.1985`, `150385`)
   * is spread over the three boxes on leaving it, so the person sees how it was read.
   */
  const spread = (values: { day?: string; month?: string; year?: string } | undefined) => {
    const written = !values?.month?.trim() && !values?.year?.trim() ? splitWrittenDate(values?.day ?? '') : undefined;
    if (written) form.setValue(name, { day: String(Number(written.day)), month: String(Number(written.month)), year: written.year } as PathValue<TValues, FieldPath<TValues>>);
  };
  const part = (which: 'day' | 'month' | 'year', text: ReactNode, width: '2' | '4') => {
    const partName = `${name}.${which}` as FieldPath<TValues>;
    const registration = form.register(partName, {
      onChange: () => {
        fields?.markChanged(`${name}.day`);
        if (error && !form.formState.isSubmitted) void form.trigger(name);
      },
      onBlur: () => {
        if (which === 'day') spread(form.getValues(name) as { day?: string; month?: string; year?: string } | undefined);
        if (fields?.wasChanged(`${name}.day`) && !form.formState.isSubmitted) void form.trigger(name);
      },
    });
    return (
      <div className="solis-date-input__item">
        <label className="solis-label solis-date-input__label" htmlFor={fieldIdOf(partName)}>
          {text}
        </label>
        <input
          {...registration}
          id={fieldIdOf(partName)}
          className={`solis-input solis-date-input__input solis-input--width-${width}${error ? ' solis-input--error' : ''}`}
          type="text"
          inputMode="numeric"
          autoComplete={autoComplete === 'bday' ? `bday-${which}` : 'off'}
          aria-invalid={error ? true : undefined}
        />
      </div>
    );
  };
  return (
    <QuestionGroup legend={label} hint={hint} hintId={`${id}-hint`} error={error} errorId={`${id}-error`}>
      <div className="solis-date-input">
        {part('day', <Trans>Day</Trans>, '2')}
        {part('month', <Trans>Month</Trans>, '2')}
        {part('year', <Trans>Year</Trans>, '4')}
      </div>
    </QuestionGroup>
  );
}

export interface CheckboxOption extends SelectOption {
  /**
   * Once ticked it cannot be unticked (section 3: the LOAN purpose of relationship): it stays in the
   * tab order and is announced as unavailable, rather than `disabled`, which would drop its value.
   */
  locked?: boolean;
}

/** A click that would untick a locked box is cancelled: the box stays ticked and no change is reported. */
function keepTicked(event: MouseEvent<HTMLInputElement>) {
  if (!event.currentTarget.checked) event.preventDefault();
}

export interface CheckboxesFieldProps<TValues extends FieldValues, TOutput> extends BoundFieldProps<TValues, TOutput> {
  options: readonly CheckboxOption[];
}

/** Several choices as GOV.UK checkboxes under one legend; the value is the list of ticked options. */
export function CheckboxesField<TValues extends FieldValues, TOutput>({ form, name, label, hint, options }: CheckboxesFieldProps<TValues, TOutput>) {
  const { id, error, registration } = useBoundField(form, name);
  return (
    <QuestionGroup legend={label} hint={hint} hintId={`${id}-hint`} error={error} errorId={`${id}-error`}>
      <div className="solis-checkboxes">
        {options.map((option, index) => (
          <div className="solis-checkbox" key={option.value}>
            <input
              {...registration}
              id={index === 0 ? id : `${id}-${option.value}`}
              className="solis-checkbox__input"
              type="checkbox"
              value={option.value}
              disabled={option.disabled}
              aria-disabled={option.locked || undefined}
              onClick={option.locked ? keepTicked : undefined}
            />
            <label className="solis-checkbox__label" htmlFor={index === 0 ? id : `${id}-${option.value}`}>
              {option.label}
            </label>
          </div>
        ))}
      </div>
    </QuestionGroup>
  );
}

export interface RadiosFieldProps<TValues extends FieldValues, TOutput> extends BoundFieldProps<TValues, TOutput> {
  options: readonly SelectOption[];
  /** Side by side (GOV.UK inline radios): for two or a few short answers, like yes and no. */
  inline?: boolean;
}

/**
 * One of a few answers as GOV.UK radios under one legend. The first radio carries the field's id,
 * so the error summary's link lands on the group's first answer.
 */
export function RadiosField<TValues extends FieldValues, TOutput>({ form, name, label, hint, options, inline = false }: RadiosFieldProps<TValues, TOutput>) {
  const { id, error, registration } = useBoundField(form, name);
  return (
    <QuestionGroup legend={label} hint={hint} hintId={`${id}-hint`} error={error} errorId={`${id}-error`}>
      <div className={inline ? 'solis-radios solis-radios--inline' : 'solis-radios'}>
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${option.value}`;
          return (
            <div className="solis-radio" key={option.value}>
              <input {...registration} id={optionId} className="solis-radio__input" type="radio" value={option.value} disabled={option.disabled} />
              <label className="solis-radio__label" htmlFor={optionId}>
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
    </QuestionGroup>
  );
}
