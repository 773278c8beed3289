/**
 * The employer screen every variant shows (view.tsx, view.lv.tsx, view.coborrower.tsx,
 * view.lv-coborrower.tsx): the variants pass in their words; the questions and their rules are the
 * contract's. The employer's name and the start date were answered on "About you" (decision 196).
 */
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import { PhoneField, StepForm, TextField } from '../../components/form/form-fields';
import { DateField, RadiosField } from '../../components/form/question-fields';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import { EMPLOYMENT_CONTRACT_TYPES } from '../../../core/domain/background';
import { EMPLOYMENT_CONTRACT_TYPE_LABELS } from '../../i18n/labels/background';
import { acceptedPhoneCodes } from '../../../core/validation/general/phone';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import contract from './contract';

export interface EmployerFormProps {
  heading: ReactNode;
  intro?: ReactNode;
}

export function EmployerForm({ heading, intro }: EmployerFormProps) {
  const { t, i18n } = useLingui();
  const step = useContractForm(contract, {
    requiredMessages: {
      position: t`Enter your job title`,
      contractType: t`Select the type of your employment contract`,
      'contractEndDate.day': t`Enter the date your contract ends`,
    },
  });
  const { form } = step.stepForm;
  const contractType = useWatch({ control: form.control, name: 'contractType' });

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="submitEmployerInfo">
        <span id="step-heading">{heading}</span>
      </PageHeading>
      <DraftConflictNotice />
      {intro && <p>{intro}</p>}

      <TextField
        form={form}
        name="registrationCode"
        label={t`Employer’s registration code (optional)`}
        hint={t`You find it in the business register or on your payslip.`}
        autoComplete="off"
        inputMode="text"
        width="20"
        spellCheck={false}
      />
      <TextField
        form={form}
        name="position"
        label={t`Your job title`}
        hint={t`For example, accountant, nurse or shop assistant.`}
        autoComplete="organization-title"
        inputMode="text"
      />
      <RadiosField
        form={form}
        name="contractType"
        label={t`What kind of employment contract do you have?`}
        options={EMPLOYMENT_CONTRACT_TYPES.map((value) => ({ value, label: i18n._(EMPLOYMENT_CONTRACT_TYPE_LABELS[value]) }))}
        inline
      />
      {contractType === 'FIXED_TERM' && (
        <div className="solis-conditional">
          <DateField form={form} name="contractEndDate" label={t`When does your contract end?`} hint={t`For example, 31 12 2027`} autoComplete="off" />
        </div>
      )}
      <PhoneField
        form={form}
        codeName="phoneNumber.code"
        numberName="phoneNumber.number"
        codes={acceptedPhoneCodes(step.context.domain)}
        codeLabel={t`Country code`}
        numberLabel={t`Employer’s phone number (optional)`}
        hint={t`We may call to confirm that you work there.`}
        autoComplete="off"
      />

      <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
