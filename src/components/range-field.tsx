import { useId, type ChangeEvent, type ReactNode } from 'react';
import { ErrorMessage, errorIdOf, hintIdOf, joinIds } from './field';
import { MoneyInput } from './money-input';
import { TextInput } from './text-input';
import './range-field.css';

export interface RangeFieldProps {
  label: ReactNode;
  /** The slider's accessible name (the label as text). */
  sliderName: string;
  hint?: ReactNode;
  /** A translated problem, shown with the typed input. */
  error?: string | undefined;
  kind: 'money' | 'months';
  min: number;
  max: number;
  step: number;
  /** Where the slider stands. */
  value: number;
  /** What the typed input shows. */
  text: string;
  /** The slider's value read out (`€3,000`, `36 months`). */
  valueText: string;
  disabled?: boolean;
  onSlide: (value: number) => void;
  onType: (text: string) => void;
  onLeave?: () => void;
  /** The typed input's id, for an error summary's link to it (generated when not given). */
  inputId?: string;
}

export interface SliderProps {
  /** The slider's accessible name. */
  name: string;
  min: number;
  max: number;
  step: number;
  value: number;
  /** The value read out in words (`€3,000`, `36 months`). */
  valueText: string;
  describedBy?: string | undefined;
  disabled?: boolean | undefined;
  onSlide: (value: number) => void;
}

/** A range slider (moves with the arrow keys too); always beside a typed input of the same value (WCAG 2.5.7). */
export function Slider({ name, min, max, step, value, valueText, describedBy, disabled, onSlide }: SliderProps) {
  return (
    <input
      type="range"
      className="solis-range-field__slider"
      aria-label={name}
      aria-valuetext={valueText}
      aria-describedby={describedBy}
      min={min}
      max={max}
      step={step}
      value={Math.min(max, Math.max(min, value))}
      disabled={disabled}
      onChange={(event) => onSlide(Number(event.target.value))}
    />
  );
}

/**
 * A value chosen with a slider or typed, side by side (WCAG 2.5.7, dragging movements: the typed
 * input does everything the slider does without dragging; the slider also moves with the arrow keys).
 * Both carry the same name; the slider reads its value out in words (`aria-valuetext`).
 */
export function RangeField({ label, sliderName, hint, error, kind, min, max, step, value, text, valueText, disabled, onSlide, onType, onLeave, inputId: givenId }: RangeFieldProps) {
  const id = useId();
  const inputId = givenId ?? `${id}-input`;
  const describedBy = joinIds(hint != null && hintIdOf(inputId), error && errorIdOf(inputId));
  const typed = (event: ChangeEvent<HTMLInputElement>) => onType(event.target.value);
  return (
    <div className={error ? 'solis-form-group solis-form-group--error solis-range-field' : 'solis-form-group solis-range-field'}>
      <label className="solis-label" htmlFor={inputId}>
        {label}
      </label>
      {hint != null && (
        <div id={hintIdOf(inputId)} className="solis-hint">
          {hint}
        </div>
      )}
      {error && <ErrorMessage id={errorIdOf(inputId)}>{error}</ErrorMessage>}
      <div className="solis-range-field__row">
        <Slider
          name={sliderName}
          min={min}
          max={max}
          step={step}
          value={value}
          valueText={valueText}
          describedBy={hint != null ? hintIdOf(inputId) : undefined}
          disabled={disabled}
          onSlide={onSlide}
        />
        <div className="solis-range-field__input">
          {kind === 'money' ? (
            <MoneyInput id={inputId} autoComplete="off" value={text} disabled={disabled} aria-describedby={describedBy} aria-invalid={error ? true : undefined} onChange={typed} onBlur={onLeave} />
          ) : (
            <TextInput
              id={inputId}
              autoComplete="off"
              inputMode="numeric"
              width="10"
              value={text}
              disabled={disabled}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              onChange={typed}
              onBlur={onLeave}
            />
          )}
        </div>
      </div>
    </div>
  );
}
