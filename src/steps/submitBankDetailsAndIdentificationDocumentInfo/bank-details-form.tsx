/**
 * The bank details and identity document screen every variant shows (section 2): the account,
 * the document, the tax residencies (a repeating block whose first row is fixed, section 5), the
 * purposes of the relationship and, for the applicant, the monthly payment day. The variants
 * differ in their heading and in how the document number is described (Latvia's formats).
 */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { CheckboxField, SelectField, StepForm, TextField } from '../../components/form/form-fields';
import { CheckboxesField, DateField } from '../../components/form/question-fields';
import { RowsField } from '../../components/form/rows-field';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import type { FormValues, WireValues } from '../../../core/contract/fields';
import { countryOfDomain, type CountryCode } from '../../../core/domain/business-domains';
import { DOCUMENT_TYPES, MONTHLY_PAYMENT_DAYS } from '../../../core/domain/finances';
import { LOCALE_TAG, isLocale } from '../../../core/domain/languages';
import { countryName, countryOptions } from '../../i18n/country-names';
import { DOCUMENT_TYPE_LABELS, PURPOSE_OF_RELATIONSHIP_LABELS } from '../../i18n/labels/finances';
import { formatIban } from '../../../core/validation/format/iban';
import { FIXED_PURPOSE, PURPOSES_OF_RELATIONSHIP, PURPOSE_OF_RELATIONSHIP_MAX, purposeOptionState } from '../../../core/validation/general/purpose-of-relationship';
import type { PurposeOfRelationship } from '../../../core/validation/general/purpose-of-relationship';
import { isTaxPayerCodeRequired, taxResidencyCountryOptions } from '../../../core/validation/general/tax-residency';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import contract, { TAX_RESIDENCY_COUNTRIES } from './contract';

type Fields = ReturnType<typeof contract.fields>;
type Form = UseFormReturn<FormValues<Fields>, unknown, WireValues<Fields>>;

export interface BankDetailsFormProps {
  heading: ReactNode;
  /** How the document number is written (Latvia: 2 letters and 7 digits). */
  documentNumberHint: string;
}

function TaxResidencyRow({ form, row, local }: { form: Form; row: number; local: CountryCode }) {
  const { t, i18n } = useLingui();
  const residencies = useWatch({ control: form.control, name: 'taxResidencies' });
  const country = residencies[row]?.countryCode ?? '';
  // The options change with the language and with the countries of the other rows (section 5).
  const chosenElsewhere = residencies
    .filter((_, index) => index !== row)
    .map((other) => other.countryCode)
    .join(' ');
  const { locale } = i18n;
  const options = useMemo(
    () =>
      taxResidencyCountryOptions(countryOptions(locale, TAX_RESIDENCY_COUNTRIES), chosenElsewhere.split(' '), isLocale(locale) ? LOCALE_TAG[locale] : locale).map((option) => ({
        value: option.code,
        label: option.label,
      })),
    [locale, chosenElsewhere],
  );
  return (
    <>
      {row === 0 ? (
        <p>
          <Trans>
            Country: <strong>{countryName(country, i18n.locale)}</strong>
          </Trans>
        </p>
      ) : (
        <SelectField form={form} name={`taxResidencies.${row}.countryCode`} label={t`Country`} options={options} placeholder={t`Choose a country`} autoComplete="off" />
      )}
      {isTaxPayerCodeRequired(country, local) && (
        <TextField
          form={form}
          name={`taxResidencies.${row}.taxPayerCode`}
          label={t`Taxpayer identification number in ${countryName(country, i18n.locale)}`}
          hint={t`Digits, and hyphens if the number has them`}
          autoComplete="off"
          inputMode="text"
          width="20"
          spellCheck={false}
        />
      )}
    </>
  );
}

function PurposesField({ form }: { form: Form }) {
  const { t, i18n } = useLingui();
  const chosen = useWatch({ control: form.control, name: 'purposeOfRelationship' }) as PurposeOfRelationship[];
  // LOAN first: the purpose every applicant has, ticked and kept.
  const order = [FIXED_PURPOSE, ...PURPOSES_OF_RELATIONSHIP.filter((purpose) => purpose !== FIXED_PURPOSE)];
  const options = order.map((value) => {
    const state = purposeOptionState(value, chosen);
    const isChosen = chosen.includes(value);
    return {
      value,
      label: i18n._(PURPOSE_OF_RELATIONSHIP_LABELS[value]),
      // LOAN stays ticked; nothing more can be ticked once 3 are (section 5).
      locked: isChosen && !state.removable,
      disabled: !isChosen && !state.addable,
    };
  });
  return (
    <CheckboxesField
      form={form}
      name="purposeOfRelationship"
      label={t`Why do you want to use our services?`}
      hint={t`Choose up to ${PURPOSE_OF_RELATIONSHIP_MAX}. Loan is always one of them, as you are applying for one.`}
      options={options}
    />
  );
}

