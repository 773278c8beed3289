/**
 * Issue 13, decision 159: an application with the code of a campaign whose terms ask for the seller's
 * offer is asked for it once approved (UploadCampaignDocuments), and ends at its thank-you page. The
 * server refuses to go on from an upload step without a document of its purpose (decisions 150, 159).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { MESSAGES } from '../../core/validation/messages';
import { parsePricingData, PricingDataError } from '../../server/pricing/pricing-data-file';
import type { ApiClient } from './support/api-client';
import { CREATE_REQUEST, createApplicationStep, exampleSubmission, stepPath, walk } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

/** A car loan with `campaignCode` (given at the start and kept on the personal details), approved (the sandbox decides), walked to the decision. */
async function approvedCarLoan(client: ApiClient, campaignCode: string | undefined): Promise<TaskResponse> {
  await client.post('/api/sandbox/decision', { outcome: 'POSITIVE' });
  const request = { application: { ...CREATE_REQUEST.application, creditConditions: { productName: 'CAR_LOAN', loanAmount: 8000, loanPeriod: 48 }, ...(campaignCode ? { campaignCode } : {}) } };
  const created = await client.post<Data<TaskResponse>>('/api/v1/application-process', request);
  expect(created.status).toBe(201);
  const step = createApplicationStep(created.body.data.version);
  const conditions = (step.application.applicationUpdates as { creditConditions: Record<string, unknown> }).creditConditions;
  Object.assign(conditions, { productName: 'CAR_LOAN', loanAmount: 8000, loanPeriod: 48 });
  const sent = await client.post<Data<TaskResponse>>(stepPath(created.body.data.externalId), step);
  expect(sent.status).toBe(200);
  const { task } = await walk(client, sent.body.data, { until: 'uploadCampaignDocuments', values: { submitPersonalInfo: { campaignCode: campaignCode ?? '', productName: 'CAR_LOAN' }, submitBackgroundData: { hasCoApplicant: 'no' } } });
  return task;
}

function saleOffer(): FormData {
  const body = new FormData();
  body.append('documentPurpose', 'SALE_OFFER');
  body.append('file', new File([new TextEncoder().encode('%PDF-1.7\n% offer\n%%EOF\n')], 'offer.pdf', { type: 'application/pdf' }));
  return body;
}

describe("a campaign that asks for the seller's offer", () => {
  it('asks for it after a positive decision, refuses to go on without it, then thanks', async () => {
    const client = t.client();
    const task = await approvedCarLoan(client, 'AUTO2026');
    expect(task).toMatchObject({ taskDefinitionKey: 'uploadCampaignDocuments', previousTaskDefinitionKey: null, application: { campaignCode: 'AUTO2026', decision: { outcome: 'POSITIVE' } } });

    const empty = exampleSubmission('uploadCampaignDocuments', task.version);
    const refused = await client.post<ApiErrorBody>(stepPath(task.externalId), empty);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldErrors).toEqual({ documents: [MESSAGES.required] });

    // A bank statement is not the seller's offer: this step takes none (decision 179).
    const statement = saleOffer();
    statement.set('documentPurpose', 'BANK_STATEMENT');
    const wrongPurpose = await client.post<ApiErrorBody>(`/api/v1/application-process/${task.externalId}/document`, statement);
    expect(wrongPurpose.status).toBe(409);
    expect(wrongPurpose.body.error.code).toBe('STEP_OUT_OF_ORDER');
    expect((await client.post<ApiErrorBody>(stepPath(task.externalId), empty)).status).toBe(422);

    expect((await client.post(`/api/v1/application-process/${task.externalId}/document`, saleOffer())).status).toBe(200);
    const done = await client.post<Data<TaskResponse>>(stepPath(task.externalId), empty);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ taskDefinitionKey: 'viewCampaignDocumentsUploaded', application: { decision: { outcome: 'POSITIVE' } } });
  });

  it('asks nothing of an application without a campaign code, or with one for another product', async () => {
    expect(await approvedCarLoan(t.client(), undefined)).toMatchObject({ taskDefinitionKey: 'viewContractSigned' });
    expect(await approvedCarLoan(t.client(), 'RENO2026')).toMatchObject({ taskDefinitionKey: 'viewContractSigned' });
  });
});

describe('campaigns in the product data file', () => {
  const base = { domains: { 'retail-banking-ee': { products: {} } } };
  const problemsOf = (campaigns: unknown[]): string[] => {
    try {
      parsePricingData({ ...base, campaigns });
    } catch (error) {
      if (error instanceof PricingDataError) return error.problems.filter((problem) => problem.startsWith('campaigns'));
      throw error;
    }
    return [];
  };

  it('refuses a campaign for a product its domain does not offer, and a code listed twice in a domain', () => {
    const car = { code: 'AUTO2026', name: 'Car', domain: 'retail-banking-ee', products: ['CAR_LOAN'], documents: ['SALE_OFFER'] };
    expect(problemsOf([car])).toEqual([]);
    expect(problemsOf([{ ...car, products: ['OPERATING_LOAN'] }])).toEqual(['campaigns: AUTO2026 is for OPERATING_LOAN, which retail-banking-ee does not offer']);
    expect(problemsOf([car, car])).toEqual(['campaigns: retail-banking-ee lists AUTO2026 twice']);
  });
});
