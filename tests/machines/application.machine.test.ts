import { describe, expect, it } from 'vitest';
import { fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { contractSigningMachine } from '../../machines/signing/contract-signing.machine';
import { SAMPLE_CONTRACT } from '../support/render-step';
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { StepLogicInput } from '../../machines/application/application.actors';
import { DRAFT_SETTLE_WAIT_MS, type ApplicationInput } from '../../machines/application/application.machine';
import { DRAFT_DEBOUNCE_MS } from '../../machines/draft/draft.machine';
import { TASK_POLL_CHECK_MS, TASK_POLL_ID, taskPollMachine } from '../../machines/task-poll/task-poll.machine';
import type { TaskResponse } from '../../machines/application/application.actors';
import {
  appError,
  newOnFirstStep,
  settle,
  startApplication,
  loaded,
  submission,
  taskResponse,
  type RunningApplication,
  stepLogicInput,
} from './actor.fakes';

/** Starts with an externalId and shows the step the server answers with. */
async function continuedOnStep(
  task = taskResponse(),
  input: Partial<ApplicationInput> = {},
): Promise<RunningApplication> {
  const run = startApplication({ start: { externalId: task.externalId }, ...input });
  run.fakes.continueApplication.last().resolve(task);
  await settle();
  run.fakes.loadStepView.last().resolve(loaded({ terminal: task.taskDefinitionKey === 'viewThankYouPage' }));
  await settle();
  return run;
}

async function afterDebounce(run: RunningApplication): Promise<void> {
  run.clock.increment(DRAFT_DEBOUNCE_MS);
  await settle();
}

describe('application machine: app start', () => {
  it('continues the application named by the externalId and loads its step', async () => {
    const run = startApplication({ start: { externalId: 'ext-7' } });
    expect(run.actor.getSnapshot().value).toBe('continuing');
    expect(run.fakes.findPreviousApplication.calls).toHaveLength(0);
    expect(run.fakes.continueApplication.last().input).toEqual({ externalId: 'ext-7', role: 'APPLICANT' });

    run.fakes.continueApplication.last().resolve(taskResponse({ externalId: 'ext-7', taskDefinitionKey: 'submitBackgroundData', version: 4, stepCount: 3 }));
    await settle();
    expect(run.actor.getSnapshot().matches('loadingStep')).toBe(true);
    expect(run.fakes.loadStepView.last().input).toMatchObject({ taskKey: 'submitBackgroundData', externalId: 'ext-7' });

    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ step: { editing: 'synced' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ externalId: 'ext-7', taskKey: 'submitBackgroundData', version: 4, stepCount: 3, error: null });
  });

  it('without an externalId continues the session\'s previous unfinished application', async () => {
    const run = startApplication();
    expect(run.actor.getSnapshot().value).toBe('lookingUpPrevious');
    // No product named by the link: any unfinished application of the session.
    expect(run.fakes.findPreviousApplication.last().input).toEqual({ productName: null });
    run.fakes.findPreviousApplication.last().resolve('ext-prev');
    await settle();
    expect(run.actor.getSnapshot().value).toBe('continuing');
    expect(run.fakes.continueApplication.last().input).toEqual({ externalId: 'ext-prev', role: 'APPLICANT' });
  });

  it("a partner's link starts a new application for the shop's goods, never the session's unfinished one (decision 233)", async () => {
    const run = startApplication({ start: { partner: { regCode: 'SHOP-1', goodsName: 'bike', goodsPrice: 1500 } } });
    expect(run.fakes.findPreviousApplication.calls).toHaveLength(0);
    expect(run.fakes.continueApplication.calls).toHaveLength(0);
    await settle();
    expect(run.actor.getSnapshot().context).toMatchObject({ taskKey: 'createApplicationStep', externalId: null, stepCount: 1 });
  });

  it("a link naming a product continues only an unfinished application of that product, never another product's (decision 239)", async () => {
    // The bank's car-loan page links to `/?productName=car-loan`; the session has an unfinished small loan.
    const run = startApplication({ start: { productName: 'CAR_LOAN', namedProduct: 'CAR_LOAN' } });
    expect(run.actor.getSnapshot().value).toBe('lookingUpPrevious');
    expect(run.fakes.findPreviousApplication.last().input).toEqual({ productName: 'CAR_LOAN' });
    // No unfinished car loan: the car loan's first step, nothing continued, nothing created yet.
    run.fakes.findPreviousApplication.last().resolve(null);
    await settle();
    expect(run.fakes.continueApplication.calls).toHaveLength(0);
    expect(run.actor.getSnapshot().context).toMatchObject({ taskKey: 'createApplicationStep', externalId: null, stepCount: 1, start: { productName: 'CAR_LOAN' } });

    // An unfinished car loan is that product's application: it is continued.
    const again = startApplication({ start: { productName: 'CAR_LOAN', namedProduct: 'CAR_LOAN' } });
    again.fakes.findPreviousApplication.last().resolve('ext-car');
    await settle();
    expect(again.fakes.continueApplication.last().input).toEqual({ externalId: 'ext-car', role: 'APPLICANT' });
  });

  it.each([
    ['retail-banking-ee', 'createApplicationStep'],
    ['retail-banking-lv', 'createApplicationStep'],
    ['retail-banking-lt', 'createApplicationStep'],
    ['corporate-banking', 'businessData'],
  ] as const)('with no previous application %s starts new on %s (the server\'s first task), creating nothing yet', async (businessDomain, firstTask) => {
    const run = startApplication({ businessDomain, firstTask });
    run.fakes.findPreviousApplication.last().resolve(null);
    await settle();
    expect(run.actor.getSnapshot().matches('loadingStep')).toBe(true);
    expect(run.fakes.loadStepView.last().input).toMatchObject({ taskKey: firstTask, externalId: null });

    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ step: { editing: 'unsaved' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ taskKey: firstTask, stepCount: 1, externalId: null, version: 0 });
    expect(run.fakes.continueApplication.calls).toHaveLength(0);
    expect(run.fakes.createApplication.calls).toHaveLength(0);

    run.clock.increment(60_000);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(0);
  });

  it('starts a new application when the previous-application lookup fails', async () => {
    const run = startApplication();
    run.fakes.findPreviousApplication.last().reject(appError('network'));
    await settle();
    expect(run.actor.getSnapshot().matches('loadingStep')).toBe(true);
    expect(run.actor.getSnapshot().context).toMatchObject({ taskKey: 'createApplicationStep', error: null });
  });
});

describe('application machine: language', () => {
  it.each([
    ['est', 'et'],
    ['rus', 'ru'],
    ['lav', 'lv'],
    ['eng', 'en'],
  ])('on continue takes the applicant person\'s language (%s -> %s)', async (languageCode, locale) => {
    const run = await continuedOnStep(taskResponse({ languageCode }), { locale: 'lt' });
    expect(run.actor.getSnapshot().context.locale).toBe(locale);
  });

  it('keeps an embedded customer administrator\'s own interface language on continue (section 6, decision 191)', async () => {
    const run = await continuedOnStep(taskResponse({ languageCode: 'rus' }), { locale: 'lv', followPersonLanguage: false });
    expect(run.actor.getSnapshot().context.locale).toBe('lv');
  });

  it('keeps the interface language when the applicant has no language code', async () => {
    const run = await continuedOnStep(taskResponse({ languageCode: null }), { locale: 'ru' });
    expect(run.actor.getSnapshot().context.locale).toBe('ru');
  });

  it('keeps the language the applicant reads in when the application is loaded again under a step (decision 223)', async () => {
    // A representative reading in English whose contact language is Estonian: the signing refused for
    // good loads the application again (application.reloaded); the negative page stays in English.
    const run = await continuedOnStep(taskResponse({ languageCode: 'est', taskDefinitionKey: 'viewContractConditions' }), { locale: 'en' });
    expect(run.actor.getSnapshot().context.locale).toBe('et');
    run.actor.send({ type: 'language.changed', locale: 'en' });
    run.actor.send({ type: 'application.reloaded' });
    expect(run.actor.getSnapshot().value).toBe('continuing');
    run.fakes.continueApplication.last().resolve(taskResponse({ languageCode: 'est', taskDefinitionKey: 'showContractSigningNegativePage', version: 2, stepCount: 2 }));
    await settle();
    expect(run.actor.getSnapshot().context.locale).toBe('en');
  });

  it('keeps the applicant\'s own choice after create and after submit', async () => {
    const run = await newOnFirstStep({ locale: 'et' });
    run.actor.send({ type: 'language.changed', locale: 'ru' });
    run.actor.send({ type: 'form.changed', data: { firstName: 'Ivan' } });
    expect(run.fakes.createApplication.last().input).toEqual({ start: {}, languageCode: 'ru' });

    run.fakes.createApplication.last().resolve(taskResponse({ languageCode: 'est' }));
    await settle();
    expect(run.actor.getSnapshot().context.locale).toBe('ru');

    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.submitStep.last().resolve(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 2, stepCount: 2, languageCode: 'lav' }));
    await settle();
    expect(run.actor.getSnapshot().context.locale).toBe('ru');
  });
});

