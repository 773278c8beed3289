/**
 * The real-estate screen (section 2, SubmitRealEstateInfo): the property, the own contribution,
 * the owners (other owners as a repeating block), the repayment schedule and period. The variants
 * (view.tsx, view.lv.tsx) differ in how a personal code is described.
 */
import { useMemo } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { MoneyField, SelectField, StepForm, TextField } from '../../components/form/form-fields';
import { RowsField } from '../../components/form/rows-field';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import type { FormValues, WireValues } from '../../../core/contract/fields';
import {
  COLLATERAL_OWNERSHIP,
  INTEREST_RATE_BOUNDS,
  OWN_CONTRIBUTION_FINANCING,
  REAL_ESTATE_ASSET_TYPES,
  REAL_ESTATE_PERIOD_BOUNDS,
  REPAYMENT_SCHEDULES,
  SOURCES_OF_FUNDS,
  realEstateKindsOf,
} from '../../../core/domain/finances';
import type { MessageDescriptor } from '@lingui/core';
import {
  ASSET_CONDITION_LABELS,
  ASSET_TYPE_LABELS,
  COLLATERAL_OWNERSHIP_LABELS,
  OWN_CONTRIBUTION_FINANCING_LABELS,
  REAL_ESTATE_KIND_LABELS,
  RELATION_LABELS,
  REPAYMENT_SCHEDULE_LABELS,
  SOURCE_OF_FUNDS_LABELS,
} from '../../i18n/labels/finances';
import { RELATION_TYPES } from '../../../core/validation/estonia/related-persons';
import { ASSET_CONDITIONS } from '../../../core/validation/general/choices';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import contract from './contract';

type Fields = ReturnType<typeof contract.fields>;
type Form = UseFormReturn<FormValues<Fields>, unknown, WireValues<Fields>>;

export interface RealEstateFormProps {
  heading: ReactNode;
  /** How a co-owner's personal code is written in the country. */
  personalCodeHint: string;
}

function OwnerRow({ form, row, personalCodeHint }: { form: Form; row: number; personalCodeHint: string }) {
  const { t, i18n } = useLingui();
  const relations = RELATION_TYPES.map((value) => ({ value, label: i18n._(RELATION_LABELS[value]) }));
  return (
    <>
      <TextField
        form={form}
        name={`otherOwners.${row}.personalCode`}
        label={t`Personal code`}
        hint={personalCodeHint}
        autoComplete="off"
        inputMode="text"
        width="20"
        spellCheck={false}
      />
      <SelectField form={form} name={`otherOwners.${row}.relation`} label={t`How they are related to you`} options={relations} placeholder={t`Choose`} autoComplete="off" />
    </>
  );
}

