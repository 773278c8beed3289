/**
 * Issue 23 item 8 (decision 178): `v.record` let arrays through, so a draft of `[]` or `["a"]` was
 * stored. A draft and every record-shaped object of the wire (core/wire/plain-record.ts) is a plain
 * object: an array is a 422 with a field error, and nothing is stored.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { FieldErrorsSchema } from '../../core/wire/envelope.schema';
import { isPlainObject, plainRecord } from '../../core/wire/plain-record';
import { DraftDataSchema, StepSubmissionSchema } from '../../core/wire/process.schema';
import { createApplication, createApplicationStep, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

describe('plainRecord (core/wire)', () => {
  it('takes plain objects only: not arrays, dates, maps, class instances or null', () => {
    const schema = plainRecord(v.string(), v.unknown());
    class Thing {
      a = 1;
    }
    for (const good of [{}, { a: 1 }, JSON.parse('{"0":"x"}'), Object.create(null)]) expect(v.is(schema, good)).toBe(true);
    for (const bad of [[], ['a'], [{ a: 1 }], new Date(0), new Map(), new Thing(), null, 'x', 1]) expect(v.is(schema, bad), String(bad)).toBe(false);
    expect(isPlainObject([])).toBe(false);
  });

  it('is what the draft, the step submission and the error replies use', () => {
    expect(v.is(DraftDataSchema, [])).toBe(false);
    expect(v.is(DraftDataSchema, ['a'])).toBe(false);
    expect(v.is(FieldErrorsSchema, [['validation.messages.required']])).toBe(false);
    const submission = createApplicationStep(0);
    expect(v.is(StepSubmissionSchema, submission)).toBe(true);
    for (const part of ['applicationUpdates', 'customData'] as const) {
      expect(v.is(StepSubmissionSchema, { ...submission, application: { ...submission.application, [part]: [] } }), part).toBe(false);
    }
    expect(v.is(StepSubmissionSchema, { ...submission, variables: [] })).toBe(false);
    expect(v.is(StepSubmissionSchema, { ...submission, draft: ['a'] })).toBe(false);
  });
});

describe('a draft (issue 23 item 8)', () => {
  it('of an array is refused with a field error and stores nothing; a plain object is saved', async () => {
    const client = t.client();
    const task = await createApplication(client);
    const drafts = async () => (await t.database.db.query<{ n: number }>('select count(*)::int as n from drafts'))[0]!.n;
    const before = await drafts();
    for (const data of [[], ['a'], [{ personalCode: '38001085718' }]]) {
      const reply = await client.put<ApiErrorBody>(stepPath(task.externalId), { taskDefinitionKey: task.taskDefinitionKey, version: 0, data });
      expect(reply.status, JSON.stringify(data)).toBe(422);
      expect(Object.keys(reply.body.error.fieldErrors ?? {})).toContain('data');
    }
    expect(await drafts()).toBe(before);
    const submission = createApplicationStep(task.version ?? 0);
    const arrayDraft = await client.post<ApiErrorBody>(stepPath(task.externalId), { ...submission, draft: ['a'] });
    expect(arrayDraft.status).toBe(422);
    const saved = await client.put(stepPath(task.externalId), { taskDefinitionKey: task.taskDefinitionKey, version: 0, data: { personalCode: '38001085718' } });
    expect(saved.status).toBe(200);
  });
});
