import type { ComponentPropsWithRef, HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { useFieldControlProps } from './field';
import './text-input.css';

export type InputMode = 'none' | 'text' | 'tel' | 'url' | 'email' | 'numeric' | 'decimal' | 'search';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'autoComplete' | 'inputMode' | 'type' | 'className' | 'children'> {
  /** Required so every field tells browsers and password managers what it holds (WCAG 1.3.5); "off" is a choice too. */
  autoComplete: HTMLInputAutoCompleteAttribute;
  /** Required so phones show the keyboard that fits (decimal for money, tel for phones, email ...). */
  inputMode: InputMode;
  type?: 'text' | 'email' | 'tel' | 'url' | 'search' | 'password';
  /** GOV.UK fixed widths in characters; full width otherwise (mobile first). */
  width?: 'full' | '20' | '10';
  /** Rendered after the input and hidden from assistive technology: the label must carry the unit. */
  suffix?: ReactNode;
}

/**
 * A single-line text input. Inside a Field it takes the Field's id, hint/error description and
 * invalid state. `ref` is a plain prop (React 19), so react-hook-form's `register` spreads onto it.
 */
export function TextInput({ autoComplete, inputMode, type = 'text', width = 'full', suffix, spellCheck, ...props }: TextInputProps) {
  const { invalid, ...a11y } = useFieldControlProps(props);
  const classes = ['solis-input', invalid && 'solis-input--error', width !== 'full' && `solis-input--width-${width}`]
    .filter(Boolean)
    .join(' ');
  const input = (
    <input
      {...props}
      {...a11y}
      type={type}
      className={classes}
      autoComplete={autoComplete}
      inputMode={inputMode}
      spellCheck={spellCheck ?? false}
    />
  );
  if (suffix == null) return input;
  return (
    <div className="solis-input-wrapper">
      {input}
      <span className="solis-input__suffix" aria-hidden="true">
        {suffix}
      </span>
    </div>
  );
}
