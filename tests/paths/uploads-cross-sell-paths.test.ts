import { describe, expect, it } from 'vitest';
import { allMachinePaths, endState, machinePathLine, machineStates, machineStepNames, stateLeaves, valueName } from './machine-paths';
import { uploadsModel, UPLOADS_LEFT } from './uploads-paths';
import { crossSellModel, SIGNER_ENDS } from './cross-sell-paths';
import { signerResult } from '../../machines/signing/cross-sell-modal.machine';
import { choosePaths } from './test-paths';

/**
 * Issue 27, item 1 (docs/decisions/221): the uploads machine's and the cross-sell modal's paths. The
 * common checks (every state on a path, each path replayed against a running actor, the loops) are
 * machine-paths.test.ts's over every model; these check what the two add: a parallel machine's
 * regions named and counted, the loops QA asked for, and the answers the server can really give.
 */
const paths = allMachinePaths();
const uploads = paths.filter((path) => path.machine === 'uploads');
const crossSell = paths.filter((path) => path.machine === 'crossSellModal');
const lines = (own: typeof paths) => own.map(machinePathLine);

describe('the uploads machine as a model', () => {
  it('names a parallel state by each region, and counts a region resting with nothing to do as a state', () => {
    expect(valueName({ ready: { sending: 'idle', removing: 'removing' } })).toBe('ready.sending.idle,ready.removing.removing');
    expect(stateLeaves('ready.sending.idle,ready.removing.removing')).toEqual(['ready.sending.idle', 'ready.removing.removing']);
    expect(machineStates(uploadsModel().logic)).toEqual(['loading', 'loadFailed', 'ready.sending.idle', 'ready.sending.uploading', 'ready.removing.idle', 'ready.removing.removing']);
  });

  it('reaches every region of the machine, and each place the person can leave the step for', () => {
    const reached = new Set(uploads.flatMap((path) => path.steps.flatMap((step) => stateLeaves(step.state))));
    for (const state of machineStates(uploadsModel().logic).filter((name) => name !== 'loading')) expect(reached).toContain(state);
    const ends = new Set(uploads.map((path) => path.steps.at(-1)?.screen));
    for (const left of Object.values(UPLOADS_LEFT)) expect(ends).toContain(left);
  });

  it('goes through the loops: a lost file tried again, a refused file then one taken, the attempts used up, the step skipped', () => {
    const all = lines(uploads);
    expect(all).toContain(
      'machine uploads BANK_STATEMENT retail-banking-ee SMALL_LOAN: list: OK > add statement.pdf > upload: lost > try again > upload: OK > continue > = ready.sending.idle,ready.removing.idle (left:continue)',
    );
    expect(all.some((line) => line.includes('upload: refused fileContentMismatch > add statement.pdf > upload: OK'))).toBe(true);
    const limit = uploads.find((path) => path.origin === 'shortest' && path.steps.at(-1)?.screen === UPLOADS_LEFT.limit)!;
    expect(machineStepNames(limit).filter((name) => name.startsWith('upload: refused'))).toHaveLength(5);
    expect(all.some((line) => line.includes('continue without statements > = ready.sending.idle,ready.removing.idle (left:skipped)'))).toBe(true);
    expect(uploads.filter((path) => path.origin === 'loop').every((path) => machineStepNames(path).includes('try again'))).toBe(true);
  });

  it('asks the server only what it can answer: a PDF taken or lost, an executable and a renamed copy refused, the large file never sent', () => {
    for (const path of uploads) {
      const names = machineStepNames(path);
      names.forEach((name, index) => {
        if (name === 'add big.pdf (over the size limit)') expect(names[index + 1] ?? '', path.id).not.toMatch(/^upload:/);
        if (name === 'add setup.pdf (an executable)') expect(names[index + 1], path.id).toBe('upload: refused fileContentMismatch');
        if (name === 'add copy.pdf (statement.pdf renamed)') expect(names[index + 1], path.id).toBe('upload: refused fileDuplicate');
        if (name === 'add statement.pdf') expect(['upload: OK', 'upload: lost'], path.id).toContain(names[index + 1]);
      });
    }
  });
});

