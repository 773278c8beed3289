/**
 * businessData's look-up of the company in the business register (issue 24, decision 181): which
 * text is worth asking the register about, and a look-up the app does not provide.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CompanyLookup } from '../../core/wire/business-register.schema';
import { companyLookupMachine, type CompanyLookupInput } from '../../src/steps/businessData/company-lookup.machine';
import { companyLookupView } from '../../src/steps/businessData/company-lookup-view';
import { controllable, settle } from './actor.fakes';

function start() {
  const register = controllable<CompanyLookup, CompanyLookupInput>();
  const actor = createActor(companyLookupMachine.provide({ actors: { lookUpCompany: register.logic } }));
  actor.start();
  const leave = (registrationCode: string) => actor.send({ type: 'company.codeLeft', country: 'EE', registrationCode });
  return { actor, register, leave };
}

describe('the company look-up: what is worth asking about', () => {
  it('does not ask about a code with anything but letters, digits and dashes before it', () => {
    const { register, leave } = start();
    leave('#10137319');
    leave('OÜ 10137319');
    expect(register.calls).toHaveLength(0);
  });

  it('does not ask about a code with anything but letters, digits and dashes after it', () => {
    const { register, leave } = start();
    leave('10137319#');
    leave('10137319 OÜ');
    expect(register.calls).toHaveLength(0);
  });

  it('asks about codes of 2 to 32 letters, digits and dashes, and not about longer ones', () => {
    const { register, leave } = start();
    leave('A'.repeat(33));
    expect(register.calls).toHaveLength(0);
    leave('12');
    leave('AB-12-cd');
    leave('9'.repeat(32));
    expect(register.calls.map((call) => call.input.registrationCode)).toEqual(['12', 'AB-12-cd', '9'.repeat(32)]);
  });
});

describe('the company look-up: without the register provided', () => {
  it('says nothing when the look-up cannot be made, and holds no answer', async () => {
    const actor = createActor(companyLookupMachine).start();
    actor.send({ type: 'company.codeLeft', country: 'EE', registrationCode: '10137319' });
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('idle');
    expect(companyLookupView(actor.getSnapshot())).toEqual({ kind: 'none' });
    actor.stop();
  });
});
