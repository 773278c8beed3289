/**
 * The cross-sell signing modal's machine (issue 12; decision 161): unit tests, then every path generated
 * from the machine (xstate/graph) replayed against it, checking the view at each step.
 */
import { describe, expect, it } from 'vitest';
import { createActor, setup, type AnyActorLogic } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  crossSellModalMachine,
  crossSellModalView,
  signerResult,
  type CrossSellModalEvent,
  type CrossSellModalInput,
  type CrossSellModalSnapshot,
  type SignContractInput,
} from '../../machines/signing/cross-sell-modal.machine';

const TWO: CrossSellModalInput = { fileServiceIds: ['loan', 'card'] };

function start(input: CrossSellModalInput = TWO) {
  const actor = createActor(crossSellModalMachine, { input });
  actor.start();
  return { actor, view: () => crossSellModalView(actor.getSnapshot()) };
}

describe('cross-sell modal machine', () => {
  it('shows a card per contract with a running index, none signed', () => {
    const { view } = start();
    expect(view().cards).toEqual([
      { fileServiceId: 'loan', index: 1, signed: false, signing: false, canSign: true },
      { fileServiceId: 'card', index: 2, signed: false, signing: false, canSign: true },
    ]);
  });

  it('signs one contract at a time; a signed one cannot be signed again; all signed ends the modal', () => {
    const { actor, view } = start();
    actor.send({ type: 'crossSell.signRequested', fileServiceId: 'loan' });
    expect(view().cards[0]).toMatchObject({ signing: true });
    expect(view().cards.every((card) => !card.canSign)).toBe(true);
    actor.send({ type: 'crossSell.contractSigned', fileServiceIds: ['loan'] });
    expect(view().cards.map((card) => card.signed)).toEqual([true, false]);
    actor.send({ type: 'crossSell.signRequested', fileServiceId: 'loan' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'crossSell.signRequested', fileServiceId: 'card' });
    actor.send({ type: 'crossSell.contractSigned', fileServiceIds: ['card'] });
    expect(view().allSigned).toBe(true);
    expect(actor.getSnapshot().output).toEqual({ result: 'allSigned', leaveTo: null });
  });

  it('eParaksts signs the next contract itself: one report may sign both', () => {
    const { actor, view } = start();
    actor.send({ type: 'crossSell.signRequested', fileServiceId: 'loan' });
    actor.send({ type: 'crossSell.contractSigned', fileServiceIds: ['loan', 'card'] });
    expect(view().allSigned).toBe(true);
  });

  it('a failed or cancelled signing returns to the cards with nothing signed', () => {
    const { actor, view } = start();
    actor.send({ type: 'crossSell.signRequested', fileServiceId: 'card' });
    actor.send({ type: 'crossSell.signingEnded' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(view().cards.map((card) => card.signed)).toEqual([false, false]);
  });

  it('closing asks to leave: no returns to the cards, yes leaves', () => {
    const { actor, view } = start();
    actor.send({ type: 'crossSell.closeRequested' });
    expect(view().askingToLeave).toBe(true);
    actor.send({ type: 'crossSell.leaveCancelled' });
    expect(view().askingToLeave).toBe(false);
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'crossSell.closeRequested' });
    actor.send({ type: 'crossSell.leaveConfirmed', url: 'https://self-service.example/' });
    expect(view().left).toBe(true);
    expect(actor.getSnapshot().output).toEqual({ result: 'left', leaveTo: 'https://self-service.example/' });
  });

  it('contracts already signed count from the start; an unknown contract is not signed', () => {
    const { actor, view } = start({ fileServiceIds: ['loan', 'card'], signedFileServiceIds: ['loan', 'other'] });
    expect(view().cards.map((card) => card.signed)).toEqual([true, false]);
    actor.send({ type: 'crossSell.signRequested', fileServiceId: 'other' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(start({ fileServiceIds: ['loan'], signedFileServiceIds: ['loan'] }).view().allSigned).toBe(true);
  });
});

describe('cross-sell modal: the method\'s machine as the signer (decision 162)', () => {
  /** A signer that ends when told, with the output given (as the signing machines end). */
  const fakeSigner = setup({ types: {} as { input: SignContractInput; events: { type: 'end'; output: unknown }; context: { output: unknown; input: SignContractInput } } }).createMachine({
    context: ({ input }) => ({ output: null, input }),
    initial: 'running',
    states: { running: { on: { end: { target: 'done', actions: ({ context, event }) => void (context.output = event.output) } } }, done: { type: 'final' } },
    output: ({ context }) => context.output,
  });

  function withSigner(input: CrossSellModalInput = { ...TWO, signerInput: { externalId: 'app-1', method: 'SMART_ID' } }) {
    const actor = createActor(crossSellModalMachine.provide({ actors: { signContract: fakeSigner as unknown as AnyActorLogic as never } }), { input });
    actor.start();
    const signer = () => actor.getSnapshot().children['signer'] as { send: (event: { type: 'end'; output: unknown }) => void; getSnapshot: () => { input?: unknown; context: unknown } } | undefined;
    return { actor, signer, view: () => crossSellModalView(actor.getSnapshot()) };
  }

  it('runs the signer for the chosen contract with the method\'s input and the unsigned contracts from it on', () => {
    const run = withSigner();
    expect(run.signer()).toBeUndefined();
    run.actor.send({ type: 'crossSell.signRequested', fileServiceId: 'loan' });
    expect((run.signer()!.getSnapshot().context as { input: unknown }).input).toEqual({ externalId: 'app-1', method: 'SMART_ID', fileServiceId: 'loan', fileServiceIds: ['loan', 'card'] });
  });

  it('a Smart-ID signer that ends signed marks the active contract; then the other runs its own signer', () => {
    const run = withSigner();
    run.actor.send({ type: 'crossSell.signRequested', fileServiceId: 'card' });
    run.signer()!.send({ type: 'end', output: { outcome: 'signed' } });
    expect(run.view().cards.map((card) => card.signed)).toEqual([false, true]);
    expect(run.signer()).toBeUndefined();
    run.actor.send({ type: 'crossSell.signRequested', fileServiceId: 'loan' });
    run.signer()!.send({ type: 'end', output: { outcome: 'signed' } });
    expect(run.actor.getSnapshot().output).toEqual({ result: 'allSigned', leaveTo: null });
  });

  it('an eParaksts signer that signed both ends the modal at once', () => {
    const run = withSigner();
    run.actor.send({ type: 'crossSell.signRequested', fileServiceId: 'loan' });
    run.signer()!.send({ type: 'end', output: { signedFileServiceIds: ['loan', 'card'] } });
    expect(run.view().allSigned).toBe(true);
  });

  it('another way to sign ends the modal for the step to go back to the choice; a signer ended unsigned returns to the cards', () => {
    const run = withSigner();
    run.actor.send({ type: 'crossSell.signRequested', fileServiceId: 'loan' });
    run.signer()!.send({ type: 'end', output: { signedFileServiceIds: [] } });
    expect(run.actor.getSnapshot().value).toBe('choosing');
    run.actor.send({ type: 'crossSell.signRequested', fileServiceId: 'loan' });
    run.signer()!.send({ type: 'end', output: { outcome: 'otherMethod' } });
    expect(run.actor.getSnapshot().output).toEqual({ result: 'otherMethod', leaveTo: null });
  });

  it('the bank ended the signing (decision 175): the modal ends for the step to load what follows', () => {
    const run = withSigner();
    run.actor.send({ type: 'crossSell.signRequested', fileServiceId: 'loan' });
    run.signer()!.send({ type: 'end', output: { outcome: 'ended' } });
    expect(run.actor.getSnapshot().output).toEqual({ result: 'refused', leaveTo: null });
  });

  it('reads the signing machines\' outputs', () => {
    expect(signerResult({ outcome: 'signed' }, 'loan')).toEqual({ type: 'crossSell.contractSigned', fileServiceIds: ['loan'] });
    expect(signerResult({ signedFileServiceIds: ['loan', 'card'] }, 'loan')).toEqual({ type: 'crossSell.contractSigned', fileServiceIds: ['loan', 'card'] });
    expect(signerResult({ outcome: 'otherMethod' }, 'loan')).toEqual({ type: 'crossSell.otherMethodChosen' });
    expect(signerResult(undefined, 'loan')).toEqual({ type: 'crossSell.signingEnded' });
    expect(signerResult({ outcome: 'ended' }, 'loan')).toEqual({ type: 'crossSell.refused' });
    expect(signerResult({ signedFileServiceIds: [], ended: true }, 'loan')).toEqual({ type: 'crossSell.refused' });
  });
});

// Model-based paths

function eventsIn(snapshot: CrossSellModalSnapshot): CrossSellModalEvent[] {
  const { context } = snapshot;
  if (snapshot.matches('choosing')) {
    return [...context.fileServiceIds.map((fileServiceId) => ({ type: 'crossSell.signRequested', fileServiceId }) as const), { type: 'crossSell.closeRequested' }];
  }
  if (snapshot.matches('signing')) {
    const rest = context.fileServiceIds.filter((id) => !context.signed.includes(id));
    return [
      { type: 'crossSell.contractSigned', fileServiceIds: [context.active!] },
      { type: 'crossSell.contractSigned', fileServiceIds: rest },
      { type: 'crossSell.signingEnded' },
      { type: 'crossSell.otherMethodChosen' },
      { type: 'crossSell.refused' },
    ];
  }
  if (snapshot.matches('confirmingLeave')) return [{ type: 'crossSell.leaveConfirmed' }, { type: 'crossSell.leaveCancelled' }];
  return [];
}

describe('cross-sell modal: model-based paths', () => {
  const paths = getShortestPaths(crossSellModalMachine, {
    input: TWO,
    events: (snapshot) => eventsIn(snapshot as CrossSellModalSnapshot),
    serializeState: (snapshot) => {
      const { context } = snapshot as CrossSellModalSnapshot;
      return JSON.stringify({ value: snapshot.value, signed: context.signed, active: context.active });
    },
  });

  it('reaches every state', () => {
    const values = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['choosing', 'signing', 'confirmingLeave', 'allSigned', 'left', 'otherMethod', 'refused']) expect(values).toContain(JSON.stringify(state));
  });

  for (const path of paths) {
    const name = path.steps.slice(1).map((step) => step.event.type.replace('crossSell.', '') + ('fileServiceId' in step.event ? `(${String(step.event.fileServiceId)})` : '')).join(' > ');
    it(name || '(start)', () => {
      const { actor, view } = start();
      for (const step of path.steps.slice(1)) actor.send(step.event as CrossSellModalEvent);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(path.state.value);
      const shown = view();
      // The view agrees with the state: signed labels match the signed set, leaving only after asking.
      expect(shown.cards.filter((card) => card.signed).map((card) => card.fileServiceId)).toEqual(snapshot.context.signed);
      expect(shown.allSigned).toBe(snapshot.context.signed.length === TWO.fileServiceIds.length);
      if (shown.left) expect(path.steps.some((step) => step.event.type === 'crossSell.closeRequested')).toBe(true);
      if (snapshot.status === 'done') {
        const result = snapshot.matches('allSigned') ? 'allSigned' : snapshot.matches('refused') ? 'refused' : snapshot.matches('otherMethod') ? 'otherMethod' : 'left';
        expect(snapshot.output).toEqual({ result, leaveTo: null });
      }
      expect(shown.cards.filter((card) => card.signing).length).toBe(snapshot.matches('signing') ? 1 : 0);
    });
  }
});
