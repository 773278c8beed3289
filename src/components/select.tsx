import type { ComponentPropsWithRef } from 'react';
import { useFieldControlProps } from './field';
import './select.css';

export interface SelectOption {
  value: string;
  /** Translated text shown for the option. */
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'autoComplete' | 'className' | 'children'> {
  options: readonly SelectOption[];
  /** Required like on every field (e.g. "country-name", or "off" for a product choice). */
  autoComplete: string;
  /** An empty first option ("Choose ...") so nothing is chosen for the applicant. */
  placeholder?: string;
}

/** A native select: the most robust choice on phones and with assistive technology. */
export function Select({ options, placeholder, autoComplete, ...props }: SelectProps) {
  const { invalid, ...a11y } = useFieldControlProps(props);
  return (
    <select {...props} {...a11y} autoComplete={autoComplete} className={invalid ? 'solis-select solis-select--error' : 'solis-select'}>
      {placeholder != null && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
