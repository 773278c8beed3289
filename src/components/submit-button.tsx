import { useId } from 'react';
import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { joinIds } from './field';
import { Spinner } from './spinner';
import './button.css';

export interface SubmitButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'type' | 'disabled' | 'className'> {
  children: ReactNode;
  /** While the step is being submitted: the button shows it, ignores further clicks and keeps focus. */
  pending?: boolean;
  /** Translated text of a failed submit (section 8: "form submit shows an error text on the button"). */
  error?: ReactNode;
}

/**
 * The page's one primary action. While pending it is aria-disabled rather than disabled: a
 * disabled button drops keyboard focus to the page, and clicks (or Enter in a field, which clicks
 * the default button) are swallowed instead, so a double click cannot submit twice.
 */
export function SubmitButton({ children, pending = false, error, onClick, 'aria-describedby': describedBy, ...props }: SubmitButtonProps) {
  const errorId = useId();
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (pending) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  const ids = joinIds(describedBy, error != null && error !== false && errorId);
  return (
    <div className="solis-submit">
      <button
        {...props}
        type="submit"
        className="solis-button"
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        aria-describedby={ids}
        onClick={handleClick}
      >
        {pending && <Spinner />}
        {children}
      </button>
      <div role="status" className="solis-visually-hidden">
        {pending && <Trans>Sending your answers, please wait.</Trans>}
      </div>
      <div role="alert">
        {error != null && error !== false && (
          <p id={errorId} className="solis-submit__error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
