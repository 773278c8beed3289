/**
 * businessData's look-up of the company in the business register (issue 24, decision 181): unit
 * tests with a controllable register, then every shortest path of the machine's graph replayed.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { CompanyLookup } from '../../core/wire/business-register.schema';
import { companyLookupMachine, type CompanyLookupInput } from '../../src/steps/businessData/company-lookup.machine';
import { companyLookupView } from '../../src/steps/businessData/company-lookup-view';
import { appError, controllable, settle } from './actor.fakes';

const FOUND: CompanyLookup = { found: true, businessName: 'Päikese Pagarid OÜ', legalForm: 'OÜ', industryCode: 'C', status: 'ACTIVE' };

function start() {
  const register = controllable<CompanyLookup, CompanyLookupInput>();
  const actor = createActor(companyLookupMachine.provide({ actors: { lookUpCompany: register.logic } }));
  actor.start();
  return { actor, register };
}

describe('the company look-up', () => {
  it('asks about a code left, trimmed, and shows the company found', async () => {
    const { actor, register } = start();
    actor.send({ type: 'company.codeLeft', country: 'EE', registrationCode: ' 10137319 ' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(register.last().input).toEqual({ country: 'EE', registrationCode: '10137319' });
    register.last().resolve(FOUND);
    await settle();
    expect(companyLookupView(actor.getSnapshot())).toEqual({ kind: 'found', registrationCode: '10137319', businessName: 'Päikese Pagarid OÜ', industryCode: 'C' });
  });

  it('does not ask twice about the same code in the same country, nor about something that is no code', async () => {
    const { actor, register } = start();
    actor.send({ type: 'company.codeLeft', country: 'EE', registrationCode: '10137319' });
    register.last().resolve(FOUND);
    await settle();
    actor.send({ type: 'company.codeLeft', country: 'EE', registrationCode: '10137319' });
    actor.send({ type: 'company.codeLeft', country: 'EE', registrationCode: '' });
    actor.send({ type: 'company.codeLeft', country: 'EE', registrationCode: 'x' });
    expect(register.calls).toHaveLength(1);
    actor.send({ type: 'company.codeLeft', country: 'LV', registrationCode: '10137319' });
    expect(register.calls).toHaveLength(2);
  });

  it('cancels the question about an earlier code when a new one is left', async () => {
    const { actor, register } = start();
    actor.send({ type: 'company.codeLeft', country: 'EE', registrationCode: '10137319' });
    const first = register.last();
    actor.send({ type: 'company.codeLeft', country: 'EE', registrationCode: '11223344' });
    expect(first.signal.aborted).toBe(true);
    register.last().resolve({ found: false });
    await settle();
    expect(companyLookupView(actor.getSnapshot())).toEqual({ kind: 'unknown' });
  });

  it('says a company in liquidation may not apply, and says nothing when the register fails', async () => {
    const { actor, register } = start();
    actor.send({ type: 'company.codeLeft', country: 'EE', registrationCode: '12345678' });
    register.last().resolve({ ...FOUND, status: 'IN_LIQUIDATION' });
    await settle();
    expect(companyLookupView(actor.getSnapshot())).toEqual({ kind: 'refused', status: 'IN_LIQUIDATION' });
    actor.send({ type: 'company.codeLeft', country: 'EE', registrationCode: '10137319' });
    register.last().reject(appError('network'));
    await settle();
    expect(companyLookupView(actor.getSnapshot())).toEqual({ kind: 'none' });
  });

  it('every shortest path of its graph ends in a state the view can show', () => {
    const paths = getShortestPaths(companyLookupMachine, {
      events: [
        { type: 'company.codeLeft', country: 'EE', registrationCode: '10137319' },
        { type: 'company.codeLeft', country: 'LV', registrationCode: '40103111111' },
      ],
    });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(['idle', 'asking', 'answered']).toContain(path.state.value);
  });
});
