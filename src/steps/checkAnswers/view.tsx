import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { answersMachine } from './answers.machine';
import { StepForm } from '../../components/form/form-fields';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { useApplicationActor } from '../_kit/application-actor';
import type { StepSummary } from '../_kit/step-registry-types';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { useStepLogic } from '../_kit/use-step-logic';
import contract from './contract';
import '../../components/summary-list.css';

/**
 * Check your answers (issue 11; GOV.UK "check answers"): every answer of this person, grouped by
 * step, each with a Change link. A change returns to that step; once it is sent again the process
 * comes back here. The declaration and the send button end the page.
 */
export default function CheckAnswers() {
  const { i18n } = useLingui();
  const actor = useApplicationActor();
  const answers = useStepLogic<typeof answersMachine>('answers');
  const loading = useSelector(answers, (s) => !s || s.matches('loading'));
  const failed = useSelector(answers, (s) => s?.matches('failed') ?? false);
  const steps = useSelector(answers, (s) => s?.context.steps ?? []);
  const role = useSelector(actor, (s) => s.context.role);
  const changing = useSelector(actor, (s) => s.matches({ step: 'changing' }));
  const step = useContractForm(contract);

  const change = (taskKey: string) => {
    if (!changing) actor.send({ type: 'step.change', taskKey });
  };

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="checkAnswers">
        {role === 'COBORROWER' ? <Trans>Check your answers before sending them</Trans> : <Trans>Check your answers before sending your application</Trans>}
      </PageHeading>
      <DraftConflictNotice />

      {loading && (
        <p className="solis-loading-inline" role="status">
          <Spinner size="small" /> <Trans>Loading your answers…</Trans>
        </p>
      )}
      {failed && (
        <div className="solis-notice" role="alert">
          <p>
            <Trans>We could not load your answers. They are saved; please try again.</Trans>
          </p>
          <button type="button" className="solis-button solis-button--secondary" onClick={() => answers?.send({ type: 'answers.retried' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}

      {steps.map(({ taskKey, data, summary }) => {
        const { title, rows } = summary as StepSummary;
        const heading = title(i18n, data);
        return (
          <section key={taskKey} className="solis-summary" aria-labelledby={`summary-${taskKey}`}>
            <h2 id={`summary-${taskKey}`} className="solis-summary__title">
              {heading}
            </h2>
            <dl className="solis-summary-list">
              {rows(data, i18n).map((answer) => (
                <div key={answer.field} className="solis-summary-list__row">
                  <dt className="solis-summary-list__key">{answer.question}</dt>
                  <dd className="solis-summary-list__value">{answer.answer}</dd>
                  <dd className="solis-summary-list__actions">
                    <button type="button" className="solis-link-button" aria-disabled={changing || undefined} onClick={() => change(taskKey)}>
                      <Trans>Change</Trans>
                      <span className="solis-visually-hidden"> {answer.question}</span>
                    </button>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}

      <h2 className="solis-subheading">{role === 'COBORROWER' ? <Trans>Now send your answers</Trans> : <Trans>Now send your application</Trans>}</h2>
      <p>
        <Trans>By sending this you confirm that, to the best of your knowledge, the details you have given are correct and complete.</Trans>
      </p>
      <SubmitButton pending={step.pending || changing} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
        <Trans>Accept and send</Trans>
      </SubmitButton>
    </StepForm>
  );
}
