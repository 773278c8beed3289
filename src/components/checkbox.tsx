import type { ComponentPropsWithRef, ReactNode } from 'react';
import { ErrorMessage, errorIdOf, hintIdOf, joinIds } from './field';
import './checkbox.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'className' | 'children'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A translated message; shown above the box, GOV.UK style. */
  error?: string;
}

/** A single GOV.UK checkbox (a consent, a yes/no declaration) with its label after the box. */
export function Checkbox({ id, label, hint, error, 'aria-describedby': describedBy, ...props }: CheckboxProps) {
  const ids = joinIds(describedBy, hint != null && hintIdOf(id), error && errorIdOf(id));
  return (
    <div className={error ? 'solis-form-group solis-form-group--error' : 'solis-form-group'}>
      {error && <ErrorMessage id={errorIdOf(id)}>{error}</ErrorMessage>}
      <div className="solis-checkbox">
        <input
          {...props}
          id={id}
          type="checkbox"
          className="solis-checkbox__input"
          aria-describedby={ids}
          aria-invalid={error ? true : undefined}
        />
        <label className="solis-checkbox__label" htmlFor={id}>
          {label}
        </label>
        {hint != null && (
          <div id={hintIdOf(id)} className="solis-hint solis-checkbox__hint">
            {hint}
          </div>
        )}
      </div>
    </div>
  );
}