describe('application machine: creating on the first change and keeping a draft', () => {
  it('creates the application on the first change, then saves what was typed after the debounce', async () => {
    const run = await newOnFirstStep({ start: { productName: 'CAR_LOAN', loanAmount: 12000 } });
    run.actor.send({ type: 'form.changed', data: { firstName: 'M' } });
    expect(run.actor.getSnapshot().matches({ step: 'creating' })).toBe(true);
    expect(run.fakes.createApplication.calls).toHaveLength(1);
    expect(run.fakes.createApplication.last().input).toEqual({ start: { productName: 'CAR_LOAN', loanAmount: 12000 }, languageCode: 'en' });

    // Typing goes on while the application is being created: the newest data is what gets saved.
    run.actor.send({ type: 'form.changed', data: { firstName: 'Mari' } });
    expect(run.fakes.createApplication.calls).toHaveLength(1);
    run.fakes.createApplication.last().resolve(taskResponse({ externalId: 'ext-new', version: 1 }));
    await settle();
    expect(run.actor.getSnapshot().matches({ step: { editing: 'synced' } })).toBe(true);
    expect(run.actor.getSnapshot().context.externalId).toBe('ext-new');
    expect(run.fakes.saveDraft.calls).toHaveLength(0);

    run.clock.increment(DRAFT_DEBOUNCE_MS - 1);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(0);
    run.clock.increment(1);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(1);
    expect(run.fakes.saveDraft.last().input).toEqual({
      externalId: 'ext-new',
      taskDefinitionKey: 'createApplicationStep',
      version: 0,
      data: { firstName: 'Mari' },
      keepalive: false,
    });
  });

  it('groups later changes made within the debounce into one save of the newest data', async () => {
    const run = await continuedOnStep(taskResponse({ draft: { taskDefinitionKey: 'createApplicationStep', version: 2, data: { firstName: 'A' } } }));
    for (const firstName of ['Ma', 'Mar', 'Mari']) {
      run.actor.send({ type: 'form.changed', data: { firstName } });
      run.clock.increment(DRAFT_DEBOUNCE_MS / 2);
      await settle();
    }
    expect(run.fakes.saveDraft.calls).toHaveLength(0);
    run.clock.increment(DRAFT_DEBOUNCE_MS / 2);
    await settle();
    expect(run.fakes.saveDraft.calls.map((call) => call.input.data)).toEqual([{ firstName: 'Mari' }]);
    expect(run.fakes.saveDraft.last().input.version).toBe(2);
  });

  it('restores the draft of the current step as the typed data on continue', async () => {
    const draft = { taskDefinitionKey: 'createApplicationStep', version: 3, data: { firstName: 'Mari', email: 'mari@example.ee' } };
    const run = await continuedOnStep(taskResponse({ draft }));
    expect(run.actor.getSnapshot().context).toMatchObject({ typed: draft.data, draftVersion: 3 });
  });

  it('ignores a draft saved for another step', async () => {
    const draft = { taskDefinitionKey: 'createApplicationStep', version: 3, data: { firstName: 'Mari' } };
    const run = await continuedOnStep(taskResponse({ taskDefinitionKey: 'submitBackgroundData', draft }));
    expect(run.actor.getSnapshot().context).toMatchObject({ typed: null, draft: null, draftVersion: 0 });
  });

  it('flushes the pending draft at once with keepalive when the page is hidden', async () => {
    const run = await continuedOnStep(taskResponse({ draft: { taskDefinitionKey: 'createApplicationStep', version: 1, data: {} } }));
    run.actor.send({ type: 'form.changed', data: { firstName: 'Mari' } });
    run.actor.send({ type: 'page.hidden' });
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(1);
    expect(run.fakes.saveDraft.last().input).toMatchObject({ data: { firstName: 'Mari' }, keepalive: true, version: 1 });
  });

  it('carries the saved draft version across a failed submit: the restarted draft actor continues from it', async () => {
    const run = await continuedOnStep(taskResponse({ draft: { taskDefinitionKey: 'createApplicationStep', version: 4, data: { firstName: 'M' } } }));
    run.actor.send({ type: 'form.changed', data: { firstName: 'Ma' } });
    await afterDebounce(run);
    expect(run.fakes.saveDraft.last().input.version).toBe(4);
    run.fakes.saveDraft.last().resolve({ version: 5 });
    await settle();
    run.actor.send({ type: 'form.changed', data: { firstName: 'Mar' } });
    await afterDebounce(run);
    expect(run.fakes.saveDraft.last().input.version).toBe(5);
    run.fakes.saveDraft.last().resolve({ version: 6 });
    await settle();
    expect(run.actor.getSnapshot().context.draftVersion).toBe(6);

    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.submitStep.last().reject(appError('server', { status: 500 }));
    await settle();
    expect(run.actor.getSnapshot().matches({ step: 'editing' })).toBe(true);

    run.actor.send({ type: 'form.changed', data: { firstName: 'Mari' } });
    await afterDebounce(run);
    expect(run.fakes.saveDraft.last().input).toMatchObject({ version: 6, data: { firstName: 'Mari' } });
  });

  it('stops saving after a draft conflict until the application is reloaded, then continues afresh', async () => {
    const run = await continuedOnStep(taskResponse({ draft: { taskDefinitionKey: 'createApplicationStep', version: 1, data: {} } }));
    run.actor.send({ type: 'form.changed', data: { firstName: 'Ma' } });
    await afterDebounce(run);
    run.fakes.saveDraft.last().reject(appError('conflict'));
    await settle();
    expect(run.actor.getSnapshot().context.draftConflict).toBe(true);

    run.actor.send({ type: 'form.changed', data: { firstName: 'Mari' } });
    run.actor.send({ type: 'page.hidden' });
    run.clock.increment(60_000);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(1);
    // What was typed stays on the screen.
    expect(run.actor.getSnapshot().context.typed).toEqual({ firstName: 'Mari' });

    run.actor.send({ type: 'application.reloaded' });
    expect(run.actor.getSnapshot().value).toBe('continuing');
    expect(run.fakes.continueApplication.calls).toHaveLength(2);
    run.fakes.continueApplication.last().resolve(taskResponse({ draft: { taskDefinitionKey: 'createApplicationStep', version: 7, data: { firstName: 'Other tab' } } }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    expect(run.actor.getSnapshot().context).toMatchObject({ draftConflict: false, typed: { firstName: 'Other tab' }, draftVersion: 7 });

    run.actor.send({ type: 'form.changed', data: { firstName: 'Other tab!' } });
    await afterDebounce(run);
    expect(run.fakes.saveDraft.last().input).toMatchObject({ version: 7, data: { firstName: 'Other tab!' } });
  });

  it('a failed first creation leaves the step usable and the next change tries again', async () => {
    const run = await newOnFirstStep();
    run.actor.send({ type: 'form.changed', data: { firstName: 'M' } });
    run.fakes.createApplication.last().reject(appError('network'));
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ step: { editing: 'unsaved' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ submitError: null, error: null, typed: { firstName: 'M' } });

    run.actor.send({ type: 'form.changed', data: { firstName: 'Ma' } });
    expect(run.fakes.createApplication.calls).toHaveLength(2);
  });
});

describe('application machine: submitting a step', () => {
  it('submitted before the application exists: creates it, then submits it', async () => {
    const run = await newOnFirstStep();
    run.actor.send({ type: 'step.submitted', submission: submission() });
    expect(run.actor.getSnapshot().matches({ step: 'creating' })).toBe(true);
    expect(run.fakes.submitStep.calls).toHaveLength(0);

    run.fakes.createApplication.last().resolve(taskResponse({ externalId: 'ext-new', version: 3 }));
    await settle();
    expect(run.actor.getSnapshot().matches({ step: 'submitting' })).toBe(true);
    expect(run.fakes.submitStep.calls).toHaveLength(1);
    expect(run.fakes.submitStep.last().input).toEqual({ externalId: 'ext-new', submission: { ...submission(), version: 3 } });
  });

  it('a failed creation on submit shows the submit error and submits nothing', async () => {
    const run = await newOnFirstStep();
    run.actor.send({ type: 'form.changed', data: { firstName: 'Mari' } });
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.createApplication.last().reject(appError('network'));
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ step: { editing: 'unsaved' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ submitError: { kind: 'network' }, typed: { firstName: 'Mari' }, queued: null });
    expect(run.fakes.submitStep.calls).toHaveLength(0);
  });

  it('on success loads the next step with the step count and version from the server', async () => {
    const run = await continuedOnStep(taskResponse({ version: 2, stepCount: 1 }));
    run.actor.send({ type: 'form.changed', data: { firstName: 'Mari' } });
    run.actor.send({ type: 'step.submitted', submission: submission() });
    expect(run.fakes.submitStep.last().input.submission.version).toBe(2);

    run.fakes.submitStep.last().resolve(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 3, stepCount: 2 }));
    await settle();
    expect(run.actor.getSnapshot().matches('loadingStep')).toBe(true);
    expect(run.fakes.loadStepView.last().input).toMatchObject({ taskKey: 'submitBackgroundData', externalId: 'ext-1' });
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ step: { editing: 'synced' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ taskKey: 'submitBackgroundData', version: 3, stepCount: 2, typed: null, submitError: null, queued: null });
  });

  it('a terminal task shows the finished step, where nothing is typed or saved', async () => {
    const run = await continuedOnStep();
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.submitStep.last().resolve(taskResponse({ taskDefinitionKey: 'viewThankYouPage', version: 2, stepCount: 2 }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ terminal: true }));
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ step: 'finished' })).toBe(true);
    // The step's draft actor lives on the whole step, but a finished step gives it nothing to save.
    expect(snapshot.children.draft?.getSnapshot()).toMatchObject({ value: 'idle' });
    expect(snapshot.can({ type: 'form.changed', data: { x: 1 } })).toBe(false);
    expect(snapshot.can({ type: 'page.hidden' })).toBe(false);

    run.actor.send({ type: 'form.changed', data: { x: 1 } });
    run.actor.send({ type: 'page.hidden' });
    run.actor.send({ type: 'step.submitted', submission: submission('viewThankYouPage') });
    run.clock.increment(60_000);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(0);
    expect(run.fakes.submitStep.calls).toHaveLength(1);
    expect(run.actor.getSnapshot().matches({ step: 'finished' })).toBe(true);
  });

  it('continuing onto a terminal task shows it finished, straight from checking, writing no draft', async () => {
    const draft = { taskDefinitionKey: 'viewThankYouPage', version: 2, data: { note: 'left over' } };
    const run = await continuedOnStep(taskResponse({ taskDefinitionKey: 'viewThankYouPage', stepCount: 4, draft }));
    expect(run.actor.getSnapshot().matches({ step: 'finished' })).toBe(true);
    run.clock.increment(60_000);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(0);
    expect(run.actor.getSnapshot().children.draft?.getSnapshot()).toMatchObject({ value: 'idle' });
  });

  it('a failed submit keeps the typed data and carries the validation field errors', async () => {
    const run = await continuedOnStep();
    run.actor.send({ type: 'form.changed', data: { firstName: 'Mari', email: 'mari@' } });
    run.actor.send({ type: 'step.submitted', submission: submission() });
    const error = appError('validation', { fieldErrors: { 'personUpdates.0.email': ['validation.messages.email'] } });
    run.fakes.submitStep.last().reject(error);
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ step: { editing: 'synced' } })).toBe(true);
    expect(snapshot.context.submitError).toEqual(error);
    expect(snapshot.context.typed).toEqual({ firstName: 'Mari', email: 'mari@' });
    expect(snapshot.context.taskKey).toBe('createApplicationStep');
    expect(snapshot.context.queued).toBeNull();

    // Submitting again clears the error while the new attempt runs (a new call: the app gives it a new key),
    // and sends what was typed as the step's draft (Back to it shows the answers).
    run.actor.send({ type: 'step.submitted', submission: submission() });
    expect(run.actor.getSnapshot().context.submitError).toBeNull();
    expect(run.fakes.submitStep.calls).toHaveLength(2);
    expect(run.fakes.submitStep.last().input.submission.draft).toEqual({ firstName: 'Mari', email: 'mari@' });
  });

  it('a double submit while submitting sends one submitStep', async () => {
    const run = await continuedOnStep();
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.actor.send({ type: 'step.submitted', submission: submission() });
    await settle();
    expect(run.fakes.submitStep.calls).toHaveLength(1);
    expect(run.actor.getSnapshot().can({ type: 'step.submitted', submission: submission() })).toBe(false);
  });

  it('a double submit before the application exists creates once and submits once', async () => {
    const run = await newOnFirstStep();
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.createApplication.last().resolve(taskResponse());
    await settle();
    run.actor.send({ type: 'step.submitted', submission: submission() });
    await settle();
    expect(run.fakes.createApplication.calls).toHaveLength(1);
    expect(run.fakes.submitStep.calls).toHaveLength(1);
  });
});

