import { expect } from 'vitest';
import type { TaskResponse } from '../../../core/wire/application.schema';
import type { ApiClient } from './api-client';
import type { TestApp } from './test-app';

type Data<T> = { data: T };

/**
 * A Latvian housing loan at the co-borrower's bank statement step (both give statements, decision
 * 152): seeded by the applicant, approved, and the co-borrower's own session from his invitation
 * (decisions 233, 239).
 */
export async function coBorrowerAtOpenBanking(lv: TestApp): Promise<{ applicant: ApiClient; coBorrower: ApiClient; externalId: string }> {
  const applicant = lv.client();
  const seeded = await applicant.post<Data<TaskResponse>>('/api/sandbox/applications', {
    taskDefinitionKey: 'coBorrower.provideBasViaOpenBanking',
    previousTasks: ['createApplicationStep', 'submitPersonalInfo', 'submitBackgroundData', 'checkAnswers', 'provideBasViaOpenBanking', 'submitInitialDataCoBorrower', 'coBorrower.checkAnswers'],
    productName: 'HOUSING_LOAN',
    application: { applicationUpdates: { coApplicant: { firstName: 'Jānis', surname: 'Bērziņš', email: 'janis@example.com' } } },
    coBorrower: { personUpdates: [{ personalCode: '321234-56789' }] },
  });
  expect(seeded.status).toBe(201);
  const { externalId } = seeded.body.data;
  await applicant.post('/api/sandbox/decision', { outcome: 'POSITIVE' });
  const outbox = await applicant.get<Data<{ messages: { body: { link: string } }[] }>>(`/api/sandbox/outbox/${externalId}`);
  const coBorrower = lv.client();
  expect((await coBorrower.post('/api/v1/invitations/accept', { token: outbox.body.data.messages[0]?.body.link.split('/').pop() })).status).toBe(200);
  const theirs = await coBorrower.post<Data<TaskResponse>>(`/api/v1/application-process/${externalId}/continue?role=coborrower`);
  expect(theirs.body.data.taskDefinitionKey).toBe('provideBasViaOpenBanking');
  return { applicant, coBorrower, externalId };
}
