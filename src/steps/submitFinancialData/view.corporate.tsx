/**
 * SubmitFinancialData in the corporate domain (section 2, decision 183): the company's collaterals
 * and, when the business-data step said it has any, its liabilities, as repeating blocks
 * (RowsField, decision 115): each row a fieldset named "Collateral 2", add and remove buttons that
 * name the row, focus kept on add and remove, and each row's problems named by the row in the
 * error summary ("Collateral 2: Enter the market value").
 */
import { useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { MoneyField, SelectField, StepForm, TextField } from '../../components/form/form-fields';
import { DateField } from '../../components/form/question-fields';
import { RowsField } from '../../components/form/rows-field';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import type { FormValues, WireValues } from '../../../core/contract/fields';
import { collateralFieldsOf } from '../../../core/validation/corporate/collaterals';
import { CORPORATE_LIABILITY_TYPES, liabilityHasMonthlyPayment } from '../../../core/validation/corporate/selects';
import { COLLATERAL_TYPE_LABELS, CORPORATE_LIABILITY_TYPE_LABELS } from '../../i18n/labels/corporate-finances';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import contract, { asksCorporateLiabilities } from './corporate-contract';

type Fields = ReturnType<typeof contract.fields>;
type Form = UseFormReturn<FormValues<Fields>, unknown, WireValues<Fields>>;
type Option = { value: string; label: string };

function CollateralRow({ form, row, types }: { form: Form; row: number; types: readonly Option[] }) {
  const { t } = useLingui();
  const type = useWatch({ control: form.control, name: `collaterals.${row}.type` });
  const asks = collateralFieldsOf(type);
  return (
    <>
      <SelectField form={form} name={`collaterals.${row}.type`} label={t`Type of collateral`} options={types} placeholder={t`Choose the type`} autoComplete="off" />
      {asks.address && (
        <>
          <TextField form={form} name={`collaterals.${row}.streetAddress`} label={t`Street address`} hint={t`Street, building and, if any, unit number`} autoComplete="off" inputMode="text" />
          <TextField form={form} name={`collaterals.${row}.administrativeAreaLevel1`} label={t`City or town`} autoComplete="off" inputMode="text" width="20" />
          <TextField form={form} name={`collaterals.${row}.administrativeAreaLevel2`} label={t`District (optional)`} autoComplete="off" inputMode="text" width="20" />
        </>
      )}
      {asks.marketValue && (
        <MoneyField form={form} name={`collaterals.${row}.marketValue`} label={t`Market value, in euros`} hint={t`What it would sell for today`} autoComplete="off" width="10" />
      )}
      <TextField
        form={form}
        name={`collaterals.${row}.additionalInfoText`}
        label={t`Additional information (optional)`}
        hint={t`For example, who owns it or what else secures it`}
        autoComplete="off"
        inputMode="text"
      />
    </>
  );
}

function LiabilityRow({ form, row, types }: { form: Form; row: number; types: readonly Option[] }) {
  const { t } = useLingui();
  const type = useWatch({ control: form.control, name: `liabilities.${row}.type` });
  const guarantee = type === 'GUARANTEE' || type === 'BUSINESS_SURETY';
  return (
    <>
      <SelectField form={form} name={`liabilities.${row}.type`} label={t`Type of liability`} options={types} placeholder={t`Choose the type`} autoComplete="off" />
      <TextField form={form} name={`liabilities.${row}.creditor`} label={t`Creditor`} hint={t`The bank, leasing company or other party the company owes`} autoComplete="off" inputMode="text" />
      <MoneyField
        form={form}
        name={`liabilities.${row}.declaredAmount`}
        label={t`Amount still owed, in euros`}
        hint={guarantee ? t`For a guarantee or surety, the amount the company has guaranteed` : undefined}
        autoComplete="off"
        width="10"
      />
      {liabilityHasMonthlyPayment(type as (typeof CORPORATE_LIABILITY_TYPES)[number]) && (
        <MoneyField form={form} name={`liabilities.${row}.declaredMonthlyPayment`} label={t`Monthly payment, in euros`} autoComplete="off" width="10" />
      )}
      <DateField form={form} name={`liabilities.${row}.endDate`} label={t`End date`} hint={t`When it will be repaid or ends, for example 30 6 2028`} autoComplete="off" />
    </>
  );
}

/** SubmitFinancialData for a company (corporate domain). */
export default function SubmitFinancialDataCorporate() {
  const { t, i18n } = useLingui();
  const step = useContractForm(contract, {
    requiredMessages: {
      'collaterals.*.type': () => t`Select the type of collateral`,
      'collaterals.*.streetAddress': () => t`Enter the street address`,
      'collaterals.*.administrativeAreaLevel1': () => t`Enter the city or town`,
      'collaterals.*.marketValue': () => t`Enter the market value`,
      'liabilities.*.type': () => t`Select the type of liability`,
      'liabilities.*.creditor': () => t`Enter the creditor`,
      'liabilities.*.declaredAmount': () => t`Enter the amount still owed`,
      'liabilities.*.declaredMonthlyPayment': () => t`Enter the monthly payment`,
      'liabilities.*.endDate.day': () => t`Enter the end date`,
    },
    rowNames: { collaterals: (row) => t`Collateral ${row + 1}`, liabilities: (row) => t`Liability ${row + 1}` },
  });
  const { form } = step.stepForm;
  const table = useMemo(() => contract.fields(step.context), [step.context]);
  const asksLiabilities = asksCorporateLiabilities(step.context);
  const collateralTypes = (table.collaterals.item.type.options ?? []).map((value) => ({ value, label: i18n._(COLLATERAL_TYPE_LABELS[value as keyof typeof COLLATERAL_TYPE_LABELS]) }));
  const liabilityTypes = CORPORATE_LIABILITY_TYPES.map((value) => ({ value, label: i18n._(CORPORATE_LIABILITY_TYPE_LABELS[value]) }));

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="submitFinancialData">
        <span id="step-heading">{asksLiabilities ? <Trans>Your company’s collaterals and liabilities</Trans> : <Trans>Your company’s collaterals</Trans>}</span>
      </PageHeading>
      <DraftConflictNotice />

      <section>
        <h2 id="collaterals-heading">
          <Trans>Collaterals</Trans>
        </h2>
        <p className="solis-hint">
          <Trans>Property, vehicles, equipment or guarantees the company offers as security for the loan. If it offers none, leave the collateral empty.</Trans>
        </p>
        <RowsField
          form={form}
          name="collaterals"
          field={table.collaterals}
          labelledBy="collaterals-heading"
          texts={{
            legend: (row) => t`Collateral ${row + 1}`,
            add: t`Add a collateral`,
            remove: (row) => t`Remove collateral ${row + 1}`,
            added: (row, max) => t`Collateral ${row + 1} of ${max} added`,
            removed: (row) => t`Collateral ${row + 1} removed`,
            atLimit: (max) => t`You have added the most collaterals you can (${max}).`,
          }}
        >
          {(row) => <CollateralRow form={form} row={row} types={collateralTypes} />}
        </RowsField>
      </section>

      {asksLiabilities && (
        <section>
          <h2 id="liabilities-heading">
            <Trans>Liabilities</Trans>
          </h2>
          <p className="solis-hint">
            <Trans>The company’s loans, leases, guarantees and sureties it has given, and other liabilities. Add each one separately.</Trans>
          </p>
          <RowsField
            form={form}
            name="liabilities"
            field={table.liabilities}
            labelledBy="liabilities-heading"
            texts={{
              legend: (row) => t`Liability ${row + 1}`,
              add: t`Add a liability`,
              remove: (row) => t`Remove liability ${row + 1}`,
              added: (row, max) => t`Liability ${row + 1} of ${max} added`,
              removed: (row) => t`Liability ${row + 1} removed`,
              atLimit: (max) => t`You have added the most liabilities you can (${max}).`,
            }}
          >
            {(row) => <LiabilityRow form={form} row={row} types={liabilityTypes} />}
          </RowsField>
        </section>
      )}

      <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