describe('application machine: loading a step view', () => {
  it('a route of the same name redirects there', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'chooseProduct' }));
    await settle();
    run.fakes.loadStepView.last().resolve({ outcome: 'route', path: '/choose-product' });
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toBe('redirecting');
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.redirect).toEqual({ kind: 'route', to: '/choose-product' });
  });

  it('the fallback goes to the external loan application URL', async () => {
    const url = 'https://fallback.example/laen?redirected=true&externalId=ext-1';
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'viewOffer' }));
    await settle();
    run.fakes.loadStepView.last().resolve({ outcome: 'fallback', url });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('redirecting');
    expect(run.actor.getSnapshot().context.redirect).toEqual({ kind: 'external', to: url });
  });

  it('an unknown key fails with the step-not-found error it was given', async () => {
    const error = { kind: 'step-not-found', taskKey: 'noSuchTask', message: 'Step with taskDefinitionKey "noSuchTask" not found.' } as const;
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'noSuchTask' }));
    await settle();
    run.fakes.loadStepView.last().reject(error);
    await settle();
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.actor.getSnapshot().context.error).toEqual(error);
  });
});

describe('application machine: failures and retry', () => {
  it.each(['not-found', 'unauthorized'] as const)('a %s continue fails to the error state; app.retried boots again', async (kind) => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().reject(appError(kind));
    await settle();
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.actor.getSnapshot().context.error).toEqual(appError(kind));

    run.actor.send({ type: 'app.retried' });
    expect(run.actor.getSnapshot().value).toBe('continuing');
    expect(run.actor.getSnapshot().context.error).toBeNull();
    expect(run.fakes.continueApplication.calls).toHaveLength(2);
    run.fakes.continueApplication.last().resolve(taskResponse());
    await settle();
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    expect(run.actor.getSnapshot().matches('step')).toBe(true);
  });

  it('a new application whose first step fails to load looks up again on retry', async () => {
    const run = startApplication();
    run.fakes.findPreviousApplication.last().resolve(null);
    await settle();
    run.fakes.loadStepView.last().reject(appError('chunk'));
    await settle();
    expect(run.actor.getSnapshot().value).toBe('failed');
    run.actor.send({ type: 'app.retried' });
    expect(run.actor.getSnapshot().value).toBe('lookingUpPrevious');
    expect(run.fakes.findPreviousApplication.calls).toHaveLength(2);
  });

  it('events that mean nothing in the error state change nothing', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().reject(appError('not-found'));
    await settle();
    for (const event of [{ type: 'form.changed', data: {} }, { type: 'page.hidden' }, { type: 'application.reloaded' }] as const) {
      run.actor.send(event);
    }
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.fakes.continueApplication.calls).toHaveLength(1);
  });
});

