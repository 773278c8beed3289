import { describe, expect, it } from 'vitest';
import { annulActiveApplications, annulApplication, loadActiveApplications } from '../../src/api/active-applications.api';
import {
  continueApplication,
  createApplication,
  previousExternalId,
  saveDraft,
  saveDraftOnPageLeave,
  submitStep,
} from '../../src/api/application.api';
import { checkAllFlags, checkFlag, checkFlags } from '../../src/api/features.api';
import { calculateLoan } from '../../src/api/loan.api';
import { createCurrentAccount, fetchLoyaltySegment, fetchPartnerParameters } from '../../src/api/pricing.api';
import { extendSession, getSession, heartbeat } from '../../src/api/session.api';
import { ApiError, MALFORMED_RESPONSE, setEmbeddedAuth, toAppError } from '../../src/api/client';
import type { TaskResponse } from '../../core/wire/application.schema';
import { useTestServerWithClient } from './test-server';

const server = useTestServerWithClient({ retryBaseDelayMs: 1 });

const task: TaskResponse = {
  externalId: 'ext-1',
  taskDefinitionKey: 'createApplicationStep',
  version: 3,
  stepCount: 1,
  application: {
    externalId: 'ext-1',
    businessDomain: 'retail-banking-ee',
    currency: 'EUR',
    creditConditions: { loanAmount: 3000, loanPeriod: 36, productName: 'SMALL_LOAN' },
    relatedPersons: { persons: [], relations: [] },
  },
  draft: null,
};

const submission = {
  taskDefinitionKey: 'createApplicationStep',
  version: 3,
  application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} },
  variables: {},
};

describe('application process', () => {
  it('creates an application with the captcha token header', async () => {
    server.reply({ status: 201, json: { data: task } });
    const request = { application: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000 } } };
    await expect(createApplication(request, { captchaToken: 'cap' })).resolves.toEqual(task);
    const [sent] = server.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url.pathname).toBe('/api/v1/application-process');
    expect(sent?.headers['x-captcha-token']).toBe('cap');
    expect(sent?.body).toEqual(request);
  });

  it('submits a step with its idempotency key and returns the new task', async () => {
    server.reply({ dropConnection: true }, { json: { data: { ...task, taskDefinitionKey: 'viewThankYouPage' } } });
    const next = await submitStep({ externalId: 'ext/1', submission, idempotencyKey: 'idem-1' });
    expect(next.taskDefinitionKey).toBe('viewThankYouPage');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.url.pathname).toBe('/api/v1/application-process/ext%2F1/step');
    expect(server.requests[1]?.headers['idempotency-key']).toBe('idem-1');
    expect(server.requests[1]?.body).toEqual(submission);
  });

  it('fails a task reply that breaks the contract with a typed error', async () => {
    server.reply({ json: { data: { ...task, stepCount: 'one' } } });
    const error = await submitStep({ externalId: 'ext-1', submission, idempotencyKey: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(toAppError(error)).toMatchObject({ kind: 'server', code: MALFORMED_RESPONSE });
  });

  it('saves a draft with PUT and returns its version', async () => {
    server.reply({ json: { data: { version: 4 } } });
    const saved = await saveDraft({ externalId: 'ext-1', taskDefinitionKey: 'createApplicationStep', version: 3, data: { firstName: 'Mari' } });
    expect(saved).toEqual({ version: 4 });
    expect(server.requests[0]).toMatchObject({
      method: 'PUT',
      body: { taskDefinitionKey: 'createApplicationStep', version: 3, data: { firstName: 'Mari' } },
    });
  });

  it('saves a draft on page leave without waiting or throwing', async () => {
    server.reply({ status: 503, text: 'busy' });
    saveDraftOnPageLeave({ externalId: 'ext-1', taskDefinitionKey: 'createApplicationStep', version: 3, data: {} });
    await expect.poll(() => server.requests.length).toBe(1);
    expect(server.requests[0]?.method).toBe('PUT');
  });

  it('continues an application as the applicant by default', async () => {
    server.reply({ json: { data: task } });
    await continueApplication('ext-1');
    expect(server.requests[0]?.url.pathname).toBe('/api/v1/application-process/ext-1/continue');
    expect(server.requests[0]?.url.searchParams.get('role')).toBe('applicant');
  });

  it('continues with the parent page role when embedded', async () => {
    server.reply({ json: { data: task } });
    setEmbeddedAuth({ token: 'parent-token', role: 'coborrower' });
    await continueApplication('ext-1');
    expect(server.requests[0]?.url.searchParams.getAll('role')).toEqual(['coborrower']);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer parent-token');
  });

  it('reads the previous external id', async () => {
    server.reply({ json: { data: { externalId: null } } });
    await expect(previousExternalId(null)).resolves.toBeNull();
    expect(server.requests[0]?.url.pathname).toBe('/api/v1/application/previous-external-id');
    expect(server.requests[0]?.url.search).toBe('');
  });

  it("reads the previous external id of the link's product only (decision 239)", async () => {
    server.reply({ json: { data: { externalId: 'ext-car' } } });
    await expect(previousExternalId('CAR_LOAN')).resolves.toBe('ext-car');
    expect(server.requests[0]?.url.pathname).toBe('/api/v1/application/previous-external-id');
    expect(server.requests[0]?.url.searchParams.get('productName')).toBe('CAR_LOAN');
  });
});

