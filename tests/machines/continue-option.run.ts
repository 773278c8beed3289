/**
 * Runs ChooseContinueOption's step logic (src/steps/chooseContinueOption/continue-option.machine.ts)
 * under a parent, as the application machine does, recording what reaches it; the server's reads and
 * annulments are controllable fakes.
 */
import { createActor, setup } from 'xstate';
import {
  continueOptionMachine,
  type ApplicationRef,
  type ContinueOptionEvent,
  type ContinueOptionParentEvent,
  type ContinueOptionSnapshot,
} from '../../src/steps/chooseContinueOption/continue-option.machine';
import { continueOptionView } from '../../src/steps/chooseContinueOption/continue-option.view';
import type { ActiveApplications, ApplicationSummary } from '../../core/wire/active-applications.schema';
import type { StepLogicInput } from '../../machines/application/application.actors';
import { controllable, settle, submission, stepLogicInput } from './actor.fakes';

export const STEP_INPUT = stepLogicInput({ externalId: 'new-1' });

export const summaryOf = (externalId: string): ApplicationSummary => ({
  externalId,
  reference: externalId.toUpperCase(),
  productName: 'SMALL_LOAN',
  loanAmount: 3000,
  createdAt: '2025-03-05T10:00:00.000Z',
});

export const chose = (option: string): ContinueOptionEvent => ({ type: 'step.submitted', submission: submission('chooseContinueOption'), option });

/** Runs the logic (or a variant of it) under a parent, as the application machine does, recording what reaches it. */
export function startLogic(input: StepLogicInput = STEP_INPUT, machine = continueOptionMachine) {
  const load = controllable<ActiveApplications, ApplicationRef>();
  const annulCurrent = controllable<unknown, ApplicationRef>();
  const annulOthers = controllable<unknown, ApplicationRef>();
  const toParent: ContinueOptionParentEvent[] = [];
  const host = setup({
    types: { events: {} as ContinueOptionParentEvent },
    actors: {
      continueOption: machine.provide({
        actors: { loadActiveApplications: load.logic, annulApplication: annulCurrent.logic, annulActiveApplications: annulOthers.logic },
      }),
    },
  }).createMachine({
    invoke: { id: 'continueOption', src: 'continueOption', input },
    on: {
      'application.switched': { actions: ({ event }) => toParent.push(event) },
      'step.submitted': { actions: ({ event }) => toParent.push(event) },
    },
  });
  const actor = createActor(host);
  actor.start();
  const child = actor.getSnapshot().children.continueOption;
  if (!child) throw new Error('the logic did not start');
  const refused: number[] = [];
  child.on('step.refused', () => refused.push(1));
  const snapshot = () => child.getSnapshot() as ContinueOptionSnapshot;
  return { host: actor, child, load, annulCurrent, annulOthers, toParent, refused, snapshot, view: () => continueOptionView(snapshot()) };
}

/** The logic started and the server's choices answered. */
export async function ready(choices: ActiveApplications, input: StepLogicInput = STEP_INPUT) {
  const run = startLogic(input);
  run.load.last().resolve(choices);
  await settle();
  return run;
}