/**
 * Four bugs found against the earlier machines (the draft actor lived on `step.editing` only, always
 * forwarded on entering `synced`, and a draft conflict outlived its step). Each test fails against
 * that behaviour; the comments say what happened then.
 */
describe('application machine: draft bugs fixed', () => {
  const withDraft = () => taskResponse({ draft: { taskDefinitionKey: 'createApplicationStep', version: 1, data: {} } });

  it('B1: a draft conflict on one step does not stop draft saving on the next step', async () => {
    const run = await continuedOnStep(withDraft());
    run.actor.send({ type: 'form.changed', data: { a: 1 } });
    await afterDebounce(run);
    run.fakes.saveDraft.last().reject(appError('conflict'));
    await settle();
    expect(run.actor.getSnapshot().context.draftConflict).toBe(true);

    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.submitStep.last().resolve(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 3, stepCount: 2 }));
    await settle();
    // The new task from the server clears the conflict of the previous one.
    expect(run.actor.getSnapshot().context.draftConflict).toBe(false);
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    // Entering the next step with nothing typed writes nothing (it used to PUT {}).
    await afterDebounce(run);
    expect(run.fakes.saveDraft.calls).toHaveLength(1);

    run.actor.send({ type: 'form.changed', data: { employer: 'Solis' } });
    await afterDebounce(run);
    expect(run.actor.getSnapshot().context.draftConflict).toBe(false); // was: true
    expect(run.fakes.saveDraft.calls).toHaveLength(2);
    expect(run.fakes.saveDraft.last().input).toMatchObject({ taskDefinitionKey: 'submitBackgroundData', version: 0, data: { employer: 'Solis' } }); // was: never saved
  });

  it('B2: after a draft conflict, a failed submit does not write the draft again with the stale version', async () => {
    const run = await continuedOnStep(withDraft());
    run.actor.send({ type: 'form.changed', data: { a: 1 } });
    await afterDebounce(run);
    run.fakes.saveDraft.last().reject(appError('conflict'));
    await settle();
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.submitStep.last().reject(appError('validation', { fieldErrors: {} }));
    await settle();
    expect(run.actor.getSnapshot().matches({ step: { editing: 'synced' } })).toBe(true);
    run.clock.increment(60_000);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(1); // was: 2 (version 1 again, { a: 1 })
    // Still stopped until the application is reloaded, whatever is typed or however the page is left.
    expect(run.actor.getSnapshot().context.draftConflict).toBe(true);
    run.actor.send({ type: 'form.changed', data: { a: 2 } });
    run.actor.send({ type: 'page.hidden' });
    run.clock.increment(60_000);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(1);
  });

  it('B3: entering a step writes no draft when nothing was typed', async () => {
    const run = await continuedOnStep(taskResponse()); // no draft on the server
    run.clock.increment(60_000);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(0); // was: 1 PUT { data: {}, version: 0 }
  });

  it('B3: entering a step with a restored draft does not write it back', async () => {
    const run = await continuedOnStep(taskResponse({ draft: { taskDefinitionKey: 'createApplicationStep', version: 4, data: { firstName: 'Mari' } } }));
    run.actor.send({ type: 'page.hidden' });
    run.clock.increment(60_000);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(0); // was: 1 PUT of the same data
  });

  it('B4: a draft save answered while a submit is under way is not forgotten', async () => {
    const run = await continuedOnStep(withDraft());
    run.actor.send({ type: 'form.changed', data: { a: 1 } });
    await afterDebounce(run);
    const inFlight = run.fakes.saveDraft.last(); // PUT version 1 reaches the server
    run.actor.send({ type: 'step.submitted', submission: submission() });
    expect(inFlight.signal.aborted).toBe(false); // was: aborted with the draft actor
    inFlight.resolve({ version: 2 }); // the server stored version 2
    await settle();
    expect(run.actor.getSnapshot().matches({ step: 'submitting' })).toBe(true);
    expect(run.actor.getSnapshot().context).toMatchObject({ draftVersion: 2, saved: { a: 1 } });

    run.fakes.submitStep.last().reject(appError('validation', { fieldErrors: {} }));
    await settle();
    // What the server holds is not written again on returning to the step.
    await afterDebounce(run);
    expect(run.fakes.saveDraft.calls).toHaveLength(1);

    run.actor.send({ type: 'form.changed', data: { a: 2 } });
    await afterDebounce(run);
    expect(run.fakes.saveDraft.calls).toHaveLength(2);
    expect(run.fakes.saveDraft.last().input).toMatchObject({ version: 2, data: { a: 2 } }); // was: version 1 -> VERSION_CONFLICT
  });
});

describe('application machine: the draft actor across the step', () => {
  it('keeps the data each save stored; typing it has not stored yet is saved when a failed submit returns to the step', async () => {
    const run = await continuedOnStep(taskResponse({ draft: { taskDefinitionKey: 'createApplicationStep', version: 1, data: {} } }));
    const first = { firstName: 'Ma' };
    run.actor.send({ type: 'form.changed', data: first });
    await afterDebounce(run);
    run.fakes.saveDraft.last().resolve({ version: 2 });
    await settle();
    expect(run.actor.getSnapshot().context.saved).toBe(first);

    // Typed and submitted before the debounce ends: the draft actor keeps waiting through the submit.
    run.actor.send({ type: 'form.changed', data: { firstName: 'Mari' } });
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.submitStep.last().reject(appError('server', { status: 500 }));
    await settle();
    await afterDebounce(run);
    expect(run.fakes.saveDraft.calls.map((call) => [call.input.version, call.input.data])).toEqual([
      [1, { firstName: 'Ma' }],
      [2, { firstName: 'Mari' }],
    ]);
  });

  it('typing while a submission creates the application is saved once, after the submit fails', async () => {
    const run = await newOnFirstStep();
    run.actor.send({ type: 'form.changed', data: { firstName: 'Mari' } });
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.createApplication.last().resolve(taskResponse({ externalId: 'ext-new', version: 1 }));
    await settle();
    expect(run.actor.getSnapshot().matches({ step: 'submitting' })).toBe(true);
    run.clock.increment(60_000);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(0);

    run.fakes.submitStep.last().reject(appError('validation', { fieldErrors: {} }));
    await settle();
    await afterDebounce(run);
    expect(run.fakes.saveDraft.calls.map((call) => call.input)).toEqual([
      { externalId: 'ext-new', taskDefinitionKey: 'createApplicationStep', version: 0, data: { firstName: 'Mari' }, keepalive: false },
    ]);
  });

  it('a draft conflict answered during a submit stops writing when the submit fails, and is cleared when it succeeds', async () => {
    const run = await continuedOnStep(taskResponse({ draft: { taskDefinitionKey: 'createApplicationStep', version: 1, data: {} } }));
    run.actor.send({ type: 'form.changed', data: { a: 1 } });
    await afterDebounce(run);
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.saveDraft.last().reject(appError('conflict'));
    await settle();
    expect(run.actor.getSnapshot().context.draftConflict).toBe(true);
    run.fakes.submitStep.last().reject(appError('network'));
    await settle();
    run.actor.send({ type: 'form.changed', data: { a: 2 } });
    run.clock.increment(60_000);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(1);

    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.submitStep.last().resolve(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 2, stepCount: 2 }));
    await settle();
    expect(run.actor.getSnapshot().context.draftConflict).toBe(false);
  });
});

