/**
 * The financial data screen every variant shows (section 2, SubmitFinancialData): incomes and
 * obligations as repeating blocks, and "I have no loans or other obligations". The variants
 * (view.tsx, view.coborrower.tsx) differ in their heading and introduction only.
 */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { CheckboxField, MoneyField, SelectField, StepForm, TextField } from '../../components/form/form-fields';
import { RowsField } from '../../components/form/rows-field';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import type { FormValues, WireValues } from '../../../core/contract/fields';
import { RETAIL_LIABILITY_TYPES, liabilityHasMonthlyPayment, liabilityHasOutstandingAmount } from '../../../core/domain/finances';
import { INCOME_SOURCE_LABELS, LIABILITY_TYPE_LABELS } from '../../i18n/labels/finances';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { retailFinancialDataContract as contract } from './retail-contract';

type Fields = ReturnType<typeof contract.fields>;
type Form = UseFormReturn<FormValues<Fields>, unknown, WireValues<Fields>>;

export interface FinancialDataFormProps {
  heading: ReactNode;
  /** What the person is asked to include, above the blocks. */
  introduction: ReactNode;
}

function IncomeRow({ form, row, sources, asksAbroad }: { form: Form; row: number; sources: readonly { value: string; label: string }[]; asksAbroad: boolean }) {
  const { t } = useLingui();
  return (
    <>
      <SelectField form={form} name={`incomes.${row}.source`} label={t`Source of income`} options={sources} placeholder={t`Choose the source`} autoComplete="off" />
      <MoneyField form={form} name={`incomes.${row}.monthlyAmount`} label={t`Monthly amount after tax, in euros`} autoComplete="off" width="10" />
      {asksAbroad && <CheckboxField form={form} name={`incomes.${row}.fromAbroad`} label={t`This income is paid from abroad`} />}
    </>
  );
}

function LiabilityRow({ form, row }: { form: Form; row: number }) {
  const { t, i18n } = useLingui();
  const type = useWatch({ control: form.control, name: `liabilities.${row}.type` });
  const types = RETAIL_LIABILITY_TYPES.map((value) => ({ value, label: i18n._(LIABILITY_TYPE_LABELS[value]) }));
  return (
    <>
      <SelectField form={form} name={`liabilities.${row}.type`} label={t`Type of obligation`} options={types} placeholder={t`Choose the type`} autoComplete="off" />
      <TextField
        form={form}
        name={`liabilities.${row}.creditor`}
        label={t`Creditor`}
        hint={t`The bank, company or person you pay`}
        autoComplete="off"
        inputMode="text"
      />
      {liabilityHasMonthlyPayment(type) && (
        <MoneyField form={form} name={`liabilities.${row}.monthlyPayment`} label={t`Monthly payment, in euros`} autoComplete="off" width="10" />
      )}
      {liabilityHasOutstandingAmount(type) && (
        <MoneyField
          form={form}
          name={`liabilities.${row}.outstandingAmount`}
          label={t`Amount still to repay, in euros`}
          hint={type === 'GUARANTEE' ? t`For a guarantee, the amount you have guaranteed` : undefined}
          autoComplete="off"
          width="10"
        />
      )}
    </>
  );
}

export function FinancialDataForm({ heading, introduction }: FinancialDataFormProps) {
  const { t, i18n } = useLingui();
  const step = useContractForm(contract, {
    requiredMessages: {
      'incomes.*.source': (row) => t`Select the source of income ${row + 1}`,
      'incomes.*.monthlyAmount': (row) => t`Enter the monthly amount of income ${row + 1}`,
      'liabilities.*.type': (row) => t`Select the type of obligation ${row + 1}`,
      'liabilities.*.creditor': (row) => t`Enter the creditor of obligation ${row + 1}`,
      'liabilities.*.monthlyPayment': (row) => t`Enter the monthly payment of obligation ${row + 1}`,
      'liabilities.*.outstandingAmount': (row) => t`Enter the amount still to repay on obligation ${row + 1}`,
    },
  });
  const { form } = step.stepForm;
  const table = useMemo(() => contract.fields(step.context), [step.context]);
  const noObligations = useWatch({ control: form.control, name: 'noObligations' });
  const sources = table.incomes.item.source.options?.map((value) => ({ value, label: i18n._(INCOME_SOURCE_LABELS[value as keyof typeof INCOME_SOURCE_LABELS]) })) ?? [];
  const asksAbroad = 'fromAbroad' in table.incomes.item;

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="submitFinancialData">
        <span id="step-heading">{heading}</span>
      </PageHeading>
      <DraftConflictNotice />
      <div className="solis-inset-text">{introduction}</div>

      <section>
        <h2 id="incomes-heading">
          <Trans>Your income</Trans>
        </h2>
        <p className="solis-hint">
          <Trans>Your regular income each month, after tax. Add each source separately.</Trans>
        </p>
        <RowsField
          form={form}
          name="incomes"
          field={table.incomes}
          labelledBy="incomes-heading"
          texts={{
            legend: (row) => t`Income ${row + 1}`,
            add: t`Add another income`,
            remove: (row) => t`Remove income ${row + 1}`,
            added: (row, max) => t`Income ${row + 1} of ${max} added`,
            removed: (row) => t`Income ${row + 1} removed`,
            atLimit: (max) => t`You have added the most incomes you can (${max}).`,
          }}
        >
          {(row) => <IncomeRow form={form} row={row} sources={sources} asksAbroad={asksAbroad} />}
        </RowsField>
      </section>

      <section>
        <h2 id="liabilities-heading">
          <Trans>Your loans and other obligations</Trans>
        </h2>
        <p className="solis-hint">
          <Trans>Loans, leases, credit cards, guarantees you have given and other regular payments, including those you share with someone.</Trans>
        </p>
        <CheckboxField form={form} name="noObligations" label={t`I have no loans or other obligations`} />
        {!noObligations && (
          <RowsField
            form={form}
            name="liabilities"
            field={table.liabilities}
            labelledBy="liabilities-heading"
            texts={{
              legend: (row) => t`Obligation ${row + 1}`,
              add: t`Add another obligation`,
              remove: (row) => t`Remove obligation ${row + 1}`,
              added: (row, max) => t`Obligation ${row + 1} of ${max} added`,
              removed: (row) => t`Obligation ${row + 1} removed`,
              atLimit: (max) => t`You have added the most obligations you can (${max}).`,
            }}
          >
            {(row) => <LiabilityRow form={form} row={row} />}
          </RowsField>
        )}
      </section>

      <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
