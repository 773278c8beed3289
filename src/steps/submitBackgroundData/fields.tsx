/**
 * The background screen every variant shows (view.tsx, view.lv.tsx, view.coborrower.tsx,
 * view.lv-coborrower.tsx, view.partner-short.tsx): the variants pass in their words and hints, and
 * whether the co-applicant block is offered (the applicant's screens) or not (a co-borrower's). The
 * partner short flow's screen adds its loan section (the calculator modal, decision 097) through
 * `loan`, so the calculator's modules load with that screen alone. Which follow-up questions an
 * answer leads to is the contract's and the domain's: this file lays the questions out.
 */
import { useMemo, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { acceptsCoApplicant } from '../../../core/domain/persons';
import { useWatch } from 'react-hook-form';
import { CheckboxField, PhoneField, SelectField, StepForm, TextField } from '../../components/form/form-fields';
import { DateField, RadiosField } from '../../components/form/question-fields';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import {
  DEPENDANT_COUNTS,
  EDUCATION_LEVELS,
  EMPLOYMENT_TYPES,
  HOUSING_TYPES,
  MARITAL_STATUSES,
  POSITION_LEVELS,
  hasWorkStartDate,
  worksForEmployer,
} from '../../../core/domain/background';
import { countryOfDomain } from '../../../core/domain/business-domains';
import {
  DEPENDANT_COUNT_LABELS,
  EDUCATION_LABELS,
  EMPLOYMENT_TYPE_LABELS,
  HOUSING_TYPE_LABELS,
  MARITAL_STATUS_LABELS,
  POSITION_LEVEL_LABELS,
} from '../../i18n/labels/background';
import { countryOptions } from '../../i18n/labels/countries';
import { dualCitizenshipOptions } from '../../../core/validation/general/citizenship';
import { acceptedPhoneCodes } from '../../../core/validation/general/phone';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm, type ContractForm } from '../_kit/use-contract-form';
import contract, { citizenshipCodes } from './contract';

type BackgroundFields = ReturnType<typeof contract.fields>;
/** The background step's form, as a variant's own section works with it. */
export type BackgroundStep = ContractForm<BackgroundFields>;

export interface BackgroundFormProps {
  heading: ReactNode;
  /** What the page is for, said before the questions (a co-borrower is told the questions are about them). */
  intro?: ReactNode;
  /** The applicant may invite a co-applicant; a co-borrower is one already. */
  offerCoApplicant: boolean;
  /** The country's hints: names as the country's rules take them, the citizenship answers it has. */
  hints?: { citizenship?: string; workStart?: string; names?: string };
  /** A section before the questions, given the form (the partner short flow's loan and calculator). */
  loan?: (step: BackgroundStep) => ReactNode;
}