describe('application machine: the step\'s own logic (issue 8)', () => {
  /** A step machine that reports its input and submits through the application like a step's logic does. */
  const probe = setup({
    types: { input: {} as StepLogicInput, context: {} as { input: StepLogicInput }, events: {} as { type: 'probe.submit' } },
  }).createMachine({
    context: ({ input }) => ({ input }),
    on: { 'probe.submit': { actions: sendParent({ type: 'step.submitted', submission: submission() }) } },
  });

  it('runs while the step is shown, with the step input, and stops when the step is left', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' }, locale: 'et' });
    run.fakes.continueApplication.last().resolve(taskResponse());
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ logic: { probe } }));
    await settle();
    const child = run.actor.getSnapshot().children['probe'] as ActorRefFrom<typeof probe> | undefined;
    expect(child?.getSnapshot().context).toEqual({ input: stepLogicInput({ productName: 'SMALL_LOAN', taskKey: 'createApplicationStep' }) });

    child?.send({ type: 'probe.submit' });
    await settle();
    expect(run.actor.getSnapshot().matches({ step: 'submitting' })).toBe(true);
    expect(run.fakes.submitStep.last().input.submission).toMatchObject({ taskDefinitionKey: 'createApplicationStep', version: 1 });
    run.fakes.submitStep.last().resolve(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 2, stepCount: 2 }));
    await settle();
    expect(run.actor.getSnapshot().children['probe']).toBeUndefined();
    expect(child?.getSnapshot().status).toBe('stopped');
  });

  it('shows the view variant the loader chose', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse());
    await settle();
    expect(run.fakes.loadStepView.last().input).toEqual({ taskKey: 'createApplicationStep', externalId: 'ext-1', role: 'APPLICANT', channel: null });
    run.fakes.loadStepView.last().resolve(loaded({ variant: 'lv' }));
    await settle();
    expect(run.actor.getSnapshot().context.stepVariant).toBe('lv');
  });
});

describe('application machine: a task that waits for the bank (decision 172)', () => {
  const analysing = (version = 5): TaskResponse => ({ ...taskResponse({ taskDefinitionKey: 'viewBankStatementsBeingProcessed', version }), awaitingCheck: 'STATEMENT_ANALYSIS' });
  /** The waiting pages' step logic: the task poll (src/steps/<page>/logic.ts), looking through the fake. */
  const pollOf = (run: ReturnType<typeof startApplication>) => ({ [TASK_POLL_ID]: taskPollMachine.provide({ actors: { currentTask: run.fakes.currentTask.logic } }) });

  it('the page’s poll looks again every few seconds, survives failed looks, and loads the next task once it changed', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(analysing());
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ terminal: true, logic: pollOf(run) }));
    await settle();
    expect(run.actor.getSnapshot().matches({ step: 'finished' })).toBe(true);
    expect(run.actor.getSnapshot().context.awaitingCheck).toBe('STATEMENT_ANALYSIS');
    expect(run.actor.getSnapshot().children[TASK_POLL_ID]).toBeDefined();

    run.clock.increment(TASK_POLL_CHECK_MS);
    expect(run.fakes.currentTask.last().input).toEqual({ externalId: 'ext-1', role: 'APPLICANT' });
    run.fakes.currentTask.last().reject(appError('network'));
    await settle();
    // A dropped connection is no error page: the page stays and looks again.
    expect(run.actor.getSnapshot().matches({ step: 'finished' })).toBe(true);
    run.clock.increment(TASK_POLL_CHECK_MS);
    run.fakes.currentTask.last().resolve({ taskDefinitionKey: 'reviewApproved', awaitingCheck: null });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('continuing');
    expect(run.actor.getSnapshot().children[TASK_POLL_ID]).toBeUndefined();

    run.fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'reviewApproved', version: 6 }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    expect(run.actor.getSnapshot().context).toMatchObject({ taskKey: 'reviewApproved', awaitingCheck: null });
    // A page without the poll runs none.
    expect(run.actor.getSnapshot().children[TASK_POLL_ID]).toBeUndefined();
    run.clock.increment(TASK_POLL_CHECK_MS * 5);
    expect(run.fakes.currentTask.calls).toHaveLength(2);
  });

  it('moves on when the task stays but no longer waits (a non-terminal page, another check)', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve({ ...taskResponse({ taskDefinitionKey: 'readUndecidedDecision' }), awaitingCheck: 'UNDERWRITER_REVIEW' });
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ logic: pollOf(run) }));
    await settle();
    run.clock.increment(TASK_POLL_CHECK_MS);
    run.fakes.currentTask.last().resolve({ taskDefinitionKey: 'readUndecidedDecision', awaitingCheck: 'UNDERWRITER_REVIEW' });
    await settle();
    expect(run.actor.getSnapshot().matches('step')).toBe(true);
    run.clock.increment(TASK_POLL_CHECK_MS);
    run.fakes.currentTask.last().resolve({ taskDefinitionKey: 'readUndecidedDecision', awaitingCheck: null });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('continuing');
  });

  it('a page that can wait but waits for nothing now (handed to a loan specialist) never looks', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve({ ...taskResponse({ taskDefinitionKey: 'viewAdditionalDataSubmitted' }), awaitingCheck: null });
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ terminal: true, logic: pollOf(run) }));
    await settle();
    run.clock.increment(TASK_POLL_CHECK_MS * 10);
    await settle();
    expect(run.fakes.currentTask.calls).toHaveLength(0);
    expect(run.actor.getSnapshot().matches({ step: 'finished' })).toBe(true);
  });
});

describe('application machine: switching to another application (decision 121)', () => {
  /** A step's logic that gives this application up for another, as ChooseContinueOption's does. */
  const switcher = setup({
    types: { events: {} as { type: 'probe.switch'; to: string } },
  }).createMachine({
    on: { 'probe.switch': { actions: sendParent(({ event }) => ({ type: 'application.switched', to: event.to })) } },
  });

  async function onStepWithSwitcher(): Promise<RunningApplication> {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'chooseContinueOption', version: 2, stepCount: 2 }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ logic: { switcher } }));
    await settle();
    return run;
  }

  it('goes to the other application’s route when the step logic says so; the step and its draft stop', async () => {
    const run = await onStepWithSwitcher();
    run.actor.send({ type: 'form.changed', data: { continueOption: 'CONTINUE_ACTIVE' } });
    const child = run.actor.getSnapshot().children['switcher'];
    child?.send({ type: 'probe.switch', to: '/?externalId=old-1' });
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toBe('redirecting');
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.redirect).toEqual({ kind: 'route', to: '/?externalId=old-1' });
    // Nothing is saved to the application given up.
    await afterDebounce(run);
    expect(run.fakes.saveDraft.calls).toHaveLength(0);
  });

  it('never leaves the app: a path to another origin is ignored', async () => {
    const run = await onStepWithSwitcher();
    for (const to of ['//evil.example/', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
      run.actor.getSnapshot().children['switcher']?.send({ type: 'probe.switch', to });
      await settle();
      expect(run.actor.getSnapshot().matches('step'), to).toBe(true);
    }
  });
});

