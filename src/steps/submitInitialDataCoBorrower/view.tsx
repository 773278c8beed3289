import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { StepForm } from '../../components/form/form-fields';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import { useRuntimeConfig } from '../_kit/runtime-config-context';
import { useApplicationActor } from '../_kit/application-actor';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { ContactFields, ConsentsFieldset } from '../../features/contact-fields/contact-fields';
import { useContractForm } from '../_kit/use-contract-form';
import contract from './contract';

/**
 * SubmitInitialDataCoBorrower: the co-borrower confirms who they are and how to reach them, and
 * consents to the processing of their data. They are told whose application they are joining by
 * the applicant's first name only.
 */
export default function SubmitInitialDataCoBorrower() {
  const { t } = useLingui();
  const actor = useApplicationActor();
  const applicantName = useSelector(
    actor,
    (s) => s.context.application?.relatedPersons?.persons.find((person) => person.role === 'APPLICANT')?.declaredData?.firstName ?? null,
  );
  const step = useContractForm(contract, {
    requiredMessages: {
      firstName: t`Enter your first name`,
      surname: t`Enter your surname`,
      email: t`Enter your e-mail address`,
      'phoneNumber.number': t`Enter your phone number`,
    },
  });
  const { form } = step.stepForm;
  const { domain, locale } = step.context;
  const contacts = useRuntimeConfig().contacts[locale];

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="submitInitialDataCoBorrower">
        <span id="step-heading">
          <Trans>Join the loan application as a co-applicant</Trans>
        </span>
      </PageHeading>
      <DraftConflictNotice />
      <p>
        {applicantName ? (
          <Trans>{applicantName} has asked you to apply for this loan together. Check your details below and correct them if needed.</Trans>
        ) : (
          <Trans>You have been asked to apply for this loan together with the main applicant. Check your details below and correct them if needed.</Trans>
        )}
      </p>
      <div className="solis-inset-text">
        <p>
          <Trans>You will answer questions about yourself only. The main applicant does not see your answers, and you do not see theirs.</Trans>{' '}
          {contacts && (
            <a className="solis-link" href={contacts.privacyNoticeUrl}>
              <Trans>How we use your personal data</Trans>
            </a>
          )}
        </p>
      </div>

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>About you</Trans>
        </legend>
        <ContactFields form={form} domain={domain} />
      </fieldset>

      <ConsentsFieldset form={form} />

      <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
