import { useId } from 'react';
import type { HTMLInputAutoCompleteAttribute } from 'react';
import { Trans } from '@lingui/react/macro';
import { joinIds } from './field';
import { TextInput } from './text-input';
import type { TextInputProps } from './text-input';
import './text-input.css';

export interface MoneyInputProps extends Omit<TextInputProps, 'inputMode' | 'type' | 'suffix' | 'autoComplete'> {
  /** Usually "off"; "transaction-amount" where the browser may offer an amount. */
  autoComplete: HTMLInputAutoCompleteAttribute;
}

/**
 * An amount in euros. It is a text input on purpose: people type "1 500,50" or "1500.50" and both
 * must be accepted as typed (no number spinner, no rejected comma); the form layer turns the text
 * into a number with `parseMoney` (core/validation/money.ts). The € suffix is decorative, so the
 * currency is also given to screen readers as part of the description.
 */
export function MoneyInput({ width = '10', 'aria-describedby': describedBy, ...props }: MoneyInputProps) {
  const currencyId = useId();
  return (
    <>
      <TextInput
        {...props}
        width={width}
        type="text"
        inputMode="decimal"
        suffix="€"
        aria-describedby={joinIds(describedBy, currencyId)}
      />
      <span id={currencyId} className="solis-visually-hidden">
        <Trans>Amount in euros</Trans>
      </span>
    </>
  );
}