export function BackgroundForm({ heading, intro, offerCoApplicant, hints = {}, loan }: BackgroundFormProps) {
  const { t, i18n } = useLingui();
  const step = useContractForm(contract, {
    requiredMessages: {
      maritalStatus: t`Select your marital status`,
      education: t`Select your highest level of education`,
      residenceType: t`Select where you live`,
      dependants: t`Select how many children you support`,
      adultDependants: t`Select how many adults you support`,
      citizenship: t`Select your citizenship`,
      dualCitizenship: t`Select your other citizenship`,
      employmentType: t`Select your employment status`,
      'employmentStartDate.day': t`Enter the date you started this work`,
      employerName: t`Enter the name of your employer`,
      positionLevel: t`Select your position level`,
      politicallyExposed: t`Select yes if you are a politically exposed person, or a family member or close associate of one`,
      politicallyExposedComment: t`Enter the public function and who holds it`,
      hasCoApplicant: t`Select yes if you want to apply together with someone else`,
      coApplicantFirstName: t`Enter the co-applicant’s first name`,
      coApplicantSurname: t`Enter the co-applicant’s surname`,
      coApplicantEmail: t`Enter the co-applicant’s e-mail address`,
      'coApplicantPhone.number': t`Enter the co-applicant’s phone number`,
      loanPeriod: t`Enter the loan period in months`,
    },
  });
  const { form } = step.stepForm;
  const { domain, locale } = step.context;
  const country = countryOfDomain(domain);
  const [citizenship, addDualCitizenship, employmentType, politicallyExposed, hasCoApplicant] = useWatch({
    control: form.control,
    name: ['citizenship', 'addDualCitizenship', 'employmentType', 'politicallyExposed', 'hasCoApplicant'],
  });

  const labelled = (values: readonly string[], labels: Partial<Record<string, MessageDescriptor>>) =>
    values.map((value) => {
      const label = labels[value];
      return { value, label: label ? i18n._(label) : value };
    });
  const yesNo = [
    { value: 'yes', label: t`Yes` },
    { value: 'no', label: t`No` },
  ];
  // About 250 names, sorted in the reader's language: made once per language, not on every answer.
  const countries = useMemo(() => countryOptions(i18n, locale, citizenshipCodes(country), country), [i18n, locale, country]);
  const dualCountries = useMemo(
    () =>
      dualCitizenshipOptions(
        countries.map((option) => ({ code: option.value, label: option.label })),
        citizenship,
      ).map((option) => ({ value: option.code, label: option.label })),
    [countries, citizenship],
  );

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="submitBackgroundData">
        <span id="step-heading">{heading}</span>
      </PageHeading>
      <DraftConflictNotice />
      {intro && <p>{intro}</p>}
      {loan?.(step)}

      <h2 className="solis-section-heading">
        <Trans>You and your household</Trans>
      </h2>
      <RadiosField form={form} name="maritalStatus" label={t`What is your marital status?`} options={labelled(MARITAL_STATUSES, MARITAL_STATUS_LABELS)} />
      <RadiosField form={form} name="education" label={t`What is your highest level of education?`} options={labelled(EDUCATION_LEVELS, EDUCATION_LABELS)} />
      <RadiosField
        form={form}
        name="residenceType"
        label={t`Where do you live?`}
        hint={t`The home you live in most of the time.`}
        options={labelled(HOUSING_TYPES, HOUSING_TYPE_LABELS)}
      />
      <RadiosField
        form={form}
        name="dependants"
        label={t`How many children under 18 do you support financially?`}
        options={labelled(DEPENDANT_COUNTS, DEPENDANT_COUNT_LABELS)}
        inline
      />
      <RadiosField
        form={form}
        name="adultDependants"
        label={t`How many adults do you support financially?`}
        hint={t`For example a parent, or a grown-up child without an income. Do not count yourself.`}
        options={labelled(DEPENDANT_COUNTS, DEPENDANT_COUNT_LABELS)}
        inline
      />
      <CheckboxField
        form={form}
        name="expectingChild"
        label={t`I am expecting a child`}
        hint={t`Or my spouse or partner is. We count an expected child among the children you support.`}
      />

      <h2 className="solis-section-heading">
        <Trans>Citizenship</Trans>
      </h2>
      <SelectField
        form={form}
        name="citizenship"
        label={t`What is your citizenship?`}
        hint={hints.citizenship}
        options={countries}
        placeholder={t`Choose a country`}
        autoComplete="off"
      />
      <CheckboxField form={form} name="addDualCitizenship" label={t`I also have another citizenship`} />
      {addDualCitizenship && (
        <div className="solis-conditional">
          <SelectField
            form={form}
            name="dualCitizenship"
            label={t`What is your other citizenship?`}
            options={dualCountries}
            placeholder={t`Choose a country`}
            autoComplete="off"
          />
        </div>
      )}

      <h2 className="solis-section-heading">
        <Trans>Your work</Trans>
      </h2>
      <RadiosField form={form} name="employmentType" label={t`What is your employment status?`} options={labelled(EMPLOYMENT_TYPES, EMPLOYMENT_TYPE_LABELS)} />
      {hasWorkStartDate(employmentType) && (
        <div className="solis-conditional">
          {worksForEmployer(employmentType) && (
            <TextField
              form={form}
              name="employerName"
              label={t`What is the name of your employer?`}
              autoComplete="organization"
              inputMode="text"
            />
          )}
          <DateField
            form={form}
            name="employmentStartDate"
            label={t`When did you start this work?`}
            hint={hints.workStart ?? t`For example, 1 9 2019`}
            autoComplete="off"
          />
          {worksForEmployer(employmentType) && (
            <RadiosField form={form} name="positionLevel" label={t`What is your position level?`} options={labelled(POSITION_LEVELS, POSITION_LEVEL_LABELS)} />
          )}
        </div>
      )}

      <h2 className="solis-section-heading">
        <Trans>Public functions</Trans>
      </h2>
      <RadiosField
        form={form}
        name="politicallyExposed"
        label={t`Are you a politically exposed person, or a family member or close associate of one?`}
        hint={t`A politically exposed person has, or has had in the last 12 months, a prominent public function: for example a head of state or government, a minister, a member of parliament, a judge of a supreme court, an ambassador, a senior officer of the armed forces or a board member of a state-owned company.`}
        options={yesNo}
        inline
      />
      {politicallyExposed === 'yes' && (
        <div className="solis-conditional">
          <TextField
            form={form}
            name="politicallyExposedComment"
            label={t`What is the public function, and who holds it?`}
            hint={t`For example: my brother is a member of parliament.`}
            autoComplete="off"
            inputMode="text"
          />
        </div>
      )}

      {offerCoApplicant && acceptsCoApplicant(step.context.productName) && (
        <>
          <h2 className="solis-section-heading">
            <Trans>Applying together</Trans>
          </h2>
          <RadiosField
            form={form}
            name="hasCoApplicant"
            label={t`Do you want to apply together with someone else?`}
            hint={t`A co-applicant shares the responsibility for repaying the loan. We will send them an invitation to give their own details.`}
            options={yesNo}
            inline
          />
          {hasCoApplicant === 'yes' && (
            <div className="solis-conditional">
              <TextField form={form} name="coApplicantFirstName" label={t`Co-applicant’s first name`} hint={hints.names} autoComplete="off" inputMode="text" />
              <TextField form={form} name="coApplicantSurname" label={t`Co-applicant’s surname`} hint={hints.names} autoComplete="off" inputMode="text" />
              <TextField
                form={form}
                name="coApplicantEmail"
                type="email"
                label={t`Co-applicant’s e-mail address`}
                hint={t`We send the invitation to this address.`}
                autoComplete="off"
                inputMode="email"
              />
              <PhoneField
                form={form}
                codeName="coApplicantPhone.code"
                numberName="coApplicantPhone.number"
                codes={acceptedPhoneCodes(domain)}
                codeLabel={t`Country code`}
                numberLabel={t`Co-applicant’s phone number`}
                autoComplete="off"
              />
            </div>
          )}
        </>
      )}

      <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
