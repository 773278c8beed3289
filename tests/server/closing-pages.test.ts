/**
 * The closing pages of issues 12 and 13 (docs/decisions/146-149): each is a final state of its
 * product's process, reachable by task key (the sandbox seeds it as the bank's process would rest
 * there), and a partner's return address reaches the return-to-merchant page only as the create step
 * lets it in: one of the registered partner's return addresses (decision 093).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { startTestApp, type TestApp } from './support/test-app';
import { continuePath, stepPath } from './support/payloads';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };

// The statements pages and return to merchant wait for the bank's analysis and move on (decision 172): tests/server/back-office-checks.test.ts.
const LOAN_PAGES = [
  'viewDocumentUploadLimitThankYouPage',
  'viewUploadSkipped',
  'viewDuplicateApplication',
  'viewNegativeThankYouPage',
  'viewShortApplicationSubmitted',
  'showContractSigningNegativePage',
  'decisionPartnerStoreChosenForContractSigning',
  'weWillBeWaitingForYouInPostOffice',
] as const;

describe('the closing pages of issues 12 and 13', () => {
  it.each([...LOAN_PAGES.map((key) => [key, 'SMALL_LOAN'] as const), ['viewCurrentAccountContractSigned', 'CURRENT_ACCOUNT'] as const])(
    '%s ends the %s process: it stays, has no way back, and takes no step',
    async (taskDefinitionKey, productName) => {
      const client = t.client();
      const seeded = await client.post<Data<TaskResponse>>('/api/sandbox/applications', { taskDefinitionKey, productName, previousTasks: ['createApplicationStep'] });
      expect(seeded.status).toBe(201);
      const again = await client.post<Data<TaskResponse>>(continuePath(seeded.body.data.externalId));
      expect(again.body.data).toMatchObject({ taskDefinitionKey, previousTaskDefinitionKey: null });
      const sent = await client.post<ApiErrorBody>(stepPath(seeded.body.data.externalId), {
        taskDefinitionKey,
        version: seeded.body.data.version,
        application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
        variables: {},
      });
      expect(sent.status).toBeGreaterThanOrEqual(400);
      expect((await client.post<Data<TaskResponse>>(continuePath(seeded.body.data.externalId))).body.data.taskDefinitionKey).toBe(taskDefinitionKey);
    },
  );

  it('the current account’s page is not a loan’s, nor a loan’s pages the current account’s', async () => {
    const client = t.client();
    expect((await client.post('/api/sandbox/applications', { taskDefinitionKey: 'viewCurrentAccountContractSigned', productName: 'SMALL_LOAN' })).status).toBe(400);
    expect((await client.post('/api/sandbox/applications', { taskDefinitionKey: 'viewReturnToMerchant', productName: 'CURRENT_ACCOUNT' })).status).toBe(400);
  });

  it('the return-to-merchant page gets a registered return address of the partner, and nothing else', async () => {
    const client = t.client();
    const back = 'https://shop.closing.example/back';
    expect((await client.post('/api/sandbox/partners', { regCode: 'CLOSING-1', returnAddresses: [back] })).status).toBe(201);
    const seed = (webShopRedirectUri: string) =>
      client.post<Data<TaskResponse> & ApiErrorBody>('/api/sandbox/applications', {
        taskDefinitionKey: 'viewReturnToMerchant',
        productName: 'SMALL_LOAN',
        partner: { regCode: 'CLOSING-1', processData: { webShopRedirectUri }, seller: { businessName: 'Closing Shop' } },
      });
    for (const other of ['https://evil.example/back', 'https://shop.closing.example/elsewhere', 'javascript:alert(1)']) {
      const refused = await seed(other);
      expect(refused.status).toBe(422);
      expect(refused.body.error.fieldErrors).toEqual({ 'application.partner.processData.webShopRedirectUri': ['validation.messages.redirectUriNotRegistered'] });
    }
    const seeded = await seed(back);
    expect(seeded.status).toBe(201);
    expect(seeded.body.data.application).toMatchObject({ processData: { webShopRedirectUri: back }, seller: { businessName: 'Closing Shop' } });
  });
});
