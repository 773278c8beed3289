import { describe, expect, it } from 'vitest';
import { isTaskKey } from '../../src/domain/task-keys';
import { PROCESS_DEFINITIONS, processDefinitionFor } from '../../server/process/process-definitions';
import { ProcessStalledError, advanceProcess, readProcess, startProcess } from '../../server/process/process-runner';
import type { ApplicationFacts } from '../../server/process/process-setup';

const applicant: ApplicationFacts = { productName: 'CAR_LOAN', personRoles: ['APPLICANT'], applicantHasPersonalCode: true };

describe('process definitions (section 4: the server decides the next step)', () => {
  it('name every state after a task key of the shared table', () => {
    for (const machine of Object.values(PROCESS_DEFINITIONS)) {
      for (const state of Object.keys(machine.states)) expect(isTaskKey(state), state).toBe(true);
    }
  });

  it('choose the retail loan process in the retail domains and none in corporate banking', () => {
    expect(processDefinitionFor('retail-banking-ee', 'SMALL_LOAN')).toBe('retailLoan');
    expect(processDefinitionFor('retail-banking-lv', 'HOUSING_LOAN')).toBe('retailLoan');
    expect(processDefinitionFor('retail-banking-lt', 'OPERATING_LOAN')).toBeUndefined();
    expect(processDefinitionFor('corporate-banking', 'OPERATING_LOAN')).toBeUndefined();
  });

  it('retail loan: create-application step, then the thank-you page, which ends the process', () => {
    const start = startProcess('retailLoan', { businessDomain: 'retail-banking-ee', productName: 'SMALL_LOAN' });
    expect(start).toMatchObject({ taskKey: 'createApplicationStep', done: false });
    const next = advanceProcess(start.state, 'createApplicationStep', applicant);
    expect(next).toMatchObject({ taskKey: 'viewThankYouPage', done: true });
    // The product chosen on the step is remembered for later decisions.
    expect(next.state.context.productName).toBe('CAR_LOAN');
  });

  it('decides from the data: without an identified applicant the process cannot advance', () => {
    const start = startProcess('retailLoan', { businessDomain: 'retail-banking-ee', productName: 'SMALL_LOAN' });
    expect(() => advanceProcess(start.state, 'createApplicationStep', { ...applicant, applicantHasPersonalCode: false })).toThrow(ProcessStalledError);
    expect(() => advanceProcess(start.state, 'viewThankYouPage', applicant)).toThrow(ProcessStalledError);
  });

  it('survives a round trip through JSON, as stored in applications.process_state', () => {
    const start = startProcess('retailLoan', { businessDomain: 'retail-banking-lv', productName: 'SMALL_LOAN' });
    const restored = readProcess(JSON.parse(JSON.stringify(start.state)));
    expect(restored).toEqual(start);
    const done = advanceProcess(restored.state, 'createApplicationStep', applicant);
    expect(readProcess(JSON.parse(JSON.stringify(done.state)))).toMatchObject({ taskKey: 'viewThankYouPage', done: true });
  });
});
