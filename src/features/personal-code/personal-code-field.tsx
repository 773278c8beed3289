import { useEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import type { personalCodeCheckMachine } from './personal-code-check.machine';
import { personalCodeCheckView } from './personal-code-check-view';
import { TextField } from '../../components/form/form-fields';
import type { InputMode } from '../../components/text-input';
import { countryOfDomain, type BusinessDomain } from '../../../core/domain/business-domains';
import './personal-code-field.css';

export interface PersonalCodeFieldProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  domain: BusinessDomain;
  /** The step's personal code check (its logic `personalCode`). */
  check: ActorRefFrom<typeof personalCodeCheckMachine> | undefined;
  /** The code as people of the country know it; by default the country's own (11 digits, or the Latvian form with its hyphen). */
  hint?: string;
  /** By default numeric, text in Latvia (its codes may have a hyphen). */
  inputMode?: InputMode;
}

/**
 * A personal code with its server check (sections 5 and 8), as every step that asks one shows it:
 * the field, checked when it is left; "Checking…" while the server is asked; and "Check again"
 * when the check could not be made, after which focus returns to the field.
 */
export function PersonalCodeField<TValues extends FieldValues, TOutput>({ form, name, domain, check, hint, inputMode }: PersonalCodeFieldProps<TValues, TOutput>) {
  const { t } = useLingui();
  const codeCheck = useSelector(check, personalCodeCheckView);
  // A DOM need: the "Check again" button goes away with the answer, so focus returns to the field.
  const retryHadFocus = useRef(false);
  const { setFocus } = form;
  useEffect(() => {
    if (!codeCheck.retryOffered && retryHadFocus.current) {
      retryHadFocus.current = false;
      setFocus(name);
    }
  }, [codeCheck.retryOffered, setFocus, name]);
  const country = countryOfDomain(domain);
  return (
    <>
      {/* Blur bubbles up from the input (React's onBlur is focusout). */}
      <div onBlur={() => check?.send({ type: 'personalCode.blurred', text: String(form.getValues(name) ?? '') })}>
        <TextField
          form={form}
          name={name}
          label={t`Personal code`}
          hint={hint ?? (country === 'LV' ? t`As on your ID card, like 010190-12306` : t`11 digits, as on your ID card`)}
          autoComplete="off"
          inputMode={inputMode ?? (country === 'LV' ? 'text' : 'numeric')}
          width="20"
          spellCheck={false}
        />
      </div>
      <div className="solis-personal-code-check">
        <p role="status" className="solis-hint">
          {codeCheck.status === 'checking' ? <Trans>Checking your personal code…</Trans> : null}
        </p>
        {codeCheck.retryOffered && (
          <button
            type="button"
            className="solis-button solis-button--secondary"
            aria-disabled={codeCheck.busy || undefined}
            onFocus={() => (retryHadFocus.current = true)}
            onBlur={() => (retryHadFocus.current = false)}
            onClick={() => check?.send({ type: 'personalCode.retried' })}
          >
            <Trans>Check again</Trans>
          </button>
        )}
      </div>
    </>
  );
}
