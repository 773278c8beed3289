import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { annuityMonthlyPayment } from '../../core/domain/pricing';
import { FEATURE_FLAGS } from '../../server/features/feature-flags';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ FEATURE_FLAGS: 'greenLeasing, paymentSigning' });
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };

describe('feature flags (section 6)', () => {
  it('answers one flag from configuration; unknown flags are off', async () => {
    const client = t.client();
    const on = await client.post<Data<unknown>>('/api/v1/features/check-flag', { feature: 'greenLeasing' });
    expect(on.body.data).toEqual({ feature: 'greenLeasing', enabled: true });
    const off = await client.post<Data<unknown>>('/api/v1/features/check-flag', { feature: 'captcha' });
    expect(off.body.data).toEqual({ feature: 'captcha', enabled: false });
    const unknown = await client.post<Data<unknown>>('/api/v1/features/check-flag', { feature: 'notAFlag' });
    expect(unknown.body.data).toEqual({ feature: 'notAFlag', enabled: false });
  });

  it('answers several flags, and all of them', async () => {
    const client = t.client();
    const some = await client.post<Data<unknown>>('/api/v1/features/check-flags', { features: ['paymentSigning', 'renewableLoan'] });
    expect(some.body.data).toEqual({ flags: { paymentSigning: true, renewableLoan: false } });
    const all = await client.get<Data<{ flags: Record<string, boolean> }>>('/api/v1/features/check-all-flags');
    expect(Object.keys(all.body.data.flags).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(Object.entries(all.body.data.flags).filter(([, enabled]) => enabled).map(([flag]) => flag).sort()).toEqual(['greenLeasing', 'paymentSigning']);
  });

  it('refuses a malformed flag request', async () => {
    const reply = await t.client().post<ApiErrorBody>('/api/v1/features/check-flags', { features: 'greenLeasing' });
    expect(reply.status).toBe(422);
    expect(reply.body.error.fieldErrors).toHaveProperty('features');
  });
});

describe('loan calculation (section 7)', () => {
  const request = { currency: 'EUR', productType: 'CONSUMER_LOAN', maturity: 36, administrationFee: 0, conclusionFee: 0, amount: 3000, interestRate: 15.9 };

  it('answers the annuity monthly payment as the first item', async () => {
    const reply = await t.client().post<Data<{ monthlyPayment: number; totalRepaymentAmount: number }[]>>('/api/v1/loan/calculate', request);
    expect(reply.status).toBe(200);
    const expected = annuityMonthlyPayment({ amount: 3000, periodMonths: 36, annualInterestRate: 15.9 });
    expect(reply.body.data[0]?.monthlyPayment).toBe(expected);
    expect(expected).toBeCloseTo(105.32, 2);
  });

  it('refuses values outside the contract with field errors', async () => {
    const reply = await t.client().post<ApiErrorBody>('/api/v1/loan/calculate', { ...request, maturity: 0, currency: 'USD' });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.error.fieldErrors ?? {}).sort()).toEqual(['currency', 'maturity']);
  });
});

describe('session calls', () => {
  it('reads, extends and beats', async () => {
    const client = t.client();
    await client.startSession();
    const session = await client.get<Data<{ expiresAt: string; authenticated: boolean }>>('/api/v1/session');
    expect(session.body.data).toEqual({ expiresAt: session.headers.get('x-session-expires-at'), authenticated: false });
    const extended = await client.get<Data<{ expiresAt: string; authenticated: boolean }>>('/api/v1/session/extend');
    expect(extended.body.data.authenticated).toBe(false);
    const heartbeat = await client.get<Data<{ alive: boolean }>>('/api/session/heartbeat');
    expect(heartbeat.body.data).toEqual({ alive: true });
  });

  it('answers an unknown API path with 404 NOT_FOUND as JSON', async () => {
    const reply = await t.client().get<ApiErrorBody>('/api/v2/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.body.error.code).toBe('NOT_FOUND');
  });
});
