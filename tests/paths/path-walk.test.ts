/**
 * Decision 225: `/?inspect&path=<id>` walks the application machine along a generated path. The
 * walker's choices (which event each step gets, where it stops and why, what it sets in the sandbox)
 * are read from the plan the dev server answers; then the real application machine is walked
 * against the reference API in-process (PGlite), with the actors the app provides replaced by calls
 * of one browser's client: the path's answers must take the process along the path.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, sendParent, setup, waitFor, type AnyActorLogic, type InspectionEvent } from 'xstate';
import { applicationMachine } from '../../machines/application/application.machine';
import type { LoadProductsOutput, LoadStepInput, StepViewLoadResult, SubmitStepInput } from '../../machines/application/application.actors';
import { personalCodeCheckMachine } from '../../src/features/personal-code/personal-code-check.machine';
import { STEP_CONTRACTS } from '../../src/steps/_generated/contracts.gen';
import { PathWalker, resumeIndex, sandboxCalls, startProblem, walkAction, type WalkerDeps } from '../../src/app/inspect-walk';
import type { PathPlan } from '../../src/app/inspect-path';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { StepContract } from '../../core/contract/step-contract';
import { startTestApp, type TestApp } from '../server/support/test-app';
import type { ApiClient } from '../server/support/api-client';
import { CREATE_REQUEST, stepPath } from '../server/support/payloads';
import { pathSession } from './path-session';
import { calculatorMachine } from '../../machines/calculator/calculator.machine';
import { productTableOf } from '../support/product-data';

const plan = (id: string): PathPlan => pathSession(id, 'retail-banking-ee');
const STRAIGHT = 'retailLoan/retail-banking-ee/SMALL_LOAN/straight';

describe('the path walk: what each step gets (decision 225)', () => {
  it('answers the straight path as its views do on Continue, and stops at the signing a person does', () => {
    const straight = plan(STRAIGHT);
    const actions = straight.steps.map((_, index) => walkAction(straight, index));
    expect(actions.map((action) => `${action.task}:${action.kind}`)).toEqual([
      'createApplicationStep:submit',
      'submitPersonalInfo:submit',
      'submitBackgroundData:submit',
      'submitAddress:submit',
      'submitFinancialData:submit',
      'submitBankDetailsAndIdentificationDocumentInfo:submit',
      'checkAnswers:submit',
      'reviewApproved:send',
      'viewCreditCardOffer:submit',
      'viewContractAndChooseSigningMethod:submit',
      'viewContractConditions:manual',
      'viewContractSigned:end',
    ]);
    // The personal code's own check gates the first two, as their views send Continue to it.
    expect(actions[0]).toMatchObject({ gate: { child: 'personalCode', values: { personalCode: 'personalCode' } }, values: { productName: 'SMALL_LOAN' } });
    expect(actions[1]).toMatchObject({ gate: { child: 'personalCode' } });
    // The straight path: retired, no co-applicant, a pension (no statements asked), the card declined.
    expect(actions[2]).toMatchObject({ values: { employmentType: 'PENSIONER', hasCoApplicant: 'no', politicallyExposed: 'no' } });
    expect(actions[4]).toMatchObject({ values: { incomes: [expect.objectContaining({ source: 'PENSION' })], noObligations: true } });
    expect(actions[7]).toEqual({ kind: 'send', task: 'reviewApproved', child: 'offer', event: { type: 'offer.accepted' } });
    expect(actions[8]).toMatchObject({ values: { offerAnswer: 'DECLINE' } });
    expect(actions[10]).toMatchObject({ reason: expect.stringContaining('Smart-ID simulator') });
  });

  it('follows the conditions: employed with a co-applicant, whose steps are another browser’s; the offer declined; the post office', () => {
    const co = plan('retailLoan/retail-banking-ee/SMALL_LOAN/coApplicant');
    const background = co.steps.findIndex((step) => step.task === 'submitBackgroundData');
    expect(walkAction(co, background)).toMatchObject({ values: { employmentType: 'PENSIONER', hasCoApplicant: 'yes' } });
    const employed = plan('retailLoan/retail-banking-ee/SMALL_LOAN/otherApplication+personalCodeChanged+employed+realEstateFlag+coApplicant+incomeEvidence+manualUpload+uploadRetriesExceeded');
    expect(walkAction(employed, employed.steps.findIndex((step) => step.task === 'submitBackgroundData'))).toMatchObject({ values: { employmentType: 'PRIVATE_SECTOR' } });
    // The additional checks come above 15 000 € (decision 220: only for a product that lends that much).
    const above = plan('retailLoan/retail-banking-ee/CAR_LOAN/incomeEvidence+additionalChecksAsked');
    expect(walkAction(above, 0)).toMatchObject({ values: { loanAmount: '16000' } });
    // An earlier application the replay seeds: the walker says so rather than walking into another path.
    expect(startProblem(employed, '/')).toContain('earlier open application');
    const first = co.steps.findIndex((step) => step.role === 'COBORROWER');
    expect(walkAction(co, first)).toMatchObject({ kind: 'manual', reason: expect.stringContaining('invitation link') });

    const declined = plan('retailLoan/retail-banking-ee/SMALL_LOAN/offerDeclined');
    expect(walkAction(declined, declined.steps.findIndex((step) => step.task === 'reviewApproved'))).toMatchObject({ kind: 'submit', values: { offerAnswer: 'DECLINE' } });

    const post = plan('retailLoan/retail-banking-lv/SMALL_LOAN/signing=POST');
    expect(walkAction(post, post.steps.findIndex((step) => step.task === 'viewContractAndChooseSigningMethod'))).toMatchObject({ values: { signingMethod: 'POST' } });
  });

  it('waits where the page asks the bank again by itself, and hands statements to be uploaded by hand to the open-banking machine', () => {
    const manual = plan('retailLoan/retail-banking-ee/SMALL_LOAN/coApplicant+incomeEvidence+manualUpload');
    expect(walkAction(manual, manual.steps.findIndex((step) => step.task === 'provideBasViaOpenBanking'))).toMatchObject({
      kind: 'send',
      child: 'openBanking',
      event: { type: 'manualUpload.chosen' },
      emptySubmission: true,
    });
    expect(walkAction(manual, manual.steps.findIndex((step) => step.task === 'uploadBankAccountStatementDocuments'))).toMatchObject({ kind: 'manual', reason: expect.stringContaining('upload a PDF') });
    const shared = plan('retailLoan/retail-banking-ee/SMALL_LOAN/incomeEvidence');
    expect(walkAction(shared, shared.steps.findIndex((step) => step.task === 'provideBasViaOpenBanking'))).toMatchObject({ kind: 'manual', reason: expect.stringContaining('PSD2 simulator') });
    const checked = plan('retailLoan/retail-banking-ee/CAR_LOAN/incomeEvidence+additionalChecksAsked');
    expect(walkAction(checked, checked.steps.findIndex((step) => step.task === 'viewAdditionalDataSubmitted'))).toMatchObject({ kind: 'wait' });
    // A page reloaded after the co-borrower's steps: the walk goes on from the applicant's step it shows.
    expect(resumeIndex(manual, 'reviewApproved')).toBe(manual.steps.findIndex((step) => step.task === 'reviewApproved'));
    expect(resumeIndex(manual, 'createApplicationStep')).toBe(0);
    expect(resumeIndex(manual, 'viewWaitingPage')).toBe(0);
  });

  it('sets the bank’s side through the sandbox controls the replay uses, and names a start it cannot make', () => {
    expect(sandboxCalls(plan(STRAIGHT))).toEqual([{ path: '/api/sandbox/decision', body: { outcome: 'POSITIVE' } }]);
    expect(sandboxCalls(plan('retailLoan/retail-banking-ee/SMALL_LOAN/decision=NEGATIVE_INITIAL'))).toEqual([{ path: '/api/sandbox/decision', body: { outcome: 'NEGATIVE_INITIAL' } }]);
    expect(sandboxCalls(plan('retailLoan/retail-banking-ee/SMALL_LOAN/crossSell=NOT_OFFERED'))).toContainEqual({
      path: '/api/sandbox/outcomes',
      body: { crossSell: 'NOT_OFFERED', duplicateApplication: false, shortApplication: false },
    });

    expect(startProblem(plan(STRAIGHT), '/')).toBeUndefined();
    expect(startProblem(plan(STRAIGHT), '/current-account')).toContain('starts at /');
    expect(startProblem(plan('retailUpsale/retail-banking-ee/RENOVATION_LOAN/straight'), '/')).toContain('product choice');
    expect(startProblem(plan('retailLoan/retail-banking-ee/COMP_HIRE_PURCHASE/straight'), '/')).toContain('partner’s link');
    expect(startProblem(pathSession('retailLoan/retail-banking-lv/SMALL_LOAN/straight', 'retail-banking-ee'), '/')).toContain('BUSINESS_DOMAIN=retail-banking-lv npm run dev');
  });
});

/** What a browser's page makes of the application machine: its actors are one client's calls to the in-process API. */
function pageOf(client: ApiClient, sent: string[]) {
  const reply = async (status: number, body: unknown, text: string) => {
    if (status >= 300) throw Object.assign(new Error(`answered ${status}: ${text}`), { kind: 'server' });
    return (body as { data: TaskResponse }).data;
  };
  // Stands for the offer's page: its calculator shows the approved offer, and its Accept sends the offer as shown.
  const offer = setup({}).createMachine({
    on: {
      'offer.accepted': {
        actions: sendParent({
          type: 'step.submitted',
          submission: { taskDefinitionKey: 'reviewApproved', application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: { offerAnswer: 'ACCEPT', offerAmount: 3000, offerPeriod: 36 } }, variables: {} },
        }),
      },
    },
  });
  const personalCode = personalCodeCheckMachine.provide({ actors: { checkPersonalCode: fromPromise(async (): Promise<{ valid: boolean }> => ({ valid: true })) } });
  const logicOf = (task: string): Record<string, AnyActorLogic> | null =>
    task === 'createApplicationStep' || task === 'submitPersonalInfo' ? { personalCode } : task === 'reviewApproved' ? { offer } : null;
  return applicationMachine.provide({
    actors: {
      findPreviousApplication: fromPromise(async (): Promise<string | null> => null),
      createApplication: fromPromise(async (): Promise<TaskResponse> => {
        const answer = await client.post('/api/v1/application-process', CREATE_REQUEST);
        return reply(answer.status, answer.body, answer.text);
      }),
      loadStepView: fromPromise<StepViewLoadResult, LoadStepInput>(async ({ input }) => ({
        outcome: 'loaded',
        variant: 'default',
        terminal: input.taskKey === 'viewContractSigned',
        logic: logicOf(input.taskKey),
        calculator: { opensOnStart: false, amountEditable: true },
      })),
      loadProducts: fromPromise(async (): Promise<LoadProductsOutput> => ({ products: {}, partnerProduct: null })),
      submitStep: fromPromise<TaskResponse, SubmitStepInput>(async ({ input }) => {
        sent.push(input.submission.taskDefinitionKey);
        const answer = await client.post(stepPath(input.externalId), input.submission, { headers: { 'idempotency-key': randomUUID() } });
        return reply(answer.status, answer.body, answer.text);
      }),
    },
  });
}

