import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyStateMachine } from 'xstate';
import { allMachinePaths, CLIENT_GET_ATTEMPTS, endState, machineModels, machinePathLine, machineStates, pathFinal, unreachedStates, valueName, type MachinePath } from './machine-paths';
import { allPaths, choosePaths, isMachinePath, lineOf } from './test-paths';

/**
 * Issue 27, item 1 (docs/decisions/217): the client machines' paths. Every state of each machine
 * (read from its definition) is on some path, every path ends where the machine waits for the person
 * or is done, the loop's paths go round it and end in a final state, and each path is what the
 * machine itself does with those events, replayed here against a running actor.
 */
const paths = allMachinePaths();

/**
 * Replays a path against a running actor of the machine: its invoked actors are stand-ins that never
 * answer, the path's answers are sent as their done and error events, its timers pass on a simulated clock.
 */
function replay(logic: AnyStateMachine, input: unknown, path: MachinePath): string[] {
  const names = Object.keys((logic.implementations as { actors: Record<string, unknown> }).actors);
  const standIns = Object.fromEntries(names.map((name) => [name, fromPromise(() => new Promise<never>(() => {}))]));
  const clock = new SimulatedClock();
  const actor = createActor(logic.provide({ actors: standIns }), { input, clock });
  actor.start();
  const states: string[] = [];
  for (const step of path.steps) {
    if (step.type.startsWith('xstate.after.')) clock.increment(60_000);
    else actor.send({ ...step.data, type: step.type, ...(step.output !== undefined ? { output: step.output } : {}), ...(step.error !== undefined ? { error: step.error } : {}) } as never);
    states.push(valueName(actor.getSnapshot().value));
  }
  actor.stop();
  return states;
}

describe('paths generated from the client machines (xstate/graph)', () => {
  it('every state of every machine is on a path (a state the model cannot reach says why)', () => {
    expect(unreachedStates(paths)).toEqual([]);
    for (const model of machineModels()) {
      const states = machineStates(model.logic);
      expect(states.length, model.machine).toBeGreaterThan(3);
      for (const state of Object.keys(model.notReached ?? {})) expect(states, `${model.machine} ${model.variant}`).toContain(state);
    }
  });

  it('reads the states from the definition, not from a list: the signing machine has its polling states and no transient one', () => {
    const [smartId] = machineModels();
    expect(machineStates(smartId!.logic)).toEqual(['disabled', 'ready', 'starting', 'startFailed', 'polling.waiting', 'polling.fetching', 'pollFailed', 'failed', 'needsOtherMethod', 'signed', 'otherMethod', 'ended']);
  });

  it('each path ends where the machine waits for the person or is done; the loop paths go round and end in a final state', () => {
    for (const model of machineModels()) {
      const own = paths.filter((path) => path.machine === model.machine && path.variant === model.variant);
      expect(own.some((path) => path.origin === 'loop'), `${model.machine} ${model.variant} has loop paths`).toBe(true);
      for (const path of own) {
        expect(model.resting, path.id).toContain(endState(path));
        if (path.origin === 'loop') {
          expect(path.steps.some((step) => step.label === model.retry), path.id).toBe(true);
          expect(model.finals, path.id).toContain(pathFinal(model, path));
        }
      }
    }
  });

  it('names each path by its machine, variant and events, once', () => {
    expect(new Set(paths.map((path) => path.id)).size).toBe(paths.length);
    expect(new Set(paths.map(machinePathLine)).size).toBe(paths.length);
    const signed = paths.find((path) => path.id === 'machine/smartId/SMART_ID/start+start-OK+poll-SIGNED_CONTRACT+signed');
    expect(signed && machinePathLine(signed)).toBe('machine smartId SMART_ID retail-banking-ee SMALL_LOAN: start > start: OK > poll: SIGNED_CONTRACT > = signed');
    // A provider's answers are the simulator's: Mobile-ID has no wrong verification code to choose.
    expect(paths.some((path) => path.variant === 'MOBILE_SIGNATURE' && machinePathLine(path).includes('WRONG_VC'))).toBe(false);
    expect(paths.some((path) => path.variant === 'SMART_ID' && machinePathLine(path).includes('poll: WRONG_VC > try again > start: OK > poll: SIGNED_CONTRACT'))).toBe(true);
  });

  it("a lost read fails as many attempts as the API client makes of a GET (its retries would hide one failure)", () => {
    const client = readFileSync(new URL('../../src/api/client.ts', import.meta.url), 'utf8');
    expect(Number(/maxAttempts: (\d+),/.exec(client)?.[1])).toBe(CLIENT_GET_ATTEMPTS);
  });

  it('each path is what the machine does: its events sent to a running actor lead through the same states', () => {
    for (const model of machineModels()) {
      for (const path of paths.filter((candidate) => candidate.machine === model.machine && candidate.variant === model.variant)) {
        const input = model.inputs.find((candidate) => candidate.condition === path.condition)!.input;
        expect(replay(model.logic, input, path), path.id).toEqual(path.steps.map((step) => step.state));
      }
    }
  });
});

describe('npm run test:paths: the machines beside the processes', () => {
  it('--list and --grep see the machine paths, each a line "machine <machine> <variant> <domain> <product>: a > b > = state"', { timeout: 180_000 }, () => {
    const all = allPaths();
    const machines = all.filter(isMachinePath);
    expect(machines).toHaveLength(paths.length);
    const found = choosePaths({ list: true, grep: 'machine smartId MOBILE_SIGNATURE' }, all);
    expect(found.length).toBeGreaterThan(10);
    expect(found.every((path) => isMachinePath(path) && path.variant === 'MOBILE_SIGNATURE')).toBe(true);
    for (const path of found) expect(lineOf(path)).toMatch(/^machine smartId MOBILE_SIGNATURE retail-banking-ee SMALL_LOAN( \[[^\]]+\])?: (.+ > )?= \w+/);
  });

  it('--sample chooses machine paths by the states and events they add, the same every run; --shard splits them too', () => {
    const machines = paths;
    const sample = choosePaths({ list: true, sample: 3 }, machines);
    expect(choosePaths({ list: true, sample: 3 }, machines).map((path) => path.id)).toEqual(sample.map((path) => path.id));
    expect(new Set(sample.map((path) => path.id)).size).toBe(3);
    const chunks = [1, 2].map((index) => choosePaths({ list: true, shard: `${index}/2` }, machines));
    expect(chunks.flat().map((path) => path.id).sort()).toEqual(machines.map((path) => path.id).sort());
  });
});