export function RealEstateForm({ heading, personalCodeHint }: RealEstateFormProps) {
  const { t, i18n } = useLingui();
  const step = useContractForm(contract, {
    requiredMessages: {
      assetName: t`Enter a name for the property`,
      assetType: t`Select the type of property`,
      assetKind: t`Select what kind of property it is`,
      assetCondition: t`Select the condition of the property`,
      constructionYear: t`Enter the year the building was built`,
      ownContributionFinancing: t`Select how your own contribution is paid`,
      downPayment: t`Enter the down payment`,
      downPaymentSource: t`Select where the down payment comes from`,
      downPaymentOrigin: t`Describe where the down payment comes from`,
      existingContractInterestRate: t`Enter the interest rate of your current loan`,
      collateralOwner: t`Select who owns the property`,
      'otherOwners.*.personalCode': (row) => t`Enter the personal code of other owner ${row + 1}`,
      'otherOwners.*.relation': (row) => t`Select how other owner ${row + 1} is related to you`,
      paymentScheduleType: t`Select a repayment schedule`,
      period: t`Enter the loan period in months`,
    },
  });
  const { form } = step.stepForm;
  const table = useMemo(() => contract.fields(step.context), [step.context]);
  const [assetType, financing, source, owner] = useWatch({
    control: form.control,
    name: ['assetType', 'ownContributionFinancing', 'downPaymentSource', 'collateralOwner'],
  });
  const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, MessageDescriptor>) =>
    values.map((value) => ({ value, label: i18n._(labels[value]) }));
  const kinds = realEstateKindsOf(assetType);

  // A kind of the other asset type is no answer: a new type starts its kind afresh.
  const onTypeChanged = (event: ChangeEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLSelectElement) || event.target.name !== 'assetType') return;
    if (!realEstateKindsOf(event.target.value).includes(form.getValues('assetKind') as never)) form.setValue('assetKind', '');
  };

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="submitRealEstateInfo">
        <span id="step-heading">{heading}</span>
      </PageHeading>
      <DraftConflictNotice />

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>The property</Trans>
        </legend>
        <TextField
          form={form}
          name="assetName"
          label={t`Name of the property`}
          hint={t`Its address is enough, for example Narva mnt 5-12, Tallinn`}
          autoComplete="off"
          inputMode="text"
        />
        <div onChange={onTypeChanged}>
          <SelectField form={form} name="assetType" label={t`Type of property`} options={optionsOf(REAL_ESTATE_ASSET_TYPES, ASSET_TYPE_LABELS)} placeholder={t`Choose`} autoComplete="off" />
        </div>
        {kinds.length > 0 && (
          <SelectField form={form} name="assetKind" label={t`Kind of property`} options={optionsOf(kinds, REAL_ESTATE_KIND_LABELS)} placeholder={t`Choose`} autoComplete="off" />
        )}
        <SelectField form={form} name="assetCondition" label={t`Condition`} options={optionsOf(ASSET_CONDITIONS, ASSET_CONDITION_LABELS)} placeholder={t`Choose`} autoComplete="off" />
        {assetType === 'PREMISES' && (
          <TextField form={form} name="constructionYear" label={t`Year the building was built`} hint={t`For example, 1998`} autoComplete="off" inputMode="numeric" width="10" />
        )}
      </fieldset>

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>Your own contribution</Trans>
        </legend>
        <SelectField
          form={form}
          name="ownContributionFinancing"
          label={t`How is your own contribution paid?`}
          options={optionsOf(OWN_CONTRIBUTION_FINANCING, OWN_CONTRIBUTION_FINANCING_LABELS)}
          placeholder={t`Choose`}
          autoComplete="off"
        />
        {financing === 'WITH_DOWNPAYMENT' && (
          <>
            <MoneyField form={form} name="downPayment" label={t`Down payment, in euros`} autoComplete="off" width="10" />
            <SelectField
              form={form}
              name="downPaymentSource"
              label={t`Where does the down payment come from?`}
              options={optionsOf(SOURCES_OF_FUNDS, SOURCE_OF_FUNDS_LABELS)}
              placeholder={t`Choose`}
              autoComplete="off"
            />
            {source === 'OTHER' && (
              <TextField form={form} name="downPaymentOrigin" label={t`Describe where the down payment comes from`} autoComplete="off" inputMode="text" />
            )}
          </>
        )}
        {'existingContractInterestRate' in table && (
          <TextField
            form={form}
            name="existingContractInterestRate"
            label={t`Interest rate of the loan you are refinancing, %`}
            hint={t`From ${INTEREST_RATE_BOUNDS.min} to ${INTEREST_RATE_BOUNDS.max}, for example 4.5`}
            autoComplete="off"
            inputMode="decimal"
            width="10"
          />
        )}
      </fieldset>

      <section>
        <h2 id="owners-heading">
          <Trans>Who owns the property</Trans>
        </h2>
        <SelectField
          form={form}
          name="collateralOwner"
          label={t`Owners of the property`}
          options={optionsOf(COLLATERAL_OWNERSHIP, COLLATERAL_OWNERSHIP_LABELS)}
          placeholder={t`Choose`}
          autoComplete="off"
        />
        {owner === 'WITH_OTHER_OWNERS' && (
          <RowsField
            form={form}
            name="otherOwners"
            field={table.otherOwners}
            labelledBy="owners-heading"
            texts={{
              legend: (row) => t`Other owner ${row + 1}`,
              add: t`Add another owner`,
              remove: (row) => t`Remove other owner ${row + 1}`,
              added: (row, max) => t`Other owner ${row + 1} of ${max} added`,
              removed: (row) => t`Other owner ${row + 1} removed`,
              atLimit: (max) => t`You have added the most owners you can (${max}).`,
            }}
          >
            {(row) => <OwnerRow form={form} row={row} personalCodeHint={personalCodeHint} />}
          </RowsField>
        )}
      </section>

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>Repayment</Trans>
        </legend>
        <SelectField
          form={form}
          name="paymentScheduleType"
          label={t`Repayment schedule`}
          options={optionsOf(REPAYMENT_SCHEDULES, REPAYMENT_SCHEDULE_LABELS)}
          placeholder={t`Choose`}
          autoComplete="off"
        />
        <TextField
          form={form}
          name="period"
          label={t`Loan period in months`}
          hint={t`From ${REAL_ESTATE_PERIOD_BOUNDS.min} to ${REAL_ESTATE_PERIOD_BOUNDS.max} months`}
          autoComplete="off"
          inputMode="numeric"
          width="10"
        />
      </fieldset>

      <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
