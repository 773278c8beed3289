/**
 * The address screen every variant shows (view.tsx, view.lv.tsx, view.coborrower.tsx,
 * view.lv-coborrower.tsx): the variants pass in the words their country uses for the parts of an
 * address; the questions and their rules are the contract's.
 */
import { useMemo, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import { CheckboxField, SelectField, StepForm, TextField } from '../../components/form/form-fields';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import { countryOfDomain } from '../../../core/domain/business-domains';
import { ISO_COUNTRY_CODES } from '../../../core/domain/countries';
import { countryOptions } from '../../i18n/labels/countries';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import contract from './contract';

/** How a country calls the parts of an address. */
export interface AddressWords {
  city: string;
  county: string;
  postalCodeHint?: string;
}

export interface AddressFormProps {
  heading: ReactNode;
  intro?: ReactNode;
  words: AddressWords;
}

export function AddressForm({ heading, intro, words }: AddressFormProps) {
  const { t, i18n } = useLingui();
  const step = useContractForm(contract, {
    requiredMessages: {
      street: t`Enter your street and house number`,
      city: t`Enter your town or city`,
      postalCode: t`Enter your postal code`,
      country: t`Select your country`,
      correspondenceStreet: t`Enter the street and house number of your correspondence address`,
      correspondenceCity: t`Enter the town or city of your correspondence address`,
      correspondencePostalCode: t`Enter the postal code of your correspondence address`,
      correspondenceCountry: t`Select the country of your correspondence address`,
    },
  });
  const { form } = step.stepForm;
  const different = useWatch({ control: form.control, name: 'correspondenceDifferent' });
  const served = countryOfDomain(step.context.domain);
  // About 250 names, sorted in the reader's language: made once per language, not on every keystroke.
  const { locale } = step.context;
  const countries = useMemo(() => countryOptions(i18n, locale, ISO_COUNTRY_CODES, served), [i18n, locale, served]);

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="submitAddress">
        <span id="step-heading">{heading}</span>
      </PageHeading>
      <DraftConflictNotice />
      {intro && <p>{intro}</p>}

      <h2 className="solis-section-heading">
        <Trans>Where you live</Trans>
      </h2>
      <TextField form={form} name="street" label={t`Street and house number`} autoComplete="address-line1" inputMode="text" />
      <TextField form={form} name="apartment" label={t`Apartment (optional)`} autoComplete="address-line2" inputMode="text" width="10" />
      <TextField form={form} name="city" label={words.city} autoComplete="address-level2" inputMode="text" />
      <TextField form={form} name="county" label={words.county} autoComplete="address-level1" inputMode="text" />
      <TextField form={form} name="postalCode" label={t`Postal code`} hint={words.postalCodeHint} autoComplete="postal-code" inputMode="text" width="10" spellCheck={false} />
      <SelectField form={form} name="country" label={t`Country`} options={countries} autoComplete="country" />

      <CheckboxField
        form={form}
        name="correspondenceDifferent"
        label={t`My correspondence address is different`}
        hint={t`Tick this if letters should go to another address.`}
      />
      {different && (
        <div className="solis-conditional">
          <h2 className="solis-section-heading">
            <Trans>Your correspondence address</Trans>
          </h2>
          <TextField
            form={form}
            name="correspondenceStreet"
            label={t`Street and house number`}
            autoComplete="section-correspondence address-line1"
            inputMode="text"
          />
          <TextField
            form={form}
            name="correspondenceApartment"
            label={t`Apartment (optional)`}
            autoComplete="section-correspondence address-line2"
            inputMode="text"
            width="10"
          />
          <TextField form={form} name="correspondenceCity" label={words.city} autoComplete="section-correspondence address-level2" inputMode="text" />
          <TextField form={form} name="correspondenceCounty" label={words.county} autoComplete="section-correspondence address-level1" inputMode="text" />
          <TextField
            form={form}
            name="correspondencePostalCode"
            label={t`Postal code`}
            hint={words.postalCodeHint}
            autoComplete="section-correspondence postal-code"
            inputMode="text"
            width="10"
            spellCheck={false}
          />
          <SelectField form={form} name="correspondenceCountry" label={t`Country`} options={countries} autoComplete="section-correspondence country" />
        </div>
      )}

      <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