describe('application machine: a signing step sends itself once signed (issue 26, decision 211)', () => {
  /** The loan's signing machine, its contract read as already signed (the person signed, the step was not sent yet). */
  const signing = contractSigningMachine.provide({
    actors: {
      loadContractDetails: fromPromise(async (): Promise<ContractDetails> => ({ ...SAMPLE_CONTRACT, signingMethod: 'SMART_ID', signed: true })),
      loadSigningActors: fromPromise(async () => ({})),
    },
  });
  const EMPTY = { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} };

  const signingState = (run: RunningApplication) => (run.actor.getSnapshot().children['signing'] as ActorRefFrom<typeof signing> | undefined)?.getSnapshot().value;

  async function onSigningStep(): Promise<RunningApplication> {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'viewContractConditions', version: 7, stepCount: 12 }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ logic: { signing } }));
    await settle();
    return run;
  }

  it('signed: the step is submitted with no click, its empty submission at the current version, then the next task loads', async () => {
    const run = await onSigningStep();
    expect(signingState(run)).toBe('signed');
    expect(run.actor.getSnapshot().matches({ step: 'submitting' })).toBe(true);
    expect(run.fakes.submitStep.calls).toHaveLength(1);
    expect(run.fakes.submitStep.last().input).toEqual({ externalId: 'ext-1', submission: { taskDefinitionKey: 'viewContractConditions', application: EMPTY, variables: {}, version: 7 } });
    run.fakes.submitStep.last().resolve(taskResponse({ taskDefinitionKey: 'viewContractSigned', version: 8, stepCount: 13 }));
    await settle();
    expect(run.actor.getSnapshot().matches('loadingStep')).toBe(true);
    expect(run.fakes.loadStepView.last().input).toMatchObject({ taskKey: 'viewContractSigned' });
  });

  it('the send fails: the step stays, with the reason and nothing re-sent by itself; Continue (step.submitted) sends it again', async () => {
    const run = await onSigningStep();
    run.fakes.submitStep.last().reject(appError('timeout'));
    await settle();
    const failed = run.actor.getSnapshot();
    expect(failed.matches({ step: 'editing' })).toBe(true);
    expect(failed.context).toMatchObject({ submitError: { kind: 'timeout' }, taskKey: 'viewContractConditions', queued: null });
    expect(signingState(run)).toBe('signed');
    expect(run.fakes.submitStep.calls).toHaveLength(1);
    run.actor.send({ type: 'step.submitted', submission: { taskDefinitionKey: 'viewContractConditions', application: EMPTY, variables: {} } });
    expect(run.actor.getSnapshot().matches({ step: 'submitting' })).toBe(true);
    expect(run.actor.getSnapshot().context.submitError).toBeNull();
    expect(run.fakes.submitStep.calls).toHaveLength(2);
  });

  it('a second step.signed while the send is under way sends nothing more', async () => {
    const run = await onSigningStep();
    run.actor.send({ type: 'step.signed' });
    await settle();
    expect(run.fakes.submitStep.calls).toHaveLength(1);
  });
});

describe('application machine: a step logic\'s failure goes to the common error handler (decision 153)', () => {
  /** A step's logic that reports a failure it cannot recover from, as the open-banking list does. */
  const failing = setup({
    types: { events: {} as { type: 'probe.fail' } },
  }).createMachine({
    on: { 'probe.fail': { actions: sendParent(() => ({ type: 'step.failed', error: appError('timeout') })) } },
  });

  it('shows the error handler (the step and its logic stop); Try again continues the application and shows the step afresh', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'provideBasViaOpenBanking', version: 4, stepCount: 9 }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ logic: { failing } }));
    await settle();
    expect(run.actor.getSnapshot().matches('step')).toBe(true);
    run.actor.getSnapshot().children['failing']?.send({ type: 'probe.fail' });
    await settle();
    const failed = run.actor.getSnapshot();
    expect(failed.value).toBe('failed');
    expect(failed.context).toMatchObject({ error: appError('timeout'), failedWhile: 'step' });
    expect(failed.children['failing']).toBeUndefined();
    run.actor.send({ type: 'app.retried' });
    expect(run.actor.getSnapshot().value).toBe('continuing');
    expect(run.actor.getSnapshot().context).toMatchObject({ error: null, failedWhile: null });
    run.fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'provideBasViaOpenBanking', version: 4, stepCount: 9 }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ logic: { failing } }));
    await settle();
    expect(run.actor.getSnapshot().matches('step')).toBe(true);
    expect(run.actor.getSnapshot().children['failing']).toBeDefined();
  });

  it('the step logic is started with the application\'s product (decision 134)', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'uploadBankAccountStatementDocuments' }));
    await settle();
    const recorder = setup({ types: { input: {} as StepLogicInput, context: {} as { input: StepLogicInput } } }).createMachine({ context: ({ input }) => ({ input }) });
    run.fakes.loadStepView.last().resolve(loaded({ logic: { recorder } }));
    await settle();
    const child = run.actor.getSnapshot().children['recorder'];
    expect((child?.getSnapshot() as { context: { input: StepLogicInput } } | undefined)?.context.input.productName).toBe('SMALL_LOAN');
  });
});

describe('application machine: the browser\'s Back (issue 8)', () => {
  it('returns to the previous task where the process allows it, leaving what was typed in the draft', async () => {
    const run = await continuedOnStep(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 4, stepCount: 2, previousTaskDefinitionKey: 'createApplicationStep' }));
    run.actor.send({ type: 'form.changed', data: { employer: 'Solis' } });
    run.actor.send({ type: 'history.back' });
    expect(run.actor.getSnapshot().matches({ step: 'returning' })).toBe(true);
    // What was typed here is saved to this step's draft first, and the return waits for the answer
    // (decision 231): the server takes a step's draft only while the process is at that step.
    expect(run.fakes.saveDraft.last().input).toMatchObject({ taskDefinitionKey: 'submitBackgroundData', data: { employer: 'Solis' } });
    await settle();
    expect(run.fakes.returnToTask.calls).toHaveLength(0);
    run.fakes.saveDraft.last().resolve({ version: 1 });
    await settle();
    expect(run.fakes.returnToTask.last().input).toEqual({ externalId: 'ext-1', taskDefinitionKey: 'submitBackgroundData', version: 4 });

    const previous = taskResponse({ version: 5, stepCount: 1, draft: { taskDefinitionKey: 'createApplicationStep', version: 2, data: { firstName: 'Mari' } } });
    run.fakes.returnToTask.last().resolve(previous);
    await settle();
    expect(run.actor.getSnapshot().matches('loadingStep')).toBe(true);
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    expect(run.actor.getSnapshot().context).toMatchObject({ taskKey: 'createApplicationStep', version: 5, stepCount: 1, typed: { firstName: 'Mari' }, backRefusal: null });
  });

  it('with nothing unsaved asks the return at once', async () => {
    const run = await continuedOnStep(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 4, stepCount: 2, previousTaskDefinitionKey: 'createApplicationStep' }));
    run.actor.send({ type: 'history.back' });
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(0);
    expect(run.fakes.returnToTask.calls).toHaveLength(1);
  });

  it(`a draft write that hangs holds the return for ${DRAFT_SETTLE_WAIT_MS} ms at most, and one that fails for good does not stop it`, async () => {
    const hanging = await continuedOnStep(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 4, stepCount: 2, previousTaskDefinitionKey: 'createApplicationStep' }));
    hanging.actor.send({ type: 'form.changed', data: { employer: 'Solis' } });
    hanging.actor.send({ type: 'step.back' });
    hanging.clock.increment(DRAFT_SETTLE_WAIT_MS - 1);
    await settle();
    expect(hanging.fakes.returnToTask.calls).toHaveLength(0);
    hanging.clock.increment(1);
    await settle();
    expect(hanging.fakes.returnToTask.calls).toHaveLength(1);

    const refused = await continuedOnStep(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 4, stepCount: 2, previousTaskDefinitionKey: 'createApplicationStep' }));
    refused.actor.send({ type: 'form.changed', data: { employer: 'Solis' } });
    refused.actor.send({ type: 'step.back' });
    refused.fakes.saveDraft.last().reject(appError('conflict'));
    await settle();
    expect(refused.fakes.returnToTask.calls).toHaveLength(1);
  });

  it('what is typed while the write runs is saved too before the return', async () => {
    const run = await continuedOnStep(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 4, stepCount: 2, previousTaskDefinitionKey: 'createApplicationStep' }));
    run.actor.send({ type: 'form.changed', data: { employer: 'S' } });
    run.clock.increment(DRAFT_DEBOUNCE_MS);
    await settle();
    run.actor.send({ type: 'form.changed', data: { employer: 'Solis' } });
    run.actor.send({ type: 'history.back' });
    run.fakes.saveDraft.last().resolve({ version: 1 });
    await settle();
    expect(run.fakes.returnToTask.calls).toHaveLength(0);
    expect(run.fakes.saveDraft.last().input).toMatchObject({ version: 1, data: { employer: 'Solis' } });
    run.fakes.saveDraft.last().resolve({ version: 2 });
    await settle();
    expect(run.fakes.returnToTask.calls).toHaveLength(1);
  });

  it('keeps the applicant on a page that ends the flow, saying the application was sent', async () => {
    const run = await continuedOnStep(taskResponse({ taskDefinitionKey: 'viewThankYouPage', stepCount: 2 }));
    run.actor.send({ type: 'history.back' });
    expect(run.actor.getSnapshot().matches({ step: 'finished' })).toBe(true);
    expect(run.actor.getSnapshot().context.backRefusal).toBe('sent');
    expect(run.fakes.returnToTask.calls).toHaveLength(0);
  });

  it('keeps the applicant where the process allows no return, and forgets the refusal on the next step', async () => {
    const run = await continuedOnStep(taskResponse({ taskDefinitionKey: 'submitBackgroundData', stepCount: 3, previousTaskDefinitionKey: null }));
    run.actor.send({ type: 'history.back' });
    expect(run.actor.getSnapshot().context.backRefusal).toBe('locked');
    run.actor.send({ type: 'step.submitted', submission: submission('submitBackgroundData') });
    run.fakes.submitStep.last().resolve(taskResponse({ taskDefinitionKey: 'submitFinancialData', version: 2, stepCount: 4 }));
    await settle();
    expect(run.actor.getSnapshot().context.backRefusal).toBeNull();
  });

  it('does nothing while a submission is under way: no cancelled or repeated once-only action', async () => {
    const run = await continuedOnStep(taskResponse({ taskDefinitionKey: 'submitBackgroundData', previousTaskDefinitionKey: 'createApplicationStep' }));
    run.actor.send({ type: 'step.submitted', submission: submission('submitBackgroundData') });
    run.actor.send({ type: 'history.back' });
    expect(run.actor.getSnapshot().matches({ step: 'submitting' })).toBe(true);
    expect(run.fakes.submitStep.open()).toHaveLength(1);
    expect(run.fakes.returnToTask.calls).toHaveLength(0);
  });

  it('a refused return keeps the step and says why on the button', async () => {
    const run = await continuedOnStep(taskResponse({ taskDefinitionKey: 'submitBackgroundData', previousTaskDefinitionKey: 'createApplicationStep' }));
    run.actor.send({ type: 'history.back' });
    run.fakes.returnToTask.last().reject(appError('conflict'));
    await settle();
    expect(run.actor.getSnapshot().matches({ step: 'editing' })).toBe(true);
    expect(run.actor.getSnapshot().context.submitError).toMatchObject({ kind: 'conflict' });
  });
});

