import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { answersMachine } from './answers.machine';
import { StepForm } from '../../components/form/form-fields';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { useApplicationActor } from '../_kit/application-actor';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { useStepLogic } from '../_kit/use-step-logic';
import contract from './contract';
import { answerSections, gistOf } from './sections';
import '../../components/link-button.css';
import '../../components/summary-list.css';
import './check-answers.css';

/**
 * Check your answers (issue 11; GOV.UK "check answers"): every answer of this person, grouped by
 * step, each fact once (decision 196). Each section folds (issue 26 item 6: the page was 5,100 px
 * on a phone): a heading with a disclosure button (the accordion pattern, so headings stay
 * headings for a screen reader), the section's first answers under it while folded, and when open
 * its answers and one Change link for the section. A change returns to that step; once it is sent
 * again the process comes back here. The declaration and the send button end the page, once the
 * answers are in (decision 238).
 */
export default function CheckAnswers() {
  const { i18n } = useLingui();
  const actor = useApplicationActor();
  const answers = useStepLogic<typeof answersMachine>('answers');
  const loading = useSelector(answers, (s) => !s || s.matches('loading'));
  const failed = useSelector(answers, (s) => s?.matches('failed') ?? false);
  const steps = useSelector(answers, (s) => s?.context.steps);
  const role = useSelector(actor, (s) => s.context.role);
  const changing = useSelector(actor, (s) => s.matches({ step: 'changing' }));
  const step = useContractForm(contract);
  // Worked out on every render, not memoised on i18n: a language switch changes its locale, not the
  // object, and the titles and answers must follow it.
  const sections = answerSections(steps ?? [], i18n);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const allOpen = sections.length > 0 && sections.every((section) => open.has(section.taskKey));
  const toggle = (taskKey: string) =>
    setOpen((before) => {
      const after = new Set(before);
      if (after.has(taskKey)) after.delete(taskKey);
      else after.add(taskKey);
      return after;
    });

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

      {sections.length > 1 && (
        <p className="solis-fold-all">
          <button type="button" className="solis-link-button" aria-expanded={allOpen} onClick={() => setOpen(allOpen ? new Set() : new Set(sections.map((section) => section.taskKey)))}>
            {allOpen ? <Trans>Close all sections</Trans> : <Trans>Open all sections</Trans>}
          </button>
        </p>
      )}

      {sections.map((section) => {
        const { taskKey, title, rows } = section;
        const expanded = open.has(taskKey);
        return (
          <section key={taskKey} className="solis-fold" aria-labelledby={`summary-${taskKey}`}>
            <h2 className="solis-fold__title">
              <button type="button" className="solis-fold__toggle" aria-expanded={expanded} aria-controls={`answers-${taskKey}`} onClick={() => toggle(taskKey)}>
                <span id={`summary-${taskKey}`}>{title}</span>
              </button>
            </h2>
            {!expanded && <p className="solis-fold__gist">{gistOf(section, i18n)}</p>}
            <div id={`answers-${taskKey}`} className="solis-fold__panel" hidden={!expanded}>
              <dl className="solis-summary-list">
                {rows.map((answer) => (
                  <div key={answer.field} className="solis-summary-list__row">
                    <dt className="solis-summary-list__key">{answer.question}</dt>
                    <dd className="solis-summary-list__value">{answer.answer}</dd>
                  </div>
                ))}
              </dl>
              <p className="solis-fold__change">
                <button type="button" className="solis-link-button" aria-disabled={changing || undefined} onClick={() => change(taskKey)}>
                  <Trans>Change</Trans>
                  <span className="solis-visually-hidden"> {title}</span>
                </button>
              </p>
            </div>
          </section>
        );
      })}

      {/*
        Decision 238: the declaration and the send button come with the answers (or with the notice that
        they could not be loaded), never before them: shown while the answers load, the button moved down
        under the person's pointer when they arrived, and a click begun on it ended elsewhere.
      */}
      {!loading && (
        <>
          <h2 className="solis-subheading">{role === 'COBORROWER' ? <Trans>Now send your answers</Trans> : <Trans>Now send your application</Trans>}</h2>
          <p>
            <Trans>By sending this you confirm that, to the best of your knowledge, the details you have given are correct and complete.</Trans>
          </p>
          <SubmitButton pending={step.pending || changing} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
            <Trans>Accept and send</Trans>
          </SubmitButton>
        </>
      )}
    </StepForm>
  );
}