describe('active applications (decision 121)', () => {
  const summary = { externalId: 'old-1', reference: 'OLD1', productName: 'CAR_LOAN', loanAmount: 12000, createdAt: '2025-03-05T10:00:00.000Z' };

  it('reads the other open application for the current one', async () => {
    const answer = { activeApplication: summary, canBeRelatedPerson: false, relatedApplication: null };
    server.reply({ json: { data: answer } });
    await expect(loadActiveApplications('new-1')).resolves.toEqual(answer);
    expect(server.requests[0]?.method).toBe('POST');
    expect(server.requests[0]?.url.pathname).toBe('/api/v1/active-applications');
    expect(server.requests[0]?.body).toEqual({ externalId: 'new-1' });
  });

  it('annuls the other applications, and the current one, each sent once (not retried: a repeat answers 404)', async () => {
    server.reply({ json: { data: { annulled: 1 } } });
    await expect(annulActiveApplications('new-1')).resolves.toEqual({ annulled: 1 });
    expect(server.requests[0]?.method).toBe('POST');
    expect(server.requests[0]?.url.pathname).toBe('/api/v1/active-applications/annul');
    expect(server.requests[0]?.body).toEqual({ externalId: 'new-1' });

    server.reply({ status: 503, json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } });
    await expect(annulActiveApplications('new-1').catch(toAppError)).resolves.toMatchObject({ kind: 'server', status: 503 });
    expect(server.requests).toHaveLength(2);

    server.reply({ json: { data: { externalId: 'ext/1' } } });
    await expect(annulApplication('ext/1')).resolves.toEqual({ externalId: 'ext/1' });
    expect(server.requests[2]?.method).toBe('POST');
    expect(server.requests[2]?.url.pathname).toBe('/api/v1/application-process/ext%2F1/annul');

    server.reply({ status: 503, json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } });
    await expect(annulApplication('ext/1').catch(toAppError)).resolves.toMatchObject({ kind: 'server', status: 503 });
    expect(server.requests).toHaveLength(4);
  });

  it('refuses an answer that breaks the contract', async () => {
    server.reply({ json: { data: { activeApplication: { ...summary, createdAt: 'yesterday' }, canBeRelatedPerson: false, relatedApplication: null } } });
    await expect(loadActiveApplications('new-1').catch(toAppError)).resolves.toMatchObject({ kind: 'server', code: MALFORMED_RESPONSE });
  });
});

describe('session, flags and calculation', () => {
  it('reads and extends the session and beats the heart', async () => {
    server.reply({ json: { data: { expiresAt: '2030-01-01T00:00:00.000Z', authenticated: false } } });
    await expect(getSession()).resolves.toEqual({ expiresAt: '2030-01-01T00:00:00.000Z', authenticated: false });
    await extendSession();
    server.reply({ json: { data: { alive: true } } });
    await expect(heartbeat()).resolves.toBe(true);
    expect(server.requests.map((r) => r.url.pathname)).toEqual(['/api/v1/session', '/api/v1/session/extend', '/api/session/heartbeat']);
  });

  it('checks feature flags', async () => {
    server.reply({ json: { data: { feature: 'captcha', enabled: true } } });
    await expect(checkFlag('captcha')).resolves.toBe(true);
    server.reply({ json: { data: { flags: { captcha: true, eparaksts: false } } } });
    await expect(checkFlags(['captcha', 'eparaksts'])).resolves.toEqual({ captcha: true, eparaksts: false });
    await expect(checkAllFlags()).resolves.toEqual({ captcha: true, eparaksts: false });
    expect(server.requests.map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['POST', '/api/v1/features/check-flag', { feature: 'captcha' }],
      ['POST', '/api/v1/features/check-flags', { features: ['captcha', 'eparaksts'] }],
      ['GET', '/api/v1/features/check-all-flags', undefined],
    ]);
  });

  it('calculates: every figure from the first item, payment day 15 by default', async () => {
    const figures = {
      monthlyPayment: 108.32,
      totalRepaymentAmount: 3899.67,
      totalAmountTransferredToAccount: 2925,
      contractConclusionFee: 75,
      monthlyFee: 3,
      totalCostOfCredit: 974.67,
      annualPercentageRate: 21.63,
    };
    server.reply({ json: { data: [figures] } });
    const result = await calculateLoan({
      currency: 'EUR', productType: 'CONSUMER_LOAN', maturity: 36, administrationFee: 3, conclusionFee: 75, amount: 3000, interestRate: 15.9,
    });
    expect(result).toEqual(figures);
    expect(server.requests[0]?.body).toMatchObject({ monthlyPaymentDay: 15, amount: 3000, productType: 'CONSUMER_LOAN' });
  });

  it('asks for pricing conditions on the v2 base and the partner calls on the api base', async () => {
    server.reply({ json: { data: { canSignDigitally: true } } });
    await expect(fetchPartnerParameters('partner-autoplaza')).resolves.toEqual({ canSignDigitally: true });
    server.reply({ json: { data: { segment: 'LOYALTY_SEGMENT_ONE' } } });
    await expect(fetchLoyaltySegment()).resolves.toBe('LOYALTY_SEGMENT_ONE');
    server.reply({ json: { data: { externalId: 'ext-9' } } });
    await expect(createCurrentAccount({ channel: 'WEB', campaignCode: 'SPRING' })).resolves.toBe('ext-9');
    expect(server.requests.map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['POST', '/api/partner/parameters', { id: 'partner-autoplaza' }],
      ['GET', '/api/v1/application-process/upsale/loyalty-segment', undefined],
      ['POST', '/api/current-account', { channel: 'WEB', campaignCode: 'SPRING' }],
    ]);
  });

  it('refuses an empty calculation', async () => {
    server.reply({ json: { data: [] } });
    const error = await calculateLoan({
      currency: 'EUR', productType: 'CONSUMER_LOAN', maturity: 36, administrationFee: 0, conclusionFee: 0, amount: 3000, interestRate: 15.9,
    }).catch(toAppError);
    expect(error).toMatchObject({ kind: 'server', code: MALFORMED_RESPONSE });
  });
});