function walkerDeps(client: ApiClient, calls: string[]): WalkerDeps {
  return {
    fetch: async (url, init) => {
      calls.push(`${url} ${String(init?.body)}`);
      const answer = await client.post(url, JSON.parse(String(init?.body)));
      return new Response(answer.text, { status: answer.status });
    },
    contractOf: async (task) => (STEP_CONTRACTS as Record<string, { contract: StepContract } | undefined>)[task]?.contract,
    config: async () => ({ features: {}, allowedLocales: ['et', 'en', 'ru'], countryCode: 'EE' }),
    pathname: '/',
    stepTimeout: 15_000,
    playPause: 0,
  };
}

function startPage(client: ApiClient, sent: string[]) {
  const actor = createActor(pageOf(client, sent), {
    input: { businessDomain: 'retail-banking-ee', start: {}, locale: 'et', firstTask: 'createApplicationStep' },
  });
  actor.start();
  return actor;
}

describe('the path walk beside the loan calculator’s modal (decision 234)', () => {
  /** A page whose application machine runs a step's calculator that opens by itself, inspected by the walker as in the browser. */
  function pageWithCalculator(walker: PathWalker) {
    const page = setup({ actors: { calculator: calculatorMachine } }).createMachine({
      id: 'application',
      invoke: { src: 'calculator', id: 'calculator', input: { products: productTableOf('retail-banking-ee'), opensOnStart: true } },
    });
    const actor = createActor(page, { inspect: walker.observe });
    actor.start();
    const calculator = actor.getSnapshot().children.calculator!;
    return { actor, calculator, isOpen: () => calculator.getSnapshot().hasTag('open') };
  }
  const SMALL_LOAN_SHOWN = { type: 'calculator.stepChanged', values: { productName: 'SMALL_LOAN', amount: 3000, period: 36 } } as const;
  const noServer: WalkerDeps = {
    fetch: () => Promise.reject(new Error('no server here')),
    contractOf: async () => undefined,
    config: async () => ({ features: {}, allowedLocales: ['et'], countryCode: 'EE' }),
    pathname: '/',
  };
  const settleEvents = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('closes a calculator that opened by itself (its modal makes the panel inert) as a person does, and says so; one the developer opens stays open', async () => {
    const walker = new PathWalker(plan(STRAIGHT), noServer);
    const page = pageWithCalculator(walker);
    page.calculator.send(SMALL_LOAN_SHOWN);
    await settleEvents();
    expect(page.isOpen()).toBe(false);
    expect(walker.state).toMatchObject({ status: 'ready', message: expect.stringMatching(/^The loan calculator opened by itself: the walker closed it \(calculator\.dismissed\)/) });
    // The developer opens it with its button: the walker leaves it, also when it changes while open.
    page.calculator.send({ type: 'calculator.opened' });
    page.calculator.send({ type: 'calculator.slid', field: 'amount', value: 4000 });
    await settleEvents();
    expect(page.isOpen()).toBe(true);
    page.actor.stop();
  });

  it('leaves a calculator that opens by itself once the walk has stopped: the developer goes on by hand', async () => {
    const walker = new PathWalker(plan(STRAIGHT), noServer);
    expect(await walker.next()).toBe(false);
    expect(walker.state.status).toBe('stopped');
    const page = pageWithCalculator(walker);
    page.calculator.send(SMALL_LOAN_SHOWN);
    await settleEvents();
    expect(page.isOpen()).toBe(true);
    page.actor.stop();
  });
});

