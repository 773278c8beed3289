/**
 * The cross-sell modal (decision 161, 162): how a signer's end is read, which contracts the signer is
 * given, and the contracts signed before the modal opened.
 */
import { describe, expect, it } from 'vitest';
import { createActor, setup, type AnyActorLogic } from 'xstate';
import { crossSellModalMachine, crossSellModalView, signerResult, type CrossSellModalInput, type SignContractInput } from '../../machines/signing/cross-sell-modal.machine';

describe('cross-sell modal: a signer\'s end read as a report', () => {
  it('an empty list of signed files says nothing signed: the outcome decides', () => {
    expect(signerResult({ signedFileServiceIds: [], outcome: 'otherMethod' }, 'loan')).toEqual({ type: 'crossSell.otherMethodChosen' });
    expect(signerResult({ signedFileServiceIds: [], outcome: 'signed' }, 'loan')).toEqual({ type: 'crossSell.contractSigned', fileServiceIds: ['loan'] });
    expect(signerResult({ signedFileServiceIds: [] }, 'loan')).toEqual({ type: 'crossSell.signingEnded' });
  });

  it('keeps only the file ids that are strings', () => {
    expect(signerResult({ signedFileServiceIds: [7, 'card', null, 'loan'] }, 'loan')).toEqual({ type: 'crossSell.contractSigned', fileServiceIds: ['card', 'loan'] });
  });
});

describe('cross-sell modal: the contracts given to the signer', () => {
  /** A signer that stays running, keeping its input for the test to read. */
  const signer = setup({ types: {} as { input: SignContractInput; context: { input: SignContractInput } } }).createMachine({
    context: ({ input }) => ({ input }),
  });

  function start(input: CrossSellModalInput) {
    const actor = createActor(crossSellModalMachine.provide({ actors: { signContract: signer as unknown as AnyActorLogic as never } }), { input });
    actor.start();
    const signerInput = () => (actor.getSnapshot().children['signer']?.getSnapshot() as unknown as { context: { input: SignContractInput } }).context.input;
    return { actor, signerInput };
  }

  it('the chosen contract and the unsigned ones after it, never those before it', () => {
    const run = start({ fileServiceIds: ['loan', 'card', 'insurance'] });
    run.actor.send({ type: 'crossSell.signRequested', fileServiceId: 'card' });
    expect(run.signerInput()).toEqual({ fileServiceId: 'card', fileServiceIds: ['card', 'insurance'] });
  });

  it('leaves out a contract after it that was signed already', () => {
    const run = start({ fileServiceIds: ['loan', 'card', 'insurance'], signedFileServiceIds: ['insurance'] });
    run.actor.send({ type: 'crossSell.signRequested', fileServiceId: 'loan' });
    expect(run.signerInput()).toEqual({ fileServiceId: 'loan', fileServiceIds: ['loan', 'card'] });
  });
});

describe('cross-sell modal: contracts signed before it opened', () => {
  it('none named: every card can be signed', () => {
    const actor = createActor(crossSellModalMachine, { input: { fileServiceIds: ['loan', 'card'] } });
    actor.start();
    expect(crossSellModalView(actor.getSnapshot()).cards.map((card) => card.canSign)).toEqual([true, true]);
  });

  it('an id signed that the modal does not list is ignored', () => {
    const actor = createActor(crossSellModalMachine, { input: { fileServiceIds: ['loan', 'card'], signedFileServiceIds: ['old', 'card'] } });
    actor.start();
    expect(actor.getSnapshot().context.signed).toEqual(['card']);
  });
});
