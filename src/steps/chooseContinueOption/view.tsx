import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { continueOptionMachine } from './continue-option.machine';
import { continueOptionView } from './continue-option.view';
import type { ApplicationSummary } from '../../../core/wire/active-applications.schema';
import { StepForm } from '../../components/form/form-fields';
import { RadiosField } from '../../components/form/question-fields';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import type { ContinueOption } from '../../../core/domain/continue-options';
import { LOCALE_TAG, isLocale } from '../../../core/domain/languages';
import type { ProductName } from '../../../core/domain/products';
import { formatEur } from '../../../core/validation/format/money';
import { PRODUCT_LABELS } from '../_kit/product-labels';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { useStepLogic } from '../_kit/use-step-logic';
import contract from './contract';
import '../../components/summary-list.css';

/**
 * ChooseContinueOption (section 2; decision 121): the applicant already has an application in
 * progress (one of their own, or one they were invited to as co-applicant). The page shows it and
 * asks one question; the step logic carries out the answer (annulments, then the other
 * application or the next step). JSX and event sending only.
 */
export default function ChooseContinueOption() {
  const { t } = useLingui();
  const logic = useStepLogic<typeof continueOptionMachine>('continueOption');
  const view = useSelector(logic, continueOptionView);
  const step = useContractForm(contract, {
    requiredMessages: { continueOption: t`Select what you would like to do` },
    onSubmit: (submission, values) => logic?.send({ type: 'step.submitted', submission, option: values.continueOption }),
    refusedBy: logic,
  });
  const { form } = step.stepForm;
  const { choices } = view;
  const active = choices?.activeApplication ?? null;
  const related = choices?.canBeRelatedPerson ? (choices.relatedApplication ?? null) : null;

  const labels: Record<ContinueOption, string> = {
    CONTINUE_ACTIVE: t`Continue my earlier application`,
    ANNUL_ACTIVE: active ? t`Cancel my earlier application and continue with this new one` : t`Continue with this new application`,
    JOIN_AS_RELATED_PERSON: t`Join the application I was invited to, as co-applicant`,
  };
  const options = view.offered.map((option) => ({ value: option, label: labels[option] }));

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="chooseContinueOption">
        <span id="step-heading">
          <Trans>You already have an application in progress</Trans>
        </span>
      </PageHeading>
      <DraftConflictNotice />

      {view.status === 'loading' && (
        <p className="solis-loading-inline" role="status">
          <Spinner size="small" /> <Trans>Loading your other application…</Trans>
        </p>
      )}
      {view.status === 'loadFailed' && (
        <div className="solis-notice" role="alert">
          <p>
            <Trans>We could not load your other application. Nothing has been changed; please try again.</Trans>
          </p>
          <button type="button" className="solis-button solis-button--secondary" onClick={() => logic?.send({ type: 'continueOption.retried' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}

      {view.status !== 'loading' && view.status !== 'loadFailed' && (
        <>
          {active && (
            <ApplicationDetails application={active} title={<Trans>Your earlier application</Trans>} id="active-application">
              <p>
                <Trans>You started an application with the same personal code earlier, and it has not been sent yet.</Trans>
              </p>
            </ApplicationDetails>
          )}
          {related && (
            <ApplicationDetails application={related} title={<Trans>The application you were invited to</Trans>} id="related-application">
              <p>
                <Trans>You have been invited to join this application as co-applicant.</Trans>
              </p>
            </ApplicationDetails>
          )}
          {!active && !related && (
            <p>
              <Trans>Your other application is no longer in progress. You can continue with this new one.</Trans>
            </p>
          )}
          <RadiosField
            form={form}
            name="continueOption"
            label={t`What would you like to do?`}
            hint={active || related ? t`If you go on with another application, the one you have just started is cancelled.` : undefined}
            options={options}
          />
          <SubmitButton
            pending={step.pending || view.busy}
            error={
              view.actionError ? (
                <Trans>We could not carry out your choice just now. Nothing has been changed; please continue again in a moment.</Trans>
              ) : step.submitError ? (
                <SubmitErrorText error={step.submitError} />
              ) : undefined
            }
          >
            <Trans>Continue</Trans>
          </SubmitButton>
        </>
      )}
    </StepForm>
  );
}

/** The other application as the applicant recognises it: reference, loan type, amount and when it was started. */
function ApplicationDetails({ application, title, id, children }: { application: ApplicationSummary; title: ReactNode; id: string; children: ReactNode }) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const product = PRODUCT_LABELS[application.productName as ProductName];
  const started = new Intl.DateTimeFormat(LOCALE_TAG[locale], { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(application.createdAt));
  return (
    <section className="solis-summary" aria-labelledby={id}>
      <h2 id={id} className="solis-summary__title">
        {title}
      </h2>
      {children}
      <dl className="solis-summary-list">
        <div className="solis-summary-list__row">
          <dt className="solis-summary-list__key">
            <Trans>Application reference</Trans>
          </dt>
          <dd className="solis-summary-list__value">{application.reference}</dd>
        </div>
        <div className="solis-summary-list__row">
          <dt className="solis-summary-list__key">
            <Trans>Loan type</Trans>
          </dt>
          <dd className="solis-summary-list__value">{product ? i18n._(product) : application.productName}</dd>
        </div>
        {application.loanAmount !== null && (
          <div className="solis-summary-list__row">
            <dt className="solis-summary-list__key">
              <Trans>Loan amount</Trans>
            </dt>
            <dd className="solis-summary-list__value">{formatEur(application.loanAmount, locale)}</dd>
          </div>
        )}
        <div className="solis-summary-list__row">
          <dt className="solis-summary-list__key">
            <Trans>Started on</Trans>
          </dt>
          <dd className="solis-summary-list__value">{started}</dd>
        </div>
      </dl>
    </section>
  );
}
