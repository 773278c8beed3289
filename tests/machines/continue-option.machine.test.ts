/**
 * ChooseContinueOption's step logic (issue 11; decision 121): unit tests with fake actors, then the
 * paths generated from the machine (xstate/graph) replayed under a parent that records what reaches
 * the application machine.
 */
import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import {
  applicationRoute,
  continueOptionMachine,
  type ApplicationRef,
  type ContinueOptionEvent,
  type ContinueOptionParentEvent,
  type ContinueOptionSnapshot,
} from '../../src/steps/chooseContinueOption/continue-option.machine';
import type { ActiveApplications } from '../../core/wire/active-applications.schema';
import { appError, settle, submission, type Controllable } from './actor.fakes';
import { STEP_INPUT, chose, ready, startLogic, summaryOf } from './continue-option.run';

const CHOICES = {
  activeOnly: { activeApplication: summaryOf('old-1'), canBeRelatedPerson: false, relatedApplication: null },
  relatedOnly: { activeApplication: null, canBeRelatedPerson: true, relatedApplication: summaryOf('rel-1') },
  both: { activeApplication: summaryOf('old-1'), canBeRelatedPerson: true, relatedApplication: summaryOf('rel-1') },
  none: { activeApplication: null, canBeRelatedPerson: false, relatedApplication: null },
} satisfies Record<string, ActiveApplications>;

