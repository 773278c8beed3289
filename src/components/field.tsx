import { createContext, useContext } from 'react';
import type { AriaAttributes, ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import './field.css';

/** What a labelled control needs from its Field: its id and the ids of the texts that describe it. */
interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

export function hintIdOf(id: string): string {
  return `${id}-hint`;
}

export function errorIdOf(id: string): string {
  return `${id}-error`;
}

/** Space-separated ids for aria-describedby; undefined when there are none. */
export function joinIds(...ids: (string | false | null | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/** The accessibility props a control inside a Field renders with; the control's own props win. */
export function useFieldControlProps(own: { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: AriaAttributes['aria-invalid'] }) {
  const field = useContext(FieldContext);
  const invalid = own['aria-invalid'] === true || own['aria-invalid'] === 'true' || Boolean(field?.invalid);
  return {
    id: own.id ?? field?.id,
    'aria-describedby': joinIds(field?.describedBy, own['aria-describedby']),
    'aria-invalid': invalid ? (true as const) : undefined,
    invalid,
  };
}

export interface ErrorMessageProps {
  id: string;
  children: ReactNode;
}

/** GOV.UK error message: the visually hidden prefix makes a screen reader say it is an error. */
export function ErrorMessage({ id, children }: ErrorMessageProps) {
  return (
    <p id={id} className="solis-error-message">
      <span className="solis-visually-hidden">
        <Trans>Error:</Trans>{' '}
      </span>
      {children}
    </p>
  );
}

export interface FieldProps {
  /** The control's id: the label points at it and the error summary links to it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A translated message; when present the field shows it and marks its control invalid. */
  error?: string;
  /** One control (TextInput, MoneyInput, Select) that picks up id, aria-describedby and aria-invalid. */
  children: ReactNode;
}

/**
 * A question with one labelled control: label, optional hint, error message, control, in the
 * GOV.UK order, with the hint and error wired to the control through aria-describedby.
 */
export function Field({ id, label, hint, error, children }: FieldProps) {
  const describedBy = joinIds(hint != null && hintIdOf(id), error && errorIdOf(id));
  return (
    <div className={error ? 'solis-form-group solis-form-group--error' : 'solis-form-group'}>
      <label className="solis-label" htmlFor={id}>
        {label}
      </label>
      {hint != null && (
        <div id={hintIdOf(id)} className="solis-hint">
          {hint}
        </div>
      )}
      {error && <ErrorMessage id={errorIdOf(id)}>{error}</ErrorMessage>}
      <FieldContext.Provider value={{ id, describedBy, invalid: Boolean(error) }}>{children}</FieldContext.Provider>
    </div>
  );
}
