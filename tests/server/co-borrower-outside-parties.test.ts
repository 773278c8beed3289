/**
 * Decision 239 (after decision 233): the outside parties that send a person away and back. The
 * co-borrower's part leaves for one of them only, his bank's open-banking page, whose return names
 * his role (tests/server/open-banking.test.ts has the approval; here the refusal). Every other party
 * that sends the browser away (remote identification, eParaksts, the bank payment; the bank's login
 * is the applicant's IdentifyCustomer step, which no co-borrower's part asks: tests/paths/flow-paths
 * .test.ts) is started only by the applicant: the co-borrower's session is refused at the start, so
 * no return of theirs can lose his role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { coBorrowerAtOpenBanking } from './support/co-borrower';
import { startTestApp, type TestApp } from './support/test-app';

type Data<T> = { data: T };

let lv: TestApp;
beforeAll(async () => {
  lv = await startTestApp({ BUSINESS_DOMAIN: 'retail-banking-lv' });
});
afterAll(() => lv.database.dispose());

describe("the co-borrower and the outside parties (decisions 233, 239)", () => {
  it('refusing at his bank, he comes back as the co-borrower too', async () => {
    const { coBorrower, externalId } = await coBorrowerAtOpenBanking(lv);
    const selected = await coBorrower.post<Data<{ redirectUrl: string }>>('/api/v1/psd2/select-institution', { externalId, institutionId: 'CITADELE_LV', userLanguage: 'lv' });
    expect(selected.status).toBe(200);
    const atBank = await fetch(selected.body.data.redirectUrl, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'refuse' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    const callback = new URL(atBank.headers.get('location') ?? '');
    const back = await coBorrower.get(`${callback.pathname}${callback.search}`);
    expect(back.status).toBe(303);
    const address = new URL(back.headers.get('location') ?? '');
    expect(address.searchParams.get('consentStatus')).not.toBe('APPROVED');
    expect(address.searchParams.get('role')).toBe('coborrower');
    expect((await coBorrower.post(`/api/v1/application-process/${externalId}/continue?role=coborrower`)).status).toBe(200);
  });

  it.each([
    ['remote identification', (id: string) => `/api/v1/identity/${id}`, { languageCode: 'lav' }],
    ['eParaksts, authenticating', (id: string) => `/api/v1/application/${id}/signing/eparaksts/authenticate`, { languageCode: 'lav', signingMethod: 'EPARAKSTS' }],
    ['eParaksts, signing', (id: string) => `/api/v1/application/${id}/signing/eparaksts/sign`, {}],
    ['the bank payment', (id: string) => `/api/v1/application/${id}/signing`, { method: 'PAYMENT', selectedBankBic: 'HABALV22' }],
  ] as const)('%s is never started from his session: no return of his to lose the role', async (_party, path, body) => {
    const { applicant, coBorrower, externalId } = await coBorrowerAtOpenBanking(lv);
    const refused = await coBorrower.post<ApiErrorBody>(path(externalId), body);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('NOT_FOUND');
    // The application is the applicant's to identify and sign for: her session is not told it does not exist.
    expect((await applicant.post(path(externalId), body)).status).not.toBe(404);
  });
});