describe('continue option (step logic)', () => {
  it('reads what the applicant may choose for the current application, and offers only what there is', async () => {
    const run = startLogic();
    expect(run.load.last().input).toEqual({ externalId: 'new-1' });
    expect(run.view()).toMatchObject({ status: 'loading', offered: [] });
    run.load.last().resolve(CHOICES.both);
    await settle();
    expect(run.view()).toMatchObject({ status: 'ready', offered: ['CONTINUE_ACTIVE', 'ANNUL_ACTIVE', 'JOIN_AS_RELATED_PERSON'], busy: false });
    const offered = async (choices: ActiveApplications) => (await ready(choices)).view().offered;
    expect(await offered(CHOICES.activeOnly)).toEqual(['CONTINUE_ACTIVE', 'ANNUL_ACTIVE']);
    expect(await offered(CHOICES.relatedOnly)).toEqual(['ANNUL_ACTIVE', 'JOIN_AS_RELATED_PERSON']);
    expect(await offered(CHOICES.none)).toEqual(['ANNUL_ACTIVE']);
  });

  it('says when the read failed and reads again on request', async () => {
    const run = startLogic();
    run.load.last().reject(appError('network'));
    await settle();
    expect(run.view()).toMatchObject({ status: 'loadFailed', loadError: { kind: 'network' } });
    run.child.send({ type: 'continueOption.retried' });
    expect(run.load.calls).toHaveLength(2);
    run.load.last().resolve(CHOICES.activeOnly);
    await settle();
    expect(run.view()).toMatchObject({ status: 'ready', loadError: null });
  });

  it('CONTINUE_ACTIVE: annuls the new application first, then tells the app to go to the earlier one', async () => {
    const run = await ready(CHOICES.activeOnly);
    run.child.send(chose('CONTINUE_ACTIVE'));
    expect(run.annulCurrent.last().input).toEqual({ externalId: 'new-1' });
    expect(run.view().busy).toBe(true);
    expect(run.toParent).toEqual([]);
    run.annulCurrent.last().resolve({ externalId: 'new-1' });
    await settle();
    expect(run.toParent).toEqual([{ type: 'application.switched', to: '/?externalId=old-1' }]);
    expect(run.annulOthers.calls).toHaveLength(0);
  });

  it('JOIN_AS_RELATED_PERSON: annuls the new application, then goes to the one they are co-borrower of, in that role', async () => {
    const run = await ready(CHOICES.both);
    run.child.send(chose('JOIN_AS_RELATED_PERSON'));
    run.annulCurrent.last().resolve({ externalId: 'new-1' });
    await settle();
    expect(run.toParent).toEqual([{ type: 'application.switched', to: '/?externalId=rel-1&role=coborrower' }]);
  });

  it('ANNUL_ACTIVE: annuls the other applications, then sends the step on to the application machine', async () => {
    const run = await ready(CHOICES.activeOnly);
    const event = chose('ANNUL_ACTIVE');
    run.child.send(event);
    expect(run.annulOthers.last().input).toEqual({ externalId: 'new-1' });
    expect(run.toParent).toEqual([]);
    run.annulOthers.last().resolve({ annulled: 1 });
    await settle();
    expect(run.toParent).toEqual([{ type: 'step.submitted', submission: submission('chooseContinueOption') }]);
    expect(run.view()).toMatchObject({ status: 'ready', busy: false });
    expect(run.annulCurrent.calls).toHaveLength(0);
  });

  it('keeps the choice and says so when an annulment fails; continuing again tries again', async () => {
    const run = await ready(CHOICES.activeOnly);
    run.child.send(chose('CONTINUE_ACTIVE'));
    run.annulCurrent.last().reject(appError('server', { status: 503 }));
    await settle();
    expect(run.view()).toMatchObject({ status: 'ready', busy: false, actionError: { kind: 'server' } });
    expect(run.toParent).toEqual([]);
    run.child.send(chose('CONTINUE_ACTIVE'));
    expect(run.view().actionError).toBeNull();
    run.annulCurrent.last().resolve({ externalId: 'new-1' });
    await settle();
    expect(run.toParent).toHaveLength(1);
  });

  it('takes a 404 on annulling the new application as done: a repeat after a lost reply', async () => {
    const run = await ready(CHOICES.activeOnly);
    run.child.send(chose('CONTINUE_ACTIVE'));
    run.annulCurrent.last().reject(appError('not-found'));
    await settle();
    expect(run.toParent).toEqual([{ type: 'application.switched', to: '/?externalId=old-1' }]);
  });

  it('refuses an option that is not on offer, and ignores a second choice while one is carried out', async () => {
    const run = await ready(CHOICES.none);
    run.child.send(chose('CONTINUE_ACTIVE'));
    run.child.send(chose('JOIN_AS_RELATED_PERSON'));
    run.child.send(chose('SOMETHING_ELSE'));
    expect(run.refused).toHaveLength(3);
    expect(run.annulCurrent.calls).toHaveLength(0);
    run.child.send(chose('ANNUL_ACTIVE'));
    run.child.send(chose('ANNUL_ACTIVE'));
    expect(run.annulOthers.calls).toHaveLength(1);
  });

  it('builds the route of another application with its role', () => {
    expect(applicationRoute('a b')).toBe('/?externalId=a+b');
    expect(applicationRoute('x', 'COBORROWER')).toBe('/?externalId=x&role=coborrower');
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based paths
// ---------------------------------------------------------------------------------------------

type Outcome = { type: string; output?: unknown; error?: unknown };

const OPTIONS = ['CONTINUE_ACTIVE', 'ANNUL_ACTIVE', 'JOIN_AS_RELATED_PERSON'] as const;

function eventsIn(snapshot: ContinueOptionSnapshot): Outcome[] {
  const actor = (state: string) => `0.continueOption.${state}`;
  if (snapshot.matches('loading')) {
    return [
      ...Object.values(CHOICES).map((output) => ({ type: `xstate.done.actor.${actor('loading')}`, output })),
      { type: `xstate.error.actor.${actor('loading')}`, error: appError('timeout') },
    ];
  }
  if (snapshot.matches('loadFailed')) return [{ type: 'continueOption.retried' }];
  if (snapshot.matches('ready')) return OPTIONS.map((option) => chose(option));
  if (snapshot.matches('annullingCurrent')) {
    return [
      { type: `xstate.done.actor.${actor('annullingCurrent')}`, output: {} },
      { type: `xstate.error.actor.${actor('annullingCurrent')}`, error: appError('not-found') },
      { type: `xstate.error.actor.${actor('annullingCurrent')}`, error: appError('network') },
    ];
  }
  if (snapshot.matches('annullingOthers')) {
    return [
      { type: `xstate.done.actor.${actor('annullingOthers')}`, output: { annulled: 1 } },
      { type: `xstate.error.actor.${actor('annullingOthers')}`, error: appError('server') },
    ];
  }
  return [];
}

describe('continue option: model-based paths', () => {
  // Walked without a parent: the actions that tell the parent do nothing there; the replay below
  // runs the real machine under a parent and checks what reaches it.
  const walked = continueOptionMachine.provide({ actions: { switchApplication: () => undefined, forwardSubmission: () => undefined } });
  const paths = getShortestPaths(walked, {
    input: STEP_INPUT,
    events: (snapshot) => eventsIn(snapshot as ContinueOptionSnapshot) as unknown as ContinueOptionEvent[],
    serializeState: (snapshot) =>
      JSON.stringify({ value: snapshot.value, choices: snapshot.context.choices, failed: snapshot.context.actionError?.kind ?? null }),
  });

  it('reaches every state, including both ends of a choice', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const value of ['"loading"', '"loadFailed"', '"ready"', '"annullingCurrent"', '"annullingOthers"', '"switched"']) expect(reached).toContain(value);
    expect(paths.length).toBeGreaterThanOrEqual(15);
  });

  for (const path of paths) {
    const names = path.steps.slice(1).map((step) => {
      const event = step.event as Outcome & { option?: string };
      if (event.type === 'step.submitted') return event.option;
      const loaded = Object.entries(CHOICES).find(([, choices]) => choices === event.output)?.[0];
      const failed = (event.error as { kind?: string } | undefined)?.kind;
      return `${event.type.replace(/\.actor\.0\.continueOption/, '')}${loaded ? `(${loaded})` : failed ? `(${failed})` : ''}`;
    });
    it(`${names.join(' > ') || '(start)'} → ${JSON.stringify(path.state.value)}`, async () => {
      const run = startLogic();
      let choices: ActiveApplications | null = null;
      let chosen: string | null = null;
      let expected: ContinueOptionParentEvent[] = [];
      for (const step of path.steps.slice(1)) {
        const event = step.event as Outcome & { option?: string };
        const before = run.snapshot();
        const pending = (before.matches('loading') ? run.load : before.matches('annullingCurrent') ? run.annulCurrent : run.annulOthers) as Controllable<unknown, ApplicationRef>;
        if (event.type.startsWith('xstate.done')) pending.last().resolve(event.output);
        else if (event.type.startsWith('xstate.error')) pending.last().reject(event.error);
        else run.child.send(event as ContinueOptionEvent);
        await settle();

        // The applicant's expectation: what the app is told, and when.
        if (before.matches('loading') && event.type.startsWith('xstate.done')) choices = event.output as ActiveApplications;
        if (event.type === 'step.submitted') chosen = event.option ?? null;
        const succeeded = event.type.startsWith('xstate.done') || (event.type.startsWith('xstate.error') && (event.error as { kind: string }).kind === 'not-found');
        if (before.matches('annullingCurrent') && succeeded) {
          const to =
            chosen === 'JOIN_AS_RELATED_PERSON'
              ? applicationRoute(choices?.relatedApplication?.externalId ?? '', 'COBORROWER')
              : applicationRoute(choices?.activeApplication?.externalId ?? '');
          expected = [...expected, { type: 'application.switched', to }];
        }
        if (before.matches('annullingOthers') && event.type.startsWith('xstate.done')) {
          expected = [...expected, { type: 'step.submitted', submission: submission('chooseContinueOption') }];
        }

        expect(run.snapshot().value).toEqual(step.state.value);
        expect(run.toParent, 'what reaches the application machine').toEqual(expected);
        // Only an offered choice is carried out; nothing is annulled without a choice.
        const carriedOut = run.annulCurrent.calls.length + run.annulOthers.calls.length;
        expect(carriedOut).toBeLessThanOrEqual(path.steps.filter((s) => s.event.type === 'step.submitted').length);
        expect(run.annulCurrent.open().length + run.annulOthers.open().length, 'at most one annulment under way').toBeLessThanOrEqual(1);
      }
      run.host.stop();
    });
  }
});