describe('the path walk on the application machine against the reference API (decision 225)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.database.dispose());

  it('walks the straight path step by step with its answers, the bank’s decision set first, and stops at the signing saying why', async () => {
    const client = t.client();
    const sent: string[] = [];
    const calls: string[] = [];
    const actor = startPage(client, sent);
    const walker = new PathWalker(plan(STRAIGHT), walkerDeps(client, calls));
    walker.attach(actor);

    expect(await walker.next()).toBe(true);
    expect(calls).toEqual(['/api/sandbox/decision {"outcome":"POSITIVE"}']);
    expect(walker.state).toMatchObject({ index: 1, message: expect.stringContaining('the page shows submitPersonalInfo') });

    await walker.play();
    expect(sent).toEqual([
      'createApplicationStep',
      'submitPersonalInfo',
      'submitBackgroundData',
      'submitAddress',
      'submitFinancialData',
      'submitBankDetailsAndIdentificationDocumentInfo',
      'checkAnswers',
      'reviewApproved',
      'viewCreditCardOffer',
      'viewContractAndChooseSigningMethod',
    ]);
    expect(actor.getSnapshot().context.taskKey).toBe('viewContractConditions');
    expect(walker.state).toMatchObject({ status: 'stopped', index: 10, message: expect.stringMatching(/^step 11 \(viewContractConditions\) needs a person: sign by hand/) });
    expect(await walker.next()).toBe(false);
    actor.stop();
  }, 120_000);

  it('walks the page’s machine, not a second application actor left in its first state (React’s strict mode in development)', async () => {
    const client = t.client();
    const sent: string[] = [];
    const walker = new PathWalker(plan(STRAIGHT), walkerDeps(client, []));
    const live = startPage(client, sent);
    walker.observe({ type: '@xstate.actor', actorRef: live } as unknown as InspectionEvent);
    // Strict mode's other actor: reported after the page's, active, never leaving `lookingUpPrevious`.
    const idle = createActor(pageOf(client, []), { input: { businessDomain: 'retail-banking-ee', start: {}, locale: 'et', firstTask: 'createApplicationStep' } });
    walker.observe({ type: '@xstate.actor', actorRef: idle } as unknown as InspectionEvent);
    await waitFor(live, (snapshot) => snapshot.matches({ step: 'editing' }));
    walker.observe({ type: '@xstate.snapshot', actorRef: live, snapshot: live.getSnapshot() } as unknown as InspectionEvent);

    expect(await walker.next()).toBe(true);
    expect(sent).toEqual(['createApplicationStep']);
    expect(walker.state).toMatchObject({ index: 1, message: expect.stringContaining('the page shows submitPersonalInfo') });
    live.stop();
  }, 60_000);

  it('stops where the page leaves the path, naming the step, what the path expects and what the page shows', async () => {
    const client = t.client();
    const sent: string[] = [];
    const actor = startPage(client, sent);
    // The path expects no card; without the sandbox's outcome the bank offers it (decision 209): walked with the straight path's plan but the card's step taken out.
    const straight = plan(STRAIGHT);
    const noCard: PathPlan = { ...straight, steps: straight.steps.filter((step) => step.task !== 'viewCreditCardOffer') };
    const walker = new PathWalker(noCard, walkerDeps(client, []));
    walker.attach(actor);
    await walker.play();
    expect(walker.state).toMatchObject({ status: 'stopped', message: 'step 9: the path expects viewContractAndChooseSigningMethod, the page shows viewCreditCardOffer. The walk stops here.' });
    expect(sent.at(-1)).toBe('reviewApproved');
    actor.stop();
  }, 120_000);

  it('walks a co-applicant’s path to the co-borrower’s first step and stops there: his steps are another browser’s', async () => {
    const client = t.client();
    const sent: string[] = [];
    const actor = startPage(client, sent);
    const walker = new PathWalker(plan('retailLoan/retail-banking-ee/SMALL_LOAN/coApplicant'), walkerDeps(client, []));
    walker.attach(actor);
    await walker.play();
    expect(sent.at(-1)).toBe('checkAnswers');
    expect(walker.state).toMatchObject({ status: 'stopped', message: expect.stringMatching(/^step 8 \(co:submitInitialDataCoBorrower\) is the co-borrower’s: .*invitation link/) });
    actor.stop();
  }, 120_000);

  it('goes on from the step a page opened part-way along the path shows', async () => {
    const client = t.client();
    const sent: string[] = [];
    const actor = startPage(client, sent);
    const first = new PathWalker(plan(STRAIGHT), walkerDeps(client, []));
    first.attach(actor);
    for (let step = 0; step < 3; step++) expect(await first.next()).toBe(true);
    // As after a reload: a new walker, the page at the fourth step.
    const second = new PathWalker(plan(STRAIGHT), walkerDeps(client, []));
    second.attach(actor);
    expect(await second.next()).toBe(true);
    expect(sent).toEqual(['createApplicationStep', 'submitPersonalInfo', 'submitBackgroundData', 'submitAddress']);
    expect(second.state).toMatchObject({ index: 4, message: expect.stringContaining('the page shows submitFinancialData') });
    actor.stop();
  }, 120_000);

  it('says so when no application runs on the page yet', async () => {
    const walker = new PathWalker(plan(STRAIGHT), walkerDeps(t.client(), []));
    expect(await walker.next()).toBe(false);
    expect(walker.state).toMatchObject({ status: 'stopped', message: expect.stringContaining('no application is running') });
  });
});
