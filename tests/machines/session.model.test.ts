/**
 * Model-based tests of the session machine (issue 3, "Tests that must exist": warn, extend ten
 * times, expire, disabled pages, a tab in the background, the heartbeat).
 *
 * The model is the applicant's world told independently of the machine: where the session stands,
 * how long ago the server set its expiry, whether the applicant was active, what the server was
 * asked. `getShortestPaths` (xstate/graph) walks it over what can happen (replies, time passing,
 * the applicant's actions, pages with expiry disabled, a tab put to sleep) and every path is
 * replayed against the real machine with fake actors on a simulated clock. After every step the
 * applicant's view (no dialog / the dialog with its time / the session-expired page) and the calls
 * the server received are compared with the model.
 */
import { describe, expect, it } from 'vitest';
import { fromTransition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { SessionView } from '../../machines/session/session.machine';
import { appError, settle } from './actor.fakes';
import { HEARTBEAT_MS, MINUTE, TTL_MS, WARNING_MS, startSession, type RunningSession } from './session.fakes';

const WARNING_AT = TTL_MS - WARNING_MS;
/** A tab put to sleep comes back here inside the warning window: 14 minutes in, 1 minute left. */
const SLEEP_INTO_WARNING_AT = WARNING_AT + MINUTE;
const LONG_AFTER_EXPIRY = TTL_MS + MINUTE;
/** The model counts successful extensions up to ten (WCAG 2.2.1 asks for at least ten). */
const EXTENSIONS_TO_REACH = 10;

type Phase = 'unknown' | 'active' | 'heartbeating' | 'warning' | 'extending' | 'extendFailed' | 'expired' | 'disabled';

interface World {
  phase: Phase;
  /** Time since the server set the current expiry; null while none is known. */
  elapsed: number | null;
  /** The applicant did something since the session was last slid. */
  activity: boolean;
  /** When (in `elapsed`) the next heartbeat is due while active. */
  nextBeatAt: number;
  extensions: number;
  heartbeatCalls: number;
  extendCalls: number;
}

type ModelEvent =
  | { type: 'REPLY' }
  | { type: 'ACTIVITY' }
  | { type: 'WAIT_FOR_HEARTBEAT' }
  | { type: 'HEARTBEAT_OK' }
  | { type: 'HEARTBEAT_FAILS' }
  | { type: 'WAIT_UNTIL_WARNING' }
  | { type: 'WAIT_A_SECOND' }
  | { type: 'WAIT_UNTIL_EXPIRY' }
  | { type: 'EXTEND' }
  | { type: 'EXTEND_OK' }
  | { type: 'EXTEND_FAILS' }
  | { type: 'LEAVE_FOR_DISABLED_PAGE' }
  | { type: 'SHOW_EXPIRED_PAGE' }
  | { type: 'TIME_PASSES_ON_DISABLED_PAGE' }
  | { type: 'RETURN_TO_ENABLED_PAGE' }
  | { type: 'SLEEP_INTO_WARNING' }
  | { type: 'SLEEP_PAST_EXPIRY' };

const START_WORLD: World = { phase: 'unknown', elapsed: null, activity: false, nextBeatAt: 0, extensions: 0, heartbeatCalls: 0, extendCalls: 0 };

const IN_WARNING: ReadonlySet<Phase> = new Set(['warning', 'extending', 'extendFailed']);
const RUNNING: ReadonlySet<Phase> = new Set(['active', 'heartbeating']);

function freshSession(w: World): World {
  return { ...w, phase: 'active', elapsed: 0, activity: false, nextBeatAt: HEARTBEAT_MS };
}

/** Time passes while the session runs: an active applicant's heartbeat fires when due. */
function passTime(w: World, until: number): World {
  const next = { ...w };
  while (next.phase === 'active' && next.nextBeatAt <= until) {
    if (next.activity) {
      next.phase = 'heartbeating';
      next.activity = false;
      next.heartbeatCalls += 1;
    } else {
      next.nextBeatAt += HEARTBEAT_MS;
    }
  }
  return { ...next, elapsed: until };
}

/** What can happen in each situation of the applicant's world. */
function eventsIn(w: World): ModelEvent[] {
  const events: ModelEvent[] = [];
  const at = w.elapsed ?? 0;
  if (w.phase !== 'expired') events.push({ type: 'REPLY' });
  if (RUNNING.has(w.phase)) {
    if (!w.activity) events.push({ type: 'ACTIVITY' });
    if (w.phase === 'active' && w.nextBeatAt < WARNING_AT) events.push({ type: 'WAIT_FOR_HEARTBEAT' });
    events.push({ type: 'WAIT_UNTIL_WARNING' });
    if (at < SLEEP_INTO_WARNING_AT) events.push({ type: 'SLEEP_INTO_WARNING' });
  }
  if (w.phase === 'heartbeating') events.push({ type: 'HEARTBEAT_OK' }, { type: 'HEARTBEAT_FAILS' });
  if (IN_WARNING.has(w.phase)) {
    if (at === WARNING_AT) events.push({ type: 'WAIT_A_SECOND' });
    events.push({ type: 'WAIT_UNTIL_EXPIRY' });
  }
  if (w.phase === 'warning' || w.phase === 'extendFailed') events.push({ type: 'EXTEND' });
  if (w.phase === 'extending') events.push({ type: 'EXTEND_OK' }, { type: 'EXTEND_FAILS' });
  if (RUNNING.has(w.phase) || IN_WARNING.has(w.phase)) events.push({ type: 'SLEEP_PAST_EXPIRY' });
  if (w.phase !== 'disabled' && w.phase !== 'expired') events.push({ type: 'LEAVE_FOR_DISABLED_PAGE' });
  if (w.phase === 'expired') events.push({ type: 'SHOW_EXPIRED_PAGE' });
  if (w.phase === 'disabled') {
    if (w.elapsed !== null && w.elapsed < TTL_MS) events.push({ type: 'TIME_PASSES_ON_DISABLED_PAGE' });
    events.push({ type: 'RETURN_TO_ENABLED_PAGE' });
  }
  return events;
}

/** The rules (section 4, issue 3), told from outside the machine. */
function worldAfter(w: World, event: ModelEvent): World {
  switch (event.type) {
    case 'REPLY':
      // At the same moment the server announces the same expiry: nothing was slid.
      if (w.elapsed === 0) return w;
      return w.phase === 'disabled' ? { ...w, elapsed: 0 } : freshSession(w);
    case 'ACTIVITY':
      return { ...w, activity: true };
    case 'WAIT_FOR_HEARTBEAT':
      return passTime(w, w.nextBeatAt);
    case 'HEARTBEAT_OK':
      return freshSession(w);
    case 'HEARTBEAT_FAILS':
      return { ...w, phase: 'active', nextBeatAt: (w.elapsed ?? 0) + HEARTBEAT_MS };
    case 'WAIT_UNTIL_WARNING':
      return { ...passTime(w, WARNING_AT), phase: 'warning' };
    case 'WAIT_A_SECOND':
      return { ...w, elapsed: (w.elapsed ?? 0) + 1000 };
    case 'WAIT_UNTIL_EXPIRY':
    case 'SLEEP_PAST_EXPIRY':
      return { ...w, phase: 'expired', elapsed: null };
    case 'EXTEND':
      return { ...w, phase: 'extending', extendCalls: w.extendCalls + 1 };
    case 'EXTEND_OK':
      return { ...freshSession(w), extensions: Math.min(EXTENSIONS_TO_REACH, w.extensions + 1) };
    case 'EXTEND_FAILS':
      return { ...w, phase: 'extendFailed' };
    case 'LEAVE_FOR_DISABLED_PAGE':
      return { ...w, phase: 'disabled' };
    case 'SHOW_EXPIRED_PAGE':
      return { ...w, phase: 'disabled', elapsed: null };
    case 'TIME_PASSES_ON_DISABLED_PAGE':
      return { ...w, elapsed: LONG_AFTER_EXPIRY };
    case 'RETURN_TO_ENABLED_PAGE':
      if (w.elapsed === null || w.elapsed >= TTL_MS) return { ...w, phase: 'unknown', elapsed: null };
      if (w.elapsed >= WARNING_AT) return { ...w, phase: 'warning' };
      return { ...w, phase: 'active', activity: false, nextBeatAt: w.elapsed + HEARTBEAT_MS };
    case 'SLEEP_INTO_WARNING':
      return { ...w, phase: 'warning', elapsed: SLEEP_INTO_WARNING_AT };
  }
}

/** What the applicant sees in this world. */
function viewIn(w: World): SessionView {
  if (w.phase === 'expired') return { kind: 'expired' };
  if (IN_WARNING.has(w.phase)) {
    return {
      kind: 'warning',
      remainingSeconds: (TTL_MS - (w.elapsed ?? 0)) / 1000,
      extending: w.phase === 'extending',
      extendFailed: w.phase === 'extendFailed',
    };
  }
  return { kind: 'none' };
}

/**
 * Lets time run until what the world hides shows: the heartbeats an active applicant is owed, when
 * the warning comes, when the session ends. Two runs that look alike now but differ later (a flag
 * lost, a timer restarted) are told apart here.
 */
function probe(from: World): ModelEvent[] {
  const events: ModelEvent[] = [];
  let world = from;
  const step = (event: ModelEvent) => {
    events.push(event);
    world = worldAfter(world, event);
  };
  if (world.phase === 'disabled') step({ type: 'RETURN_TO_ENABLED_PAGE' });
  while (world.phase === 'active' && world.nextBeatAt < WARNING_AT) step({ type: 'WAIT_FOR_HEARTBEAT' });
  if (RUNNING.has(world.phase)) step({ type: 'WAIT_UNTIL_WARNING' });
  if (IN_WARNING.has(world.phase)) step({ type: 'WAIT_UNTIL_EXPIRY' });
  return events;
}

function serializeWorld(w: World): string {
  const running = RUNNING.has(w.phase);
  return JSON.stringify({
    phase: w.phase,
    elapsed: w.elapsed,
    activity: running ? w.activity : null,
    nextBeatAt: w.phase === 'active' ? w.nextBeatAt : null,
  });
}

const model = fromTransition((world: World, event: ModelEvent) => worldAfter(world, event), START_WORLD);

// ---------------------------------------------------------------------------------------------

/** Makes `event` happen to the real machine, given the world before it. */
async function perform(run: RunningSession, before: World, event: ModelEvent): Promise<void> {
  const at = before.elapsed ?? 0;
  switch (event.type) {
    case 'REPLY':
      // As the client tells it: cleared when the request starts, set from the reply's header.
      run.requestStarted();
      run.reply();
      break;
    case 'ACTIVITY':
      run.actor.send({ type: 'session.activity' });
      break;
    case 'WAIT_FOR_HEARTBEAT':
      await run.advance(before.nextBeatAt - at);
      break;
    case 'HEARTBEAT_OK':
      run.requestStarted();
      run.reply();
      run.heartbeat.last().resolve();
      break;
    case 'HEARTBEAT_FAILS':
      run.heartbeat.last().reject(appError('network'));
      break;
    case 'WAIT_UNTIL_WARNING':
      await run.advance(WARNING_AT - at);
      break;
    case 'WAIT_A_SECOND':
      await run.advance(1000);
      break;
    case 'WAIT_UNTIL_EXPIRY':
      await run.advance(TTL_MS - at);
      break;
    case 'EXTEND':
      run.actor.send({ type: 'session.extendRequested' });
      run.requestStarted();
      break;
    case 'EXTEND_OK': {
      const expiresAt = run.reply();
      run.extend.last().resolve({ expiresAt });
      break;
    }
    case 'EXTEND_FAILS':
      run.extend.last().reject(appError('network'));
      break;
    case 'LEAVE_FOR_DISABLED_PAGE':
    case 'SHOW_EXPIRED_PAGE':
      run.actor.send({ type: 'session.disabled' });
      break;
    case 'TIME_PASSES_ON_DISABLED_PAGE':
      await run.advance(LONG_AFTER_EXPIRY - at);
      break;
    case 'RETURN_TO_ENABLED_PAGE':
      run.actor.send({ type: 'session.enabled' });
      break;
    case 'SLEEP_INTO_WARNING':
      run.sleep(SLEEP_INTO_WARNING_AT - at);
      run.actor.send({ type: 'page.visible' });
      break;
    case 'SLEEP_PAST_EXPIRY':
      run.sleep(LONG_AFTER_EXPIRY - at);
      run.actor.send({ type: 'page.visible' });
      break;
  }
  await settle();
}

async function replay(events: ModelEvent[]): Promise<World> {
  const run = startSession();
  let world = START_WORLD;
  for (const [index, event] of events.entries()) {
    const at = `step ${index + 1} (${event.type})`;
    expect(eventsIn(world).map((possible) => possible.type), `${at}: can happen in the model`).toContain(event.type);
    await perform(run, world, event);
    world = worldAfter(world, event);
    expect(run.view(), `${at}: what the applicant sees`).toEqual(viewIn(world));
    expect(run.heartbeat.calls, `${at}: heartbeats sent`).toHaveLength(world.heartbeatCalls);
    expect(run.extend.calls, `${at}: extensions asked`).toHaveLength(world.extendCalls);
    expect(run.heartbeat.open().length, `${at}: a heartbeat under way`).toBe(world.phase === 'heartbeating' ? 1 : 0);
    expect(run.extend.open().length, `${at}: an extension under way`).toBe(world.phase === 'extending' ? 1 : 0);
  }
  run.stop();
  return world;
}

describe('session machine: model-based paths', () => {
  const statePaths = getShortestPaths(model, {
    events: (snapshot) => eventsIn(snapshot.context),
    serializeState: (snapshot) => serializeWorld(snapshot.context),
    limit: 5000,
  });
  const eventsOf = (path: { steps: Array<{ event: unknown }> }) => path.steps.slice(1).map((step) => step.event as ModelEvent);
  // Every transition, not only every state: the shortest path to each state, then each thing that
  // can happen there (a transition back into a known state is where bugs hide), then a probe.
  const transitions = statePaths.flatMap((path) =>
    eventsIn(path.state.context).map((event) => {
      const events = [...eventsOf(path), event];
      return [...events, ...probe(events.reduce(worldAfter, START_WORLD))];
    }),
  );

  it('the graph reaches every phase', () => {
    console.info(`session model: ${statePaths.length} states, ${transitions.length} transitions`);
    expect(new Set(statePaths.map((path) => path.state.context.phase))).toEqual(
      new Set<Phase>(['unknown', 'active', 'heartbeating', 'warning', 'extending', 'extendFailed', 'expired', 'disabled']),
    );
  });

  for (const events of transitions) {
    const title = events.map((event) => event.type.toLowerCase()).join(' > ');
    it(title, async () => {
      await replay(events);
    });
  }

  // WCAG 2.2.1: the applicant extends ten times (and more), each time when the warning comes.
  const extendTenTimes: ModelEvent[] = [
    { type: 'REPLY' },
    ...Array.from({ length: EXTENSIONS_TO_REACH + 2 }, (): ModelEvent[] => [
      { type: 'WAIT_UNTIL_WARNING' },
      { type: 'WAIT_A_SECOND' },
      { type: 'EXTEND' },
      { type: 'EXTEND_OK' },
    ]).flat(),
    { type: 'WAIT_UNTIL_WARNING' },
    { type: 'WAIT_UNTIL_EXPIRY' },
  ];
  it(`extends ${EXTENSIONS_TO_REACH + 2} times, then lets the session run out`, async () => {
    const world = await replay(extendTenTimes);
    expect(world).toMatchObject({ phase: 'expired', extensions: EXTENSIONS_TO_REACH, extendCalls: EXTENSIONS_TO_REACH + 2 });
  });
});
