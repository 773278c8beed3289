/**
 * Smart-ID signing's edges (issue 27 item 4, decision 232): what its mutation run (85.25 %) left
 * alive. How the machine ends when the person asks for another method (the step's machine goes back
 * to the choice, never to "signed"), the wait after a lost poll (it grows as after an answer), and the
 * machine without the app's status I/O.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, type AnyActorLogic } from 'xstate';
import { smartIdMachine, type SmartIdCallInput, type SmartIdInput } from '../../machines/signing/smart-id.machine';
import { smartIdView } from '../../machines/signing/smart-id.view';
import type { SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import { SMART_ID_POLL, smartIdPollDelay } from '../../core/domain/signing';
import { appError, controllable, settle } from './actor.fakes';

const INPUT: SmartIdInput = { externalId: 'app-1', fileServiceId: 'contract-1' };
const started: StartSigningResponse = { method: 'SMART_ID', status: 'RUNNING', verificationCode: '4821', redirectUrl: null };

function run(input: SmartIdInput, actors: Record<string, AnyActorLogic>) {
  const clock = new SimulatedClock();
  const actor = createActor(smartIdMachine.provide({ actors }), { input, clock }).start();
  return { actor, clock };
}

describe('how Smart-ID ends when another method is asked for', () => {
  it('from the start, disabled, or after a failure: the output says another method, not signed', async () => {
    const ready = run(INPUT, {});
    ready.actor.send({ type: 'smartId.otherMethodChosen' });
    expect(ready.actor.getSnapshot().output).toEqual({ outcome: 'otherMethod' });

    const disabled = run({ ...INPUT, disabledReason: 'OVER_LIMIT' }, {});
    disabled.actor.send({ type: 'smartId.otherMethodChosen' });
    expect(disabled.actor.getSnapshot().output).toEqual({ outcome: 'otherMethod' });

    const startSigning = controllable<StartSigningResponse, SmartIdCallInput>();
    const failed = run(INPUT, { startSigning: startSigning.logic });
    failed.actor.send({ type: 'smartId.started' });
    startSigning.last().reject(appError('server'));
    await settle();
    failed.actor.send({ type: 'smartId.otherMethodChosen' });
    expect(failed.actor.getSnapshot().output).toEqual({ outcome: 'otherMethod' });
  });
});

describe('polling after a lost answer', () => {
  it('a lost poll counts as an attempt: the next waits as long as after an answered one', async () => {
    const startSigning = controllable<StartSigningResponse, SmartIdCallInput>();
    const pollStatus = controllable<SigningStatusResponse, SmartIdCallInput>();
    const smartId = run(INPUT, { startSigning: startSigning.logic, pollStatus: pollStatus.logic });
    smartId.actor.send({ type: 'smartId.started' });
    startSigning.last().resolve(started);
    await settle();
    smartId.clock.increment(smartIdPollDelay(0));
    await settle();
    expect(pollStatus.calls).toHaveLength(1);
    pollStatus.last().reject(appError('network'));
    await settle();
    expect(smartId.actor.getSnapshot().context).toMatchObject({ attempt: 1, consecutiveErrors: 1 });
    // The wait after the first attempt is the second delay (2 s), not the first again.
    smartId.clock.increment(smartIdPollDelay(0));
    await settle();
    expect(pollStatus.calls).toHaveLength(1);
    smartId.clock.increment(smartIdPollDelay(1) - smartIdPollDelay(0));
    await settle();
    expect(pollStatus.calls).toHaveLength(2);
  });

  it(`without the app’s status I/O the polls fail, ${SMART_ID_POLL.maxConsecutiveErrors} in a row, saying the app provides it; asking again is offered`, async () => {
    const startSigning = controllable<StartSigningResponse, SmartIdCallInput>();
    const smartId = run(INPUT, { startSigning: startSigning.logic });
    smartId.actor.send({ type: 'smartId.started' });
    startSigning.last().resolve(started);
    await settle();
    for (let poll = 0; poll < SMART_ID_POLL.maxConsecutiveErrors; poll += 1) {
      smartId.clock.increment(SMART_ID_POLL.maxDelayMs);
      await settle();
    }
    expect(smartId.actor.getSnapshot().value).toBe('pollFailed');
    expect(smartId.actor.getSnapshot().context.callError?.message).toBe('The pollStatus actor is provided by the app');
    expect(smartIdView(smartId.actor.getSnapshot())).toMatchObject({ canRetry: true });
  });
});
