/**
 * The personal code check as step logic (sections 5 and 8): unit tests, then model-based paths
 * generated from the machine (xstate/graph) and replayed with a fake server under a parent that
 * records what reaches the application machine.
 */
import { describe, expect, it } from 'vitest';
import type { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { personalCodeCheckMachine, type PersonalCodeCheckEvent } from '../../src/features/personal-code/personal-code-check.machine';
import { MESSAGES } from '../../core/validation/messages';
import { appError, settle, submission } from './actor.fakes';
import { MALFORMED, OTHER_VALID, VALID, startCheck } from './personal-code-check.run';

const submitted = (personalCode: string): PersonalCodeCheckEvent => ({ type: 'step.submitted', submission: submission(), personalCode });

describe('personal code check (step logic)', () => {
  it('asks the server once the code passes the local rules, on leaving the field, and shows the verdict', async () => {
    const run = startCheck();
    run.send({ type: 'personalCode.blurred', text: MALFORMED });
    expect(run.check.calls).toHaveLength(0);
    run.send({ type: 'personalCode.blurred', text: VALID });
    expect(run.check.last().input).toEqual({ code: VALID, country: 'EE' });
    expect(run.view()).toMatchObject({ status: 'checking', busy: true, problem: undefined });
    run.check.last().resolve({ valid: false });
    await settle();
    expect(run.view()).toMatchObject({ status: 'invalid', problem: MESSAGES.personalCodeInvalid, busy: false });
    // Leaving the field again with the same code asks nothing more.
    run.send({ type: 'personalCode.blurred', text: VALID });
    expect(run.check.calls).toHaveLength(1);
  });

  it('a verdict says nothing about another code typed since', async () => {
    const run = startCheck();
    run.send({ type: 'personalCode.blurred', text: VALID });
    run.check.last().resolve({ valid: false });
    await settle();
    run.send({ type: 'personalCode.typed', text: `${VALID.slice(0, 10)}` });
    expect(run.view()).toMatchObject({ status: 'idle', problem: undefined });
    run.send({ type: 'personalCode.typed', text: VALID });
    expect(run.view().problem).toBe(MESSAGES.personalCodeInvalid);
  });

  it('lets a submission through to the application machine when its code is valid', async () => {
    const run = startCheck();
    run.send(submitted(VALID));
    expect(run.view()).toMatchObject({ status: 'checking', submitting: true });
    run.check.last().resolve({ valid: true });
    await settle();
    expect(run.forwarded).toEqual([{ type: 'step.submitted', submission: submission() }]);
    // A second submit of the same valid code goes straight through: one request per code.
    run.send(submitted(VALID));
    expect(run.forwarded).toHaveLength(2);
    expect(run.check.calls).toHaveLength(1);
  });

  it('refuses a submission whose code is invalid, and one whose check failed (section 8: treated as invalid)', async () => {
    const run = startCheck();
    run.send(submitted(VALID));
    run.check.last().resolve({ valid: false });
    await settle();
    expect(run.forwarded).toHaveLength(0);
    expect(run.refused).toHaveLength(1);

    run.send(submitted(OTHER_VALID));
    run.check.last().reject(appError('server', { status: 503 }));
    await settle();
    expect(run.forwarded).toHaveLength(0);
    expect(run.refused).toHaveLength(2);
    expect(run.view()).toMatchObject({ status: 'failed', problem: MESSAGES.personalCodeCheckFailed, retryOffered: true, submitting: false });
  });

  it('asks again after a failure when the applicant asks, keeping the button in place meanwhile', async () => {
    const run = startCheck();
    run.send({ type: 'personalCode.blurred', text: VALID });
    run.check.last().reject(appError('network'));
    await settle();
    run.send({ type: 'personalCode.retried' });
    expect(run.view()).toMatchObject({ status: 'checking', retryOffered: true });
    run.check.last().resolve({ valid: true });
    await settle();
    expect(run.view()).toMatchObject({ status: 'valid', retryOffered: false, problem: undefined });
  });

  it('a submit while its own code is being checked waits for that answer rather than asking again', async () => {
    const run = startCheck();
    run.send({ type: 'personalCode.blurred', text: VALID });
    run.send(submitted(VALID));
    expect(run.check.calls).toHaveLength(1);
    run.check.last().resolve({ valid: true });
    await settle();
    expect(run.forwarded).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based paths
// ---------------------------------------------------------------------------------------------

type Outcome = { type: 'xstate.done.actor.0.personalCodeCheck.checking'; output: { valid: boolean } } | { type: 'xstate.error.actor.0.personalCodeCheck.checking'; error: unknown };
type ModelEvent = PersonalCodeCheckEvent | Outcome | { type: 'xstate.init' };
type Snapshot = ReturnType<typeof createActor<typeof personalCodeCheckMachine>>['getSnapshot'] extends () => infer S ? S : never;

const APPLICANT: PersonalCodeCheckEvent[] = [
  { type: 'personalCode.blurred', text: VALID },
  { type: 'personalCode.blurred', text: MALFORMED },
  { type: 'personalCode.typed', text: OTHER_VALID },
  { type: 'personalCode.retried' },
  submitted(VALID),
  submitted(OTHER_VALID),
];

function eventsIn(snapshot: Snapshot): ModelEvent[] {
  const outcomes: Outcome[] = snapshot.matches('checking')
    ? [
        { type: 'xstate.done.actor.0.personalCodeCheck.checking', output: { valid: true } },
        { type: 'xstate.done.actor.0.personalCodeCheck.checking', output: { valid: false } },
        { type: 'xstate.error.actor.0.personalCodeCheck.checking', error: appError('network') },
      ]
    : [];
  return [...APPLICANT.filter((event) => snapshot.can(event)), ...outcomes];
}

/** The applicant's expectation of a path: what reaches the application, what is refused, what the field says. */
interface Expected {
  code: string | null;
  text: string | null;
  verdict: 'valid' | 'invalid' | 'failed' | null;
  checking: boolean;
  pending: boolean;
  forwarded: number;
  refused: number;
}

const normal = (text: string) => text.replace(/\s+/g, '');

function apply(view: Expected, event: ModelEvent): Expected {
  switch (event.type) {
    case 'personalCode.typed':
      return { ...view, text: event.text };
    case 'personalCode.blurred': {
      if (event.text === MALFORMED) return view;
      if (view.code === event.text && view.verdict !== null && !view.checking) return view;
      if (view.code === event.text && view.checking) return view;
      return { ...view, code: event.text, text: event.text, verdict: null, checking: true };
    }
    case 'personalCode.retried':
      return view.verdict === 'failed' ? { ...view, verdict: null, checking: true } : view;
    case 'step.submitted':
      if (!view.checking && view.verdict === 'valid' && view.code === normal(event.personalCode)) return { ...view, forwarded: view.forwarded + 1 };
      if (view.checking && view.code === event.personalCode) return { ...view, pending: true };
      return { ...view, code: event.personalCode, text: event.personalCode, verdict: null, checking: true, pending: true };
    case 'xstate.done.actor.0.personalCodeCheck.checking': {
      const verdict = event.output.valid ? 'valid' : 'invalid';
      if (!view.pending) return { ...view, verdict, checking: false };
      return verdict === 'valid'
        ? { ...view, verdict, checking: false, pending: false, forwarded: view.forwarded + 1 }
        : { ...view, verdict, checking: false, pending: false, refused: view.refused + 1 };
    }
    case 'xstate.error.actor.0.personalCodeCheck.checking':
      return { ...view, verdict: 'failed', checking: false, pending: false, refused: view.refused + (view.pending ? 1 : 0) };
    default:
      return view;
  }
}

function expectedStatus(view: Expected) {
  const about = view.code !== null && view.code === (view.text ?? view.code);
  if (!about) return 'idle';
  if (view.checking) return 'checking';
  return view.verdict ?? 'idle';
}

describe('personal code check: model-based paths', () => {
  // The graph is walked without a parent: the action that tells the parent does nothing there; the
  // replay below runs the real machine under a parent and counts what reaches it.
  const walked = personalCodeCheckMachine.provide({ actions: { forwardSubmission: () => undefined } });
  const paths = getShortestPaths(walked, {
    input: { country: 'EE' },
    events: (snapshot) => eventsIn(snapshot as Snapshot) as unknown as PersonalCodeCheckEvent[],
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, ...snapshot.context }),
    limit: 2000,
  });

  it('covers every state with enough paths', () => {
    expect(paths.length).toBeGreaterThanOrEqual(20);
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const value of ['"idle"', '"checking"', '"answered"', '"failed"']) expect(reached).toContain(value);
  });

  for (const path of paths) {
    const names = path.steps.slice(1).map((step) => step.event.type.replace('xstate.', '').replace('.actor.0.personalCodeCheck.checking', ''));
    it(`${names.join(' > ') || '(start)'} → ${JSON.stringify(path.state.value)}`, async () => {
      const run = startCheck();
      let view: Expected = { code: null, text: null, verdict: null, checking: false, pending: false, forwarded: 0, refused: 0 };
      for (const step of path.steps.slice(1)) {
        const event = step.event as unknown as ModelEvent;
        if (event.type.startsWith('xstate.done')) run.check.last().resolve((event as { output: { valid: boolean } }).output);
        else if (event.type.startsWith('xstate.error')) run.check.last().reject((event as { error: unknown }).error);
        else run.send(event as PersonalCodeCheckEvent);
        await settle();
        view = apply(view, event);
        expect(run.forwarded, 'submissions let through').toHaveLength(view.forwarded);
        expect(run.refused, 'submissions refused').toHaveLength(view.refused);
        expect(run.view().status, 'what the field says').toBe(expectedStatus(view));
        expect(run.check.open().length, 'at most one check under way').toBeLessThanOrEqual(1);
      }
      run.host.stop();
    });
  }
});