describe('the cross-sell modal as a model', () => {
  it('reaches each way the modal ends: both signed, left for self service, another way to sign, the bank ended it', () => {
    const ends = new Set(crossSell.map(endState));
    expect([...ends].sort()).toEqual(['allSigned', 'choosing', 'confirmingLeave', 'left', 'otherMethod', 'refused']);
    expect(lines(crossSell)).toContain('machine crossSellModal SMART_ID retail-banking-ee SMALL_LOAN: sign loan > signing: SIGNED_CONTRACT > sign card > signing: SIGNED_CONTRACT > = allSigned');
    expect(machineStates(crossSellModel().logic)).not.toContain('checking');
  });

  it('ends at the signing negative page only while no contract is signed (decisions 175, 229)', () => {
    // The server ends the signing for NAMES_DONT_MATCH only with nothing signed (server/signing/signing-refusals.ts,
    // tests/server/live-closings.test.ts): after a signed contract the Smart-ID panel offers another way to sign.
    for (const path of crossSell) {
      const names = machineStepNames(path);
      const signedFirst = names.indexOf('signing: SIGNED_CONTRACT');
      if (endState(path) === 'refused') expect(signedFirst, path.id).toBe(-1);
      const after = names.indexOf('signing: NAMES_DONT_MATCH, other method');
      if (after >= 0) {
        expect(signedFirst, path.id).toBeGreaterThanOrEqual(0);
        expect(signedFirst, path.id).toBeLessThan(after);
        expect(endState(path), path.id).toBe('otherMethod');
      }
    }
    expect(lines(crossSell)).toContain('machine crossSellModal SMART_ID retail-banking-ee SMALL_LOAN: sign loan > signing: SIGNED_CONTRACT > sign card > signing: NAMES_DONT_MATCH, other method > = otherMethod');
    expect(lines(crossSell)).toContain('machine crossSellModal SMART_ID retail-banking-ee SMALL_LOAN: sign loan > signing: NAMES_DONT_MATCH > = refused');
    // The signer's outputs the model gives are those the Smart-ID machine ends with, read by the modal as it does.
    expect(signerResult(SIGNER_ENDS['signing: NAMES_DONT_MATCH'].output, 'card').type).toBe('crossSell.refused');
    expect(signerResult(SIGNER_ENDS['signing: NAMES_DONT_MATCH, other method'].output, 'card').type).toBe('crossSell.otherMethodChosen');
  });

  it('goes round "Leave?" - No and on to each end', () => {
    const loops = crossSell.filter((path) => path.origin === 'loop');
    expect(new Set(loops.map((path) => path.steps.at(-1)?.state))).toEqual(new Set(['allSigned', 'left', 'otherMethod', 'refused']));
    expect(loops.every((path) => machineStepNames(path).includes('leave: no'))).toBe(true);
  });
});

describe('npm run test:paths sees them', () => {
  it('--grep, --sample and --shard take the two machines', () => {
    const found = choosePaths({ list: true, grep: 'machine uploads ' }, paths);
    expect(found).toHaveLength(uploads.length);
    expect(choosePaths({ list: true, grep: 'leave: no > sign card' }, paths).every((path) => (path as { machine: string }).machine === 'crossSellModal')).toBe(true);
    const sample = choosePaths({ list: true, sample: 4 }, [...uploads, ...crossSell]);
    expect(sample).toHaveLength(4);
    expect(new Set(sample.map((path) => (path as { machine: string }).machine))).toEqual(new Set(['uploads', 'crossSellModal']));
    const shards = [1, 2, 3].map((index) => choosePaths({ list: true, grep: 'machine crossSellModal ', shard: `${index}/3` }, paths));
    expect(shards.flat().map((path) => path.id).sort()).toEqual(crossSell.map((path) => path.id).sort());
  });
});
