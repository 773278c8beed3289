/**
 * The table of server step hooks (docs/decisions/163-server-step-hooks.md): its shape, and that the
 * submission service runs what is registered for a key, and nothing else.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { ACCOUNT_CONTRACT_TASK } from '../../core/domain/account-contract';
import { COUNTED_UPLOAD_STEPS, UPLOAD_STEP_PURPOSES } from '../../core/domain/documents';
import { MESSAGES } from '../../core/validation/messages';
import { isTaskKey, type TaskKey } from '../../src/steps/_generated/task-keys';
import type { ApplicationRow } from '../../server/applications/application-repository';
import { CONTRACT_TASKS } from '../../server/contracts/contract.service';
import type { Transaction } from '../../server/db/database';
import { ApiError } from '../../server/http/api-error';
import { OFFER_TASKS } from '../../server/offers/offer.service';
import { combineHooks, type BeforeSubmitContext, type StepHooks } from '../../server/steps/step-hook';
import * as stepHooks from '../../server/steps/step-hooks';
import { STEP_HOOKS, hooksOf } from '../../server/steps/step-hooks';
import { createApplication, createApplicationStep, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

describe('the table of step hooks', () => {
  it('cannot be changed: the test files of a worker share it (decision 214)', () => {
    const table = STEP_HOOKS as Record<string, StepHooks>;
    expect(() => {
      delete table['createApplicationStep'];
    }).toThrow(TypeError);
    expect(() => {
      table['submitAddress'] = {};
    }).toThrow(TypeError);
    expect(() => {
      (hooksOf('createApplicationStep') as { checkOutside?: unknown }).checkOutside = undefined;
    }).toThrow(TypeError);
    expect(() => {
      (hooksOf('noSuchTask') as { endsUndecided?: true }).endsUndecided = true;
    }).toThrow(TypeError);
    expect(hooksOf('createApplicationStep').checkOutside).toBeTypeOf('function');
  });

  it('has entries only for real task keys', () => {
    const keys = Object.keys(STEP_HOOKS);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !isTaskKey(key))).toEqual([]);
  });

  it("gives every step of core's tables the hooks those tables promise", () => {
    for (const key of Object.keys(UPLOAD_STEP_PURPOSES)) expect(hooksOf(key).beforeSubmit, key).toBeTypeOf('function');
    for (const key of COUNTED_UPLOAD_STEPS) expect(hooksOf(key).aroundSubmission, key).toBeTypeOf('function');
    for (const key of OFFER_TASKS) expect(hooksOf(key), key).toMatchObject({ decidedBeforeShown: true, afterApply: expect.any(Function) });
    for (const key of [...CONTRACT_TASKS, ACCOUNT_CONTRACT_TASK]) expect(hooksOf(key).onReached, key).toBeTypeOf('function');
  });

  it('checks for a duplicate where the create step goes on, and never decides a duplicate (decision 175)', () => {
    for (const key of ['createApplicationStep', 'chooseContinueOption']) expect(hooksOf(key).afterApply, key).toBeTypeOf('function');
    expect(hooksOf('viewDuplicateApplication')).toEqual({ endsUndecided: true });
  });

  it('has no hooks for a step without server behaviour, or for an unknown key', () => {
    expect(hooksOf('submitAddress')).toEqual({});
    expect(hooksOf('toString')).toEqual({});
    expect(hooksOf('noSuchTask')).toEqual({});
  });

  it("runs an upload step's registered check: no document of its purpose, no going on (unless skipped)", async () => {
    const noDocuments = { query: async () => [], exec: async () => undefined } as Transaction;
    const context = { tx: noDocuments, application: { id: 'a1' } as ApplicationRow, role: 'APPLICANT', uploadSkipped: false } as BeforeSubmitContext;
    const check = hooksOf('uploadCampaignDocuments').beforeSubmit;
    await expect(check?.(context)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { documents: [MESSAGES.required] } });
    await expect(check?.({ ...context, uploadSkipped: true })).resolves.toBeUndefined();
  });
});

describe('combineHooks', () => {
  it('runs same-named hooks in the order given, threading the data and the application', async () => {
    const calls: string[] = [];
    const combined = combineHooks(
      {
        beforeSubmit: async () => void calls.push('check 1'),
        afterApply: ({ data }) => ({ data: { ...data, first: true }, facts: { offerAnswer: 'ACCEPTED' } }),
        onReached: async ({ application }) => ({ ...application, version: application.version + 1 }),
        aroundSubmission: async (_deps, _owner, _id, attempt) => {
          calls.push('outer');
          return attempt();
        },
      },
      {
        beforeSubmit: async () => void calls.push('check 2'),
        afterApply: ({ data }) => ({ data: { ...data, second: data['first'] === true }, facts: { signingChoice: null } }),
        onReached: async ({ application }) => ({ ...application, version: application.version * 10 }),
        aroundSubmission: async (_deps, _owner, _id, attempt) => {
          calls.push('inner');
          return attempt();
        },
        givesBankStatements: true,
      },
    );
    await combined.beforeSubmit?.({} as BeforeSubmitContext);
    await combined.aroundSubmission?.({} as never, {} as never, 'id', async () => calls.push('attempt'));
    expect(calls).toEqual(['check 1', 'check 2', 'outer', 'inner', 'attempt']);
    const effect = await combined.afterApply?.({ data: {} } as never);
    expect(effect).toEqual({ data: { first: true, second: true }, facts: { offerAnswer: 'ACCEPTED', signingChoice: null } });
    expect((await combined.onReached?.({ application: { version: 1 } } as never))?.version).toBe(20);
    expect(combined.givesBankStatements).toBe(true);
  });
});

describe('the submission service runs the hooks registered for the submitted step', () => {
  let t: TestApp;
  // The test's own hooks for createApplicationStep, in place of the table's while set. Through a spy
  // on `hooksOf`, not by changing the table: the table is frozen, and the files of a worker share it
  // (decision 214: a deleted entry here took the register's check from the next file's server).
  const table: Partial<Record<TaskKey, StepHooks>> = {};
  beforeAll(async () => {
    t = await startTestApp();
    const tableHooks = hooksOf;
    vi.spyOn(stepHooks, 'hooksOf').mockImplementation((taskKey) => table[taskKey as TaskKey] ?? tableHooks(taskKey));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.database.dispose();
  });
  afterEach(() => {
    delete table.createApplicationStep;
  });

  it("answers a before-submit refusal as the step's error, and goes on once the hook is gone", async () => {
    const client = t.client();
    const created = await createApplication(client);
    table.createApplicationStep = {
      beforeSubmit: async ({ role, persons }) => {
        throw new ApiError('STEP_OUT_OF_ORDER', `Refused by the test hook for ${role} with ${persons.length} person.`);
      },
    };
    const refused = await client.post<ApiErrorBody>(stepPath(created.externalId), createApplicationStep(created.version));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'STEP_OUT_OF_ORDER', message: 'Refused by the test hook for APPLICANT with 1 person.' });

    delete table.createApplicationStep;
    const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version));
    expect(sent.status).toBe(200);
  });

  it('stores what an after-apply hook adds, around the submission it wraps', async () => {
    const client = t.client();
    const created = await createApplication(client);
    const calls: string[] = [];
    table.createApplicationStep = {
      aroundSubmission: async (_deps, _owner, externalId, attempt) => {
        calls.push(`around ${externalId === created.externalId}`);
        return attempt();
      },
      afterApply: ({ data }) => {
        calls.push('after apply');
        return { data: { ...data, markedByTestHook: true } };
      },
    };
    const sent = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version));
    expect(sent.status).toBe(200);
    expect(calls).toEqual(['around true', 'after apply']);
    const [row] = await t.database.db.query<{ data: Record<string, unknown> }>('select data from applications where external_id = $1', [created.externalId]);
    expect(row?.data['markedByTestHook']).toBe(true);
  });
});
