import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { CheckboxField, PhoneField, TextField } from '../../components/form/form-fields';
import type { BusinessDomain } from '../../../core/domain/business-domains';
import { acceptedPhoneCodes } from '../../../core/validation/general/phone';
import { MarketingConsentField } from './marketing-consent';

interface PersonFormProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
}

/**
 * Who is applying, as the create step and the co-borrower's first step ask it: first name, surname,
 * what the step asks next to the name (the applicant's personal code), e-mail and phone, with the
 * contract fields `firstName`, `surname`, `email` and `phoneNumber`.
 */
export function ContactFields<TValues extends FieldValues, TOutput>({
  form,
  domain,
  afterName,
}: PersonFormProps<TValues, TOutput> & { domain: BusinessDomain; afterName?: ReactNode }) {
  const { t } = useLingui();
  const name = (field: string) => field as FieldPath<TValues>;
  return (
    <>
      <TextField form={form} name={name('firstName')} label={t`First name`} autoComplete="given-name" inputMode="text" spellCheck={false} />
      <TextField form={form} name={name('surname')} label={t`Surname`} autoComplete="family-name" inputMode="text" spellCheck={false} />
      {afterName}
      <TextField form={form} name={name('email')} type="email" label={t`E-mail`} autoComplete="email" inputMode="email" spellCheck={false} />
      <PhoneField
        form={form}
        codeName={name('phoneNumber.code')}
        numberName={name('phoneNumber.number')}
        codes={acceptedPhoneCodes(domain)}
        codeLabel={t`Country code`}
        numberLabel={t`Phone number`}
      />
    </>
  );
}

/** The consents of a person's first step: data processing (required) and marketing (optional). */
export function ConsentsFieldset<TValues extends FieldValues, TOutput>({ form }: PersonFormProps<TValues, TOutput>) {
  const { t } = useLingui();
  return (
    <fieldset className="solis-fieldset">
      <legend className="solis-fieldset__legend">
        <Trans>Consents</Trans>
      </legend>
      <CheckboxField
        form={form}
        name={'consentDataProcessing' as FieldPath<TValues>}
        label={t`I agree to the processing of my personal data to assess this application, including queries to credit registers.`}
      />
      <MarketingConsentField form={form} name={'consentMarketing' as FieldPath<TValues>} />
    </fieldset>
  );
}
