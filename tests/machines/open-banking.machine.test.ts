/**
 * ProvideBasViaOpenBanking's machine (issue 13; decision 153): unit tests with fake actors on a
 * simulated clock, then the paths generated from the machine (xstate/graph) replayed against it.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, setup } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  matchingInstitutions,
  openBankingMachine,
  openBankingView,
  type OpenBankingEvent,
  type OpenBankingParentEvent,
  type OpenBankingSnapshot,
} from '../../src/steps/provideBasViaOpenBanking/open-banking.machine';
import { LIST_INSTITUTIONS_TIMEOUT_MS, type Institution, type InstitutionList } from '../../core/wire/open-banking.schema';
import type { Locale } from '../../core/domain/languages';
import { appError, controllable, settle, stepLogicInput, submission } from './actor.fakes';

const INPUT = stepLogicInput({ externalId: 'app-1', locale: 'lv', businessDomain: 'retail-banking-lv', country: 'LV' });

const bank = (id: string, name: string, bic: string, accounts: Institution['accounts'] = []): Institution => ({ id, name, bic, countryCode: 'LV', logo: 'data:image/svg+xml;base64,', accounts });
const CITADELE = bank('CITADELE_LV', 'Citadele', 'PARXLV22');
const SWEDBANK = bank('SWEDBANK_LV', 'Swedbank', 'HABALV22');
const SEB = bank('SEB_LV', 'SEB', 'UNLALV2X');
const LUMINOR_ENROLLED = bank('LUMINOR_LV', 'Luminor', 'RIKOLV2X', [{ iban: 'LV12RIKO0000000000001', id: 'luminor-1' }]);

const NONE_YET: InstitutionList = { enrolled: [], available: [CITADELE, SWEDBANK, SEB], lastConsent: null, failedAttempts: 0, maxFailedAttempts: 5 };
const ENROLLED: InstitutionList = { ...NONE_YET, enrolled: [LUMINOR_ENROLLED], lastConsent: { institutionId: 'LUMINOR_LV', status: 'APPROVED' } };
const OPEN: InstitutionList = { ...NONE_YET, lastConsent: { institutionId: 'SEB_LV', status: 'PENDING' } };
const EXHAUSTED: InstitutionList = { ...NONE_YET, lastConsent: { institutionId: 'SEB_LV', status: 'REFUSED' }, failedAttempts: 5 };

const sent = submission('provideBasViaOpenBanking');

function startLogic() {
  const list = controllable<InstitutionList, { externalId: string }>();
  const select = controllable<{ redirectUrl: string }, { externalId: string; institutionId: string; userLanguage: Locale }>();
  const consentUrl = controllable<{ consentUrl: string | null }, { externalId: string }>();
  const reference = controllable<{ reference: string | null }, { externalId: string }>();
  const open = controllable<void, { url: string }>();
  const toParent: OpenBankingParentEvent[] = [];
  const clock = new SimulatedClock();
  const host = setup({
    types: { events: {} as OpenBankingParentEvent },
    actors: {
      openBanking: openBankingMachine.provide({
        actors: { listInstitutions: list.logic, selectInstitution: select.logic, consentUrl: consentUrl.logic, consentReference: reference.logic, openConsentPage: open.logic },
      }),
    },
  }).createMachine({
    invoke: { id: 'openBanking', src: 'openBanking', input: INPUT },
    on: {
      'step.submitted': { actions: ({ event }) => toParent.push(event) },
      'step.failed': { actions: ({ event }) => toParent.push(event) },
    },
  });
  const actor = createActor(host, { clock });
  actor.start();
  const child = actor.getSnapshot().children.openBanking;
  if (!child) throw new Error('the logic did not start');
  const snapshot = () => child.getSnapshot() as OpenBankingSnapshot;
  return { child, clock, list, select, consentUrl, reference, open, toParent, snapshot, view: () => openBankingView(snapshot()) };
}

async function listed(answer: InstitutionList) {
  const run = startLogic();
  run.list.last().resolve(answer);
  await settle();
  return run;
}

describe('open banking (step logic)', () => {
  it('lists the banks of the application, searchable by name or BIC, accents aside', async () => {
    const run = await listed(NONE_YET);
    expect(run.list.last().input).toEqual({ externalId: 'app-1' });
    expect(run.view()).toMatchObject({ status: 'ready', enrolled: [], attemptsLeft: 5 });
    run.child.send({ type: 'search.changed', query: 'sw' });
    expect(run.view().matching.map((institution) => institution.id)).toEqual(['SWEDBANK_LV']);
    run.child.send({ type: 'search.changed', query: 'unlalv' });
    expect(run.view().matching.map((institution) => institution.id)).toEqual(['SEB_LV']);
    expect(matchingInstitutions([bank('S', 'Šiaulių bankas', 'CBSBLT26')], 'siau')).toHaveLength(1);
  });

  it('a failed list empties the lists and goes to the application’s error handler (section 8)', async () => {
    const run = await listed(ENROLLED);
    expect(run.view().enrolled).toHaveLength(1);
    run.reference.last().resolve({ reference: 'CONSENT-1' });
    await settle();
    run.child.send({ type: 'institutions.reloaded' });
    expect(run.snapshot().value).toBe('ready');
    // A failure after a select goes back to the list, which is asked again.
    run.child.send({ type: 'institution.selected', institutionId: 'CITADELE_LV' });
    run.select.last().reject(appError('server'));
    await settle();
    expect(run.list.calls).toHaveLength(2);
    run.list.last().reject(appError('network'));
    await settle();
    expect(run.view()).toMatchObject({ status: 'failed', enrolled: [], matching: [], consentReference: null });
    expect(run.toParent).toEqual([{ type: 'step.failed', error: appError('network') }]);
    // A parent that does not take the failure over can still have the list asked again.
    run.child.send({ type: 'institutions.reloaded' });
    expect(run.list.calls).toHaveLength(3);
  });

  it('waits 30 seconds for the list at most; leaving the state cancels the request', async () => {
    const run = startLogic();
    run.clock.increment(LIST_INSTITUTIONS_TIMEOUT_MS - 1);
    expect(run.view().status).toBe('loading');
    run.clock.increment(1);
    expect(run.view()).toMatchObject({ status: 'failed', error: { kind: 'timeout' } });
    expect(run.list.last().signal.aborted).toBe(true);
    expect(run.toParent).toEqual([{ type: 'step.failed', error: expect.objectContaining({ kind: 'timeout' }) }]);
  });

  it('sends the browser to the chosen bank’s consent page, in the person’s language', async () => {
    const run = await listed(NONE_YET);
    run.child.send({ type: 'institution.selected', institutionId: 'NOT_A_BANK' });
    expect(run.select.calls).toHaveLength(0);
    run.child.send({ type: 'institution.selected', institutionId: 'CITADELE_LV' });
    expect(run.select.last().input).toEqual({ externalId: 'app-1', institutionId: 'CITADELE_LV', userLanguage: 'lv' });
    expect(run.view().status).toBe('redirecting');
    run.select.last().resolve({ redirectUrl: 'http://127.0.0.1:41234/psd2/sca/6f1c2b0e-auth-c1' });
    await settle();
    expect(run.open.last().input).toEqual({ url: 'http://127.0.0.1:41234/psd2/sca/6f1c2b0e-auth-c1' });
  });

  it('goes on only with an enrolled bank, or to the manual upload', async () => {
    const none = await listed(NONE_YET);
    none.child.send({ type: 'step.submitted', submission: sent });
    expect(none.toParent).toEqual([]);
    expect(none.view().problem).toBe('noBank');
    none.child.send({ type: 'manualUpload.chosen', submission: sent });
    expect(none.toParent.map((event) => (event.type === 'step.submitted' ? event.submission.variables : event.type))).toEqual([{ uploadBasManually: true }]);

    const enrolled = await listed(ENROLLED);
    expect(enrolled.reference.last().input).toEqual({ externalId: 'app-1' });
    enrolled.reference.last().resolve({ reference: 'CONSENT-ABC' });
    await settle();
    expect(enrolled.view()).toMatchObject({ consentReference: 'CONSENT-ABC', lastConsent: { status: 'APPROVED' } });
    enrolled.child.send({ type: 'step.submitted', submission: sent });
    expect(enrolled.toParent.map((event) => (event.type === 'step.submitted' ? event.submission.variables : event.type))).toEqual([{ uploadBasManually: false }]);
  });

  it('returns to a consent still open at the bank, or says it has closed', async () => {
    const run = await listed(OPEN);
    run.child.send({ type: 'consent.resumed' });
    run.consentUrl.last().resolve({ consentUrl: null });
    await settle();
    expect(run.view()).toMatchObject({ status: 'loading', problem: 'noOpenConsent' });
    run.list.last().resolve(OPEN);
    await settle();
    run.child.send({ type: 'consent.resumed' });
    run.consentUrl.last().resolve({ consentUrl: 'http://127.0.0.1:41234/psd2/sca/6f1c2b0e-auth-c2' });
    await settle();
    expect(run.open.last().input.url).toContain('auth-c2');
  });

  it('starts no consent once the bank’s limit of failed attempts is reached', async () => {
    const run = await listed(EXHAUSTED);
    expect(run.view()).toMatchObject({ attemptsExhausted: true, attemptsLeft: 0 });
    run.child.send({ type: 'institution.selected', institutionId: 'CITADELE_LV' });
    expect(run.select.calls).toHaveLength(0);
  });
});

// Model-based paths

type Outcome = { type: string; output?: unknown; error?: unknown };
const ACTOR = (state: string) => `0.openBanking.${state}`;

function eventsIn(snapshot: OpenBankingSnapshot): Outcome[] {
  const value = snapshot.value as string;
  switch (value) {
    case 'loading':
      return [
        ...[NONE_YET, ENROLLED, OPEN, EXHAUSTED].map((output) => ({ type: `xstate.done.actor.${ACTOR('loading')}`, output })),
        { type: `xstate.error.actor.${ACTOR('loading')}`, error: appError('network') },
        { type: 'xstate.after.listTimeout.openBanking.loading' },
      ];
    case 'referencing':
      return [
        { type: `xstate.done.actor.${ACTOR('referencing')}`, output: { reference: 'CONSENT-1' } },
        { type: `xstate.error.actor.${ACTOR('referencing')}`, error: appError('server') },
      ];
    case 'failed':
      return [{ type: 'institutions.reloaded' }];
    case 'ready':
      return [
        { type: 'institution.selected', institutionId: 'CITADELE_LV' } as Outcome,
        { type: 'consent.resumed' },
        { type: 'step.submitted', submission: sent } as Outcome,
        { type: 'manualUpload.chosen', submission: sent } as Outcome,
      ];
    case 'selecting':
      return [
        { type: `xstate.done.actor.${ACTOR('selecting')}`, output: { redirectUrl: 'http://127.0.0.1:41234/psd2/sca/6f1c2b0e-auth-c1' } },
        { type: `xstate.error.actor.${ACTOR('selecting')}`, error: appError('server') },
      ];
    case 'resuming':
      return [
        { type: `xstate.done.actor.${ACTOR('resuming')}`, output: { consentUrl: 'http://127.0.0.1:41234/psd2/sca/6f1c2b0e-auth-c2' } },
        { type: `xstate.done.actor.${ACTOR('resuming')}`, output: { consentUrl: null } },
        { type: `xstate.error.actor.${ACTOR('resuming')}`, error: appError('network') },
      ];
    default:
      return [];
  }
}

describe('open banking: model-based paths', () => {
  const walked = openBankingMachine.provide({ actions: { forwardEnrolled: () => undefined, forwardManual: () => undefined, reportFailure: () => undefined } });
  const paths = getShortestPaths(walked, {
    input: INPUT,
    events: (snapshot) => eventsIn(snapshot as OpenBankingSnapshot) as unknown as OpenBankingEvent[],
    serializeState: (snapshot) => {
      const context = (snapshot as OpenBankingSnapshot).context;
      return JSON.stringify({ value: snapshot.value, enrolled: context.enrolled.length, last: context.lastConsent?.status, failed: context.failedAttempts, problem: context.problem });
    },
  });

  it('reaches every state', () => {
    const values = new Set(paths.map((path) => path.state.value as string));
    for (const state of ['loading', 'failed', 'referencing', 'ready', 'selecting', 'resuming', 'redirecting']) expect(values).toContain(state);
    expect(paths.length).toBeGreaterThanOrEqual(15);
  });

  for (const path of paths) {
    const names = path.steps.slice(1).map((step) => {
      const event = step.event as Outcome;
      const kind = (event.error as { kind?: string } | undefined)?.kind;
      return `${event.type.replace(/\.actor\.0\.openBanking/, '')}${kind ? `(${kind})` : ''}`;
    });
    it(`${names.join(' > ') || '(start)'}`, async () => {
      const run = startLogic();
      for (const step of path.steps.slice(1)) {
        const event = step.event as Outcome;
        const before = run.snapshot();
        if (event.type.startsWith('xstate.after')) run.clock.increment(LIST_INSTITUTIONS_TIMEOUT_MS);
        else if (event.type.startsWith('xstate.')) {
          const state = event.type.split('.').at(-1);
          const pending = { loading: run.list, referencing: run.reference, selecting: run.select, resuming: run.consentUrl }[state as 'loading'] as ReturnType<typeof controllable<unknown, unknown>>;
          const open = pending.open();
          expect(open, `a ${state} call under way`).toHaveLength(1);
          if (event.type.startsWith('xstate.done')) open[0]!.resolve(event.output);
          else open[0]!.reject(event.error);
        } else {
          const forwardedBefore = run.toParent.filter((sent) => sent.type === 'step.submitted').length;
          run.child.send(event as OpenBankingEvent);
          // Only an enrolled bank lets the step go on; the manual upload always may (the server checks its flag).
          const forwards = event.type === 'manualUpload.chosen' || (event.type === 'step.submitted' && before.context.enrolled.length > 0);
          expect(run.toParent.filter((sent) => sent.type === 'step.submitted').length - forwardedBefore).toBe(forwards ? 1 : 0);
        }
        await settle();
        expect(run.snapshot().value).toEqual(step.state.value);
      }
      // Each time the list failed, the failure went to the application's error handler, and only then.
      const failures = path.steps.filter((step) => step.state.value === 'failed').length;
      expect(run.toParent.filter((event) => event.type === 'step.failed')).toHaveLength(failures);
      // The browser leaves for the bank's page only from the redirecting state.
      expect(run.open.calls.length > 0).toBe(run.snapshot().matches('redirecting'));
    });
  }
});