describe('application machine: the page\'s Back link (issue 26)', () => {
  it('is offered where the process allows a return and takes the same way as the browser\'s Back', async () => {
    const run = await continuedOnStep(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 4, stepCount: 2, previousTaskDefinitionKey: 'createApplicationStep' }));
    expect(run.actor.getSnapshot().can({ type: 'step.back' })).toBe(true);
    run.actor.send({ type: 'step.back' });
    expect(run.actor.getSnapshot().matches({ step: 'returning' })).toBe(true);
    expect(run.fakes.returnToTask.last().input).toEqual({ externalId: 'ext-1', taskDefinitionKey: 'submitBackgroundData', version: 4 });
  });

  it('is not offered where the process allows no return, nor on a page that ends the flow', async () => {
    const locked = await continuedOnStep(taskResponse({ taskDefinitionKey: 'submitBackgroundData', stepCount: 3, previousTaskDefinitionKey: null }));
    expect(locked.actor.getSnapshot().can({ type: 'step.back' })).toBe(false);
    const ended = await continuedOnStep(taskResponse({ taskDefinitionKey: 'viewThankYouPage', stepCount: 2, previousTaskDefinitionKey: 'checkAnswers' }));
    expect(ended.actor.getSnapshot().can({ type: 'step.back' })).toBe(false);
  });

  it('does nothing while a submission is under way', async () => {
    const run = await continuedOnStep(taskResponse({ taskDefinitionKey: 'submitBackgroundData', previousTaskDefinitionKey: 'createApplicationStep' }));
    run.actor.send({ type: 'step.submitted', submission: submission('submitBackgroundData') });
    run.actor.send({ type: 'step.back' });
    expect(run.actor.getSnapshot().matches({ step: 'submitting' })).toBe(true);
    expect(run.fakes.returnToTask.calls).toHaveLength(0);
  });
});

describe('application machine: the browser\'s Forward (decision 212)', () => {
  /** On a page of answers (its meta lets Forward press Continue), continued at step 2. */
  async function onAnswersPage(resubmitsOnForward = true): Promise<RunningApplication> {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 4, stepCount: 2, previousTaskDefinitionKey: 'createApplicationStep' }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ resubmitsOnForward }));
    await settle();
    return run;
  }

  it('asks the step\'s form to press Continue; the normal submit takes the server\'s next task, a move forward', async () => {
    const run = await onAnswersPage();
    const before = run.actor.getSnapshot().context;
    expect(before.stepMove.by).toBe('load');
    expect(run.actor.getSnapshot().can({ type: 'history.forward' })).toBe(true);
    run.actor.send({ type: 'history.forward' });
    expect(run.actor.getSnapshot().context).toMatchObject({ forwarding: true, forwardRequest: before.forwardRequest + 1 });
    // Nothing is sent by the machine itself: the form answers with the step's own submission.
    expect(run.fakes.submitStep.calls).toHaveLength(0);
    // A second Forward while the form has not answered is not taken.
    expect(run.actor.getSnapshot().can({ type: 'history.forward' })).toBe(false);
    run.actor.send({ type: 'step.submitted', submission: submission('submitBackgroundData') });
    expect(run.actor.getSnapshot().matches({ step: 'submitting' })).toBe(true);
    expect(run.actor.getSnapshot().context.forwarding).toBe(false);
    run.fakes.submitStep.last().resolve(taskResponse({ taskDefinitionKey: 'submitFinancialData', version: 5, stepCount: 3 }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    expect(run.actor.getSnapshot().context).toMatchObject({ taskKey: 'submitFinancialData', stepCount: 3, stepMove: { seq: before.stepMove.seq + 1, by: 'forward' } });
  });

  it('answers that no longer pass: the form says it stayed, and Forward can be taken again', async () => {
    const run = await onAnswersPage();
    run.actor.send({ type: 'history.forward' });
    run.actor.send({ type: 'step.forwardStopped' });
    expect(run.actor.getSnapshot().matches({ step: 'editing' })).toBe(true);
    expect(run.actor.getSnapshot().context.forwarding).toBe(false);
    expect(run.actor.getSnapshot().can({ type: 'history.forward' })).toBe(true);
  });

  it('a submit the server refuses ends the Forward on the step with its error', async () => {
    const run = await onAnswersPage();
    run.actor.send({ type: 'history.forward' });
    run.actor.send({ type: 'step.submitted', submission: submission('submitBackgroundData') });
    run.fakes.submitStep.last().reject(appError('conflict'));
    await settle();
    expect(run.actor.getSnapshot().matches({ step: 'editing' })).toBe(true);
    expect(run.actor.getSnapshot().context).toMatchObject({ forwarding: false, taskKey: 'submitBackgroundData', submitError: { kind: 'conflict' } });
  });

  it('is not taken on a step whose Continue is an action of its own, on a page that ends the flow, or while busy', async () => {
    const action = await onAnswersPage(false);
    expect(action.actor.getSnapshot().can({ type: 'history.forward' })).toBe(false);
    action.actor.send({ type: 'history.forward' });
    expect(action.actor.getSnapshot().context).toMatchObject({ forwarding: false, forwardRequest: 0 });

    const ended = await continuedOnStep(taskResponse({ taskDefinitionKey: 'viewThankYouPage', stepCount: 2 }));
    expect(ended.actor.getSnapshot().can({ type: 'history.forward' })).toBe(false);

    const busy = await onAnswersPage();
    busy.actor.send({ type: 'step.submitted', submission: submission('submitBackgroundData') });
    busy.actor.send({ type: 'history.forward' });
    expect(busy.actor.getSnapshot().context.forwardRequest).toBe(0);
    expect(busy.fakes.submitStep.calls).toHaveLength(1);
  });

  it('a return is a move back, so the app can tell the Back link\'s return from a new step', async () => {
    const run = await onAnswersPage();
    const seq = run.actor.getSnapshot().context.stepMove.seq;
    run.actor.send({ type: 'step.back' });
    run.fakes.returnToTask.last().resolve(taskResponse({ version: 5, stepCount: 1 }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ resubmitsOnForward: true }));
    await settle();
    expect(run.actor.getSnapshot().context).toMatchObject({ taskKey: 'createApplicationStep', stepMove: { seq: seq + 1, by: 'back' } });
    expect(run.actor.getSnapshot().can({ type: 'history.forward' })).toBe(true);
  });
});

