import { describe, expect, it } from 'vitest';
import { ESIGN_STATUSES } from '../../core/domain/signing';
import { BANK_PAYMENT_RESULTS } from '../../server/signing/sandbox-signing-settings';
import { allMachinePaths, endState, machineModels, machinePathLine, machineStates, unreachedStates } from './machine-paths';
import { ESIGN_ENDINGS, PAYMENT_ENDINGS } from './machine-paths-redirect';

/**
 * Issue 27, item 1 (docs/decisions/222): the redirect signings' paths, eParaksts and the bank
 * payment, beside the others in the catalogue (machine-paths.test.ts replays every path against its
 * machine and checks every state is on one). Here: what only these models promise.
 */
const paths = allMachinePaths();
const esign = paths.filter((path) => path.machine === 'esign');
const payment = paths.filter((path) => path.machine === 'paymentSigning');

describe('the eParaksts and payment-signing machine paths', () => {
  it('are in the catalogue, every state of both machines on a path but `ended`, which says why', () => {
    expect(esign.length).toBeGreaterThan(10);
    expect(payment.length).toBeGreaterThan(10);
    expect(unreachedStates(paths).filter((missing) => ['esign', 'paymentSigning'].includes(missing.machine))).toEqual([]);
    for (const machine of ['esign', 'paymentSigning']) {
      const model = machineModels().find((candidate) => candidate.machine === machine)!;
      const reached = new Set(paths.filter((path) => path.machine === machine).flatMap((path) => [path.initial, ...path.steps.map((step) => step.state)]));
      expect(machineStates(model.logic).filter((state) => !reached.has(state)), machine).toEqual(['ended']);
      expect(model.notReached?.['ended'], machine).toMatch(/five failed attempts/);
    }
  });

  it("ask only what the simulators and the reference API can answer: section 4's statuses, the bank's four answers", () => {
    const polled = (label: string, prefix: string) => (label.startsWith(prefix) ? label.slice(prefix.length) : null);
    for (const path of esign) {
      for (const step of path.steps) {
        const status = polled(step.label, 'status: ');
        if (status && status !== 'lost') expect(ESIGN_STATUSES, path.id).toContain(status);
      }
      if (path.condition?.startsWith('back=')) expect(Object.keys(ESIGN_ENDINGS), path.id).toContain(path.condition.slice('back='.length));
    }
    for (const path of payment) {
      for (const step of path.steps) {
        const status = polled(step.label, 'poll: ');
        if (status && !['lost', 'RUNNING'].includes(status)) expect(BANK_PAYMENT_RESULTS, path.id).toContain(status);
      }
      if (path.condition) expect(PAYMENT_ENDINGS.map((ending) => `back=${ending}`), path.id).toContain(path.condition);
    }
  });

  it('name what QA reads: the visit the path starts back from, the calls, the failure shown', () => {
    const lines = [...esign, ...payment].map(machinePathLine);
    expect(lines).toContain('machine esign EPARAKSTS retail-banking-lv SMALL_LOAN: status: NOT_STARTED > authenticate: OK > = redirecting');
    expect(lines).toContain('machine esign EPARAKSTS retail-banking-lv SMALL_LOAN [back=SIGNING_FAILED:ESIGN_CERTIFICATE_INACTIVE]: status: SIGNING_FAILED > = failed (certificateInactive)');
    expect(lines).toContain('machine esign EPARAKSTS retail-banking-lv SMALL_LOAN [back=AUTHENTICATION_FAILED]: status: AUTHENTICATION_FAILED > try again > authenticate: OK > = redirecting');
    expect(lines).toContain('machine paymentSigning PAYMENT retail-banking-lv SMALL_LOAN [back=RUNNING]: check: enabled > poll: RUNNING > poll: COMPLETED_OK > = signed');
    expect(lines).toContain('machine paymentSigning PAYMENT retail-banking-lv SMALL_LOAN: check: restricted > = disabled (restricted)');
  });

  it('go round the status loops: a lost read tried again, a failure tried again, a payment polled while it runs', () => {
    expect(esign.some((path) => machinePathLine(path).includes('status: lost > try again > status: NOT_STARTED'))).toBe(true);
    expect(esign.some((path) => machinePathLine(path).includes('authenticate: lost > try again > authenticate: OK > = redirecting'))).toBe(true);
    expect(payment.some((path) => machinePathLine(path).includes('poll: lost > try again > poll: COMPLETED_FAILURE > choose bank > pay > start: OK'))).toBe(true);
    expect(payment.some((path) => path.steps.some((step) => step.state === 'checkingStatus.waiting'))).toBe(true);
  });

  it('no payment path ends halfway through the person choosing a bank and paying', () => {
    for (const path of payment) {
      const last = path.steps.at(-1);
      if (endState(path) === 'choosingBank') expect(last?.label, path.id).not.toBe('choose bank');
    }
  });
});
