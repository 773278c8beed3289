/**
 * Runs the personal code check (src/features/personal-code/personal-code-check.machine.ts) under a
 * parent, as the application machine hosts it, recording what reaches the parent; the server is a
 * controllable fake.
 */
import { createActor, setup } from 'xstate';
import {
  personalCodeCheckMachine,
  type CheckPersonalCodeInput,
  type PersonalCodeCheckEvent,
} from '../../src/features/personal-code/personal-code-check.machine';
import { personalCodeCheckView } from '../../src/features/personal-code/personal-code-check-view';
import type { StepSubmission } from '../../machines/application/application.actors';
import { controllable } from './actor.fakes';

export const VALID = '38001085718';
export const OTHER_VALID = '49403136526';
export const MALFORMED = '123';

export type Forwarded = { type: 'step.submitted'; submission: Omit<StepSubmission, 'version'> };

/** Runs the check (or a variant of it) under a parent, as the application machine does, recording what reaches it. */
export function startCheck(machine = personalCodeCheckMachine) {
  const check = controllable<{ valid: boolean }, CheckPersonalCodeInput>();
  const forwarded: Forwarded[] = [];
  const host = setup({
    types: { events: {} as Forwarded },
    actors: { personalCode: machine.provide({ actors: { checkPersonalCode: check.logic } }) },
  }).createMachine({
    invoke: { id: 'personalCode', src: 'personalCode', input: { country: 'EE' } },
    on: { 'step.submitted': { actions: ({ event }) => forwarded.push(event) } },
  });
  const actor = createActor(host);
  actor.start();
  const child = actor.getSnapshot().children.personalCode;
  if (!child) throw new Error('the check did not start');
  const refused: number[] = [];
  child.on('step.refused', () => refused.push(refused.length + 1));
  const send = (event: PersonalCodeCheckEvent) => child.send(event);
  const view = () => personalCodeCheckView(child.getSnapshot() as never);
  return { host: actor, child, check, forwarded, refused, send, view };
}