export function BankDetailsForm({ heading, documentNumberHint }: BankDetailsFormProps) {
  const { t, i18n } = useLingui();
  const step = useContractForm(contract, {
    requiredMessages: {
      bankAccountNumber: t`Enter your bank account number`,
      documentType: t`Select the type of identity document`,
      documentNumber: t`Enter the document number`,
      'issueDate.day': t`Enter the date of issue`,
      'expiryDate.day': t`Enter the expiry date`,
      placeOfBirth: t`Enter your place of birth`,
      'taxResidencies.*.countryCode': (row) => t`Select country of tax residency ${row + 1}`,
      'taxResidencies.*.taxPayerCode': (row) => t`Enter the taxpayer identification number for country of tax residency ${row + 1}`,
      purposeOfRelationship: t`Select why you want to use our services`,
      monthlyPaymentDay: t`Select the day of the month for your payment`,
    },
  });
  const { form } = step.stepForm;
  const table = useMemo(() => contract.fields(step.context), [step.context]);
  const country = countryOfDomain(step.context.domain);
  const documentTypes = DOCUMENT_TYPES.map((value) => ({ value, label: i18n._(DOCUMENT_TYPE_LABELS[value]) }));
  const days = MONTHLY_PAYMENT_DAYS.map((day) => ({ value: String(day), label: String(day) }));

  // The account number as section 5 formats it (upper case, groups of four) once it is left.
  const formatAccountNumber = () => {
    const typed = form.getValues('bankAccountNumber');
    const formatted = formatIban(typed);
    if (formatted && formatted !== typed) form.setValue('bankAccountNumber', formatted, { shouldDirty: true });
  };

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="submitBankDetailsAndIdentificationDocumentInfo">
        <span id="step-heading">{heading}</span>
      </PageHeading>
      <DraftConflictNotice />

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>Your bank account</Trans>
        </legend>
        {/* Blur bubbles up from the input (React's onBlur is focusout). */}
        <div onBlur={formatAccountNumber}>
          <TextField
            form={form}
            name="bankAccountNumber"
            label={t`Bank account number (IBAN)`}
            hint={t`An account in your name. It starts with ${country}.`}
            autoComplete="off"
            inputMode="text"
            spellCheck={false}
          />
        </div>
        {'monthlyPaymentDay' in table && (
          <SelectField
            form={form}
            name="monthlyPaymentDay"
            label={t`Monthly payment day`}
            hint={t`The day of each month your loan payment is due`}
            options={days}
            autoComplete="off"
          />
        )}
      </fieldset>

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>Your identity document</Trans>
        </legend>
        <SelectField form={form} name="documentType" label={t`Document type`} options={documentTypes} placeholder={t`Choose the document`} autoComplete="off" />
        <TextField form={form} name="documentNumber" label={t`Document number`} hint={documentNumberHint} autoComplete="off" inputMode="text" width="20" spellCheck={false} />
        <DateField form={form} name="issueDate" label={t`Date of issue`} hint={t`For example, 27 3 2021`} autoComplete="off" />
        <DateField form={form} name="expiryDate" label={t`Expiry date`} hint={t`For example, 26 3 2031`} autoComplete="off" />
        {'placeOfBirth' in table && (
          <>
            <TextField form={form} name="placeOfBirth" label={t`Place of birth`} hint={t`Town or city, and country if it is not ${countryName(country, i18n.locale)}`} autoComplete="off" inputMode="text" />
            <CheckboxField form={form} name="validityConfirmed" label={t`I confirm that this document is valid and the details I have given are correct`} />
          </>
        )}
      </fieldset>

      <section>
        <h2 id="tax-residencies-heading">
          <Trans>Where you are resident for tax purposes</Trans>
        </h2>
        <p className="solis-hint">
          <Trans>Add every country where you pay tax as a resident. For a country other than {countryName(country, i18n.locale)}, we need your taxpayer number there.</Trans>
        </p>
        <RowsField
          form={form}
          name="taxResidencies"
          field={table.taxResidencies}
          labelledBy="tax-residencies-heading"
          fixed={(row) => row === 0}
          texts={{
            legend: (row) => t`Country of tax residency ${row + 1}`,
            add: t`Add another country`,
            remove: (row) => t`Remove country of tax residency ${row + 1}`,
            added: (row, max) => t`Country of tax residency ${row + 1} of ${max} added`,
            removed: (row) => t`Country of tax residency ${row + 1} removed`,
            atLimit: (max) => t`You have added the most countries you can (${max}).`,
          }}
        >
          {(row) => <TaxResidencyRow form={form} row={row} local={country} />}
        </RowsField>
      </section>

      <PurposesField form={form} />

      <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