describe('application machine: products are initialised (section 4)', () => {
  const SMALL = { productName: 'SMALL_LOAN' } as never;

  it('loads the product data of the bank’s own products with the step, and shows the step when both are there', async () => {
    const run = startApplication({ initialiseProducts: true });
    run.fakes.findPreviousApplication.last().resolve(null);
    await settle();
    expect(run.fakes.loadProducts.last().input).toEqual({
      productNames: ['SMALL_LOAN', 'CAR_LOAN', 'RENOVATION_LOAN', 'REFINANCING_LOAN', 'HOUSING_LOAN', 'REAL_ESTATE_LOAN', 'CREDIT_CARD_VISA_CLASSIC', 'CREDIT_CARD_VISA_GOLD'],
      partner: null,
    });
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    expect(run.actor.getSnapshot().matches('loadingStep')).toBe(true);
    run.fakes.loadProducts.last().resolve({ products: { SMALL_LOAN: SMALL }, partnerProduct: null });
    await settle();
    expect(run.actor.getSnapshot().matches('step')).toBe(true);
    expect(run.actor.getSnapshot().context.products).toEqual({ SMALL_LOAN: SMALL });
  });

  it('adds the application’s own product, and asks only for what it lacks on the next step', async () => {
    const run = startApplication({ initialiseProducts: true, start: { externalId: 'ext-1' } });
    const task = taskResponse();
    task.application.creditConditions.productName = 'CURRENT_ACCOUNT';
    run.fakes.continueApplication.last().resolve(task);
    await settle();
    expect(run.fakes.loadProducts.last().input.productNames).toContain('CURRENT_ACCOUNT');
    run.fakes.loadProducts.last().resolve({ products: {}, partnerProduct: null });
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.submitStep.last().resolve(taskResponse({ taskDefinitionKey: 'viewThankYouPage', version: 2 }));
    await settle();
    expect(run.fakes.loadProducts.calls).toHaveLength(1);
  });

  it('asks for the partner’s goods with its terms, and takes the product they are sold as before an application exists', async () => {
    const run = startApplication({
      initialiseProducts: true,
      start: { productName: 'SMALL_LOAN', partner: { regCode: '10000002', goodsName: 'laptop', goodsPrice: 899 } },
    });
    // A partner's link starts afresh: no look-up of an unfinished application (decision 233).
    await settle();
    expect(run.fakes.loadProducts.last().input.partner).toEqual({ regCode: '10000002', goodsName: 'laptop' });
    run.fakes.loadProducts.last().resolve({ products: {}, partnerProduct: 'COMP_HIRE_PURCHASE' });
    await settle();
    expect(run.actor.getSnapshot().context.start).toMatchObject({ productName: 'COMP_HIRE_PURCHASE', loanAmount: 899 });
  });

  it('shows the failure, and tries again when asked (never a blank page)', async () => {
    const run = startApplication({ initialiseProducts: true });
    run.fakes.findPreviousApplication.last().resolve(null);
    await settle();
    run.fakes.loadProducts.last().reject(appError('network'));
    await settle();
    expect(run.actor.getSnapshot().matches('failed')).toBe(true);
    expect(run.actor.getSnapshot().context).toMatchObject({ failedWhile: 'products', error: { kind: 'network' } });
    run.actor.send({ type: 'app.retried' });
    run.fakes.findPreviousApplication.last().resolve(null);
    await settle();
    expect(run.fakes.loadProducts.calls).toHaveLength(2);
  });

  it('initialises nothing for an embedded customer administrator', async () => {
    const run = startApplication({ initialiseProducts: false });
    run.fakes.findPreviousApplication.last().resolve(null);
    await settle();
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    expect(run.actor.getSnapshot().matches('step')).toBe(true);
    expect(run.fakes.loadProducts.calls).toHaveLength(0);
  });
});

describe('application machine: product selection outside a process (section 2, /choose-product)', () => {
  it('makes the upsale application only when the choice is submitted, then goes on at /?externalId=', async () => {
    const run = startApplication({ creation: 'upsale', firstTask: 'chooseProduct' });
    expect(run.fakes.findPreviousApplication.calls).toHaveLength(0);
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    run.actor.send({ type: 'form.changed', data: { loanAmount: '5000' } });
    await settle();
    expect(run.fakes.createApplication.calls).toHaveLength(0);
    run.actor.send({
      type: 'step.submitted',
      submission: {
        taskDefinitionKey: 'chooseProduct',
        application: {
          applicationUpdates: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 48, loanPurpose: 'WEDDING' } },
          personUpdates: [],
          addRelations: [],
          customData: {},
        },
        variables: {},
      },
    });
    await settle();
    expect(run.fakes.createApplication.last().input.upsale).toEqual({ productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 48, loanPurpose: 'WEDDING' });
    run.fakes.createApplication.last().resolve(taskResponse({ externalId: 'ext-up' }));
    await settle();
    expect(run.actor.getSnapshot().matches('redirecting')).toBe(true);
    expect(run.actor.getSnapshot().context.redirect).toEqual({ kind: 'route', to: '/?externalId=ext-up' });
    expect(run.fakes.submitStep.calls).toHaveLength(0);
  });
});

describe('application machine: partner links (section 3)', () => {
  it('a creation refused for the link’s partner parameters ends on an error page, not on the step', async () => {
    const run = startApplication({ start: { partner: { regCode: '10000001', processData: { webShopRedirectUri: 'https://evil.example/' } } } });
    await settle();
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    run.actor.send({ type: 'form.changed', data: { firstName: 'M' } });
    await settle();
    run.fakes.createApplication
      .last()
      .reject(appError('validation', { fieldErrors: { 'application.partner.processData.webShopRedirectUri': ['validation.messages.redirectUriNotRegistered'] } }));
    await settle();
    expect(run.actor.getSnapshot().matches('failed')).toBe(true);
    expect(run.actor.getSnapshot().context.failedWhile).toBe('link');
  });

  it('continues with the link’s redirect URI, for the server to store when none is stored yet (section 4)', () => {
    const run = startApplication({ start: { externalId: 'ext-1', partner: { processData: { webShopRedirectUri: 'https://shop.example/back' } } } });
    expect(run.fakes.continueApplication.last().input).toEqual({ externalId: 'ext-1', role: 'APPLICANT', webShopRedirectUri: 'https://shop.example/back' });
  });
});
