/**
 * Issue 25 item 2 (docs/decisions/188-channels-proven-not-declared.md, docs/partner-api.md): channels
 * that are proven, not declared. The server-to-server channels (partner API, partner remote, broker
 * API) create only with a valid API key of their own and answer a one-time, expiring link; a forged,
 * missing or another party's key creates nothing; the web app creates only its own channels; the
 * staff fields come only with a customer administrator's token. Keys are drawn at run time
 * (`POST /api/sandbox/api-keys`), never written here (decision 177).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { MESSAGES } from '../../core/validation/messages';
import contract from '../../src/steps/submitPersonalInfo/contract';
import { PUBLISHED_SECRET_SHA256 } from '../../server/config/published-secrets';
import { apiKeyHash, publishedApiKeyProblems } from '../../server/partner-api/api-keys';
import { PricingDataError, parsePricingData, pricingDataFile } from '../../server/pricing/pricing-data-file';
import { hostingPlatformOf } from '../../server/applications/channels';
import type { ApiClient } from './support/api-client';
import { CREATE_REQUEST, continuePath, stepPath } from './support/payloads';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };
interface Created {
  externalId: string;
  channel: string;
  link: { url: string; expiresAt: string };
}

const PARTNER_PATH = '/api/partner-api/applications';
const BROKER_PATH = '/api/broker-api/applications';
const ACCEPT_PATH = '/api/v1/invitations/accept';
/** The seeded partners of server/pricing/pricing-data.json, and its broker. */
const AUTOPLAZA = '10000001';
const OTHER_PARTNER = '10000002';
const BROKER = 'broker-finvia';

/** A key drawn now for a partner (by registration code) or the broker. */
async function drawKey(party: { partner: string; channel?: string } | { broker: string }): Promise<string> {
  const reply = await t.client().post<Data<{ key: string }>>('/api/sandbox/api-keys', party);
  if (reply.status !== 201) throw new Error(`drawing a key answered ${reply.status}: ${reply.text}`);
  return reply.body.data.key;
}

/** A server's call: no cookie, no Origin, its key in the Authorization header. */
function serverCall<T>(path: string, key: string | undefined, body: unknown = CREATE_REQUEST): Promise<{ status: number; body: T; headers: Headers; text: string }> {
  return t.client().post<T>(path, body, { withoutOrigin: true, headers: key === undefined ? {} : { authorization: `Bearer ${key}` } });
}

async function applicationCount(): Promise<number> {
  const rows = await t.database.db.query<{ n: number }>('select count(*)::int as n from applications');
  return rows[0]?.n ?? 0;
}

async function storedSource(externalId: string): Promise<Record<string, unknown>> {
  const rows = await t.database.db.query<{ data: { source: Record<string, unknown> } }>('select data from applications where external_id = $1', [externalId]);
  return rows[0]!.data.source;
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-1)!;

/** The applicant's browser opens the link: its session becomes the application's, at the current step. */
async function openLink(browser: ApiClient, url: string) {
  return browser.post<Data<{ externalId: string; role: string }> & ApiErrorBody>(ACCEPT_PATH, { token: tokenOf(url) });
}

describe('the server-to-server channels create with their own key and answer a one-time link', () => {
  it.each([
    { name: 'partner API', path: PARTNER_PATH, party: { partner: AUTOPLAZA }, channel: 'PARTNER_API', platform: 'PARTNER_SYSTEM' },
    { name: 'partner remote', path: PARTNER_PATH, party: { partner: AUTOPLAZA, channel: 'PARTNER_REMOTE' }, channel: 'PARTNER_REMOTE', platform: 'PARTNER_SYSTEM' },
    { name: 'broker API', path: BROKER_PATH, party: { broker: BROKER }, channel: 'BROKER_API', platform: 'BROKER_API' },
  ])('$name: the key decides the channel; the link opens the application once, for the browser that opens it', async ({ path, party, channel, platform }) => {
    const key = await drawKey(party);
    const created = await serverCall<Data<Created>>(path, key);
    expect(created.status, created.text).toBe(201);
    const { externalId, link } = created.body.data;
    expect(created.body.data.channel).toBe(channel);
    expect(link.url).toMatch(/^http:\/\/localhost\/invitation\/[A-Za-z0-9_-]{43}$/);
    // 24 hours from its creation (by the app's clock).
    const lifetime = new Date(link.expiresAt).getTime() - t.now().getTime();
    expect(lifetime).toBeLessThanOrEqual(24 * 3600 * 1000);
    expect(lifetime).toBeGreaterThan(23 * 3600 * 1000);
    // Not a browser endpoint: no session is made, no CORS header is sent.
    expect(created.headers.getSetCookie()).toEqual([]);
    expect(created.headers.get('access-control-allow-origin')).toBeNull();

    const source = await storedSource(externalId);
    expect(source).toMatchObject({ channel, applicationOrigin: channel, hostingPlatform: platform });
    if (channel === 'BROKER_API') expect(source['broker']).toEqual({ id: BROKER });
    else expect(source['partner']).toMatchObject({ id: 'partner-autoplaza', regCode: AUTOPLAZA });

    // Nobody reaches it before the link is opened, whoever knows its id.
    const stranger = t.client();
    expect((await stranger.post(continuePath(externalId))).status).toBe(404);

    const applicant = t.client();
    const opened = await openLink(applicant, link.url);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.data).toEqual({ externalId, role: 'APPLICANT' });
    const continued = await applicant.post<Data<TaskResponse>>(continuePath(externalId));
    expect(continued.status, continued.text).toBe(200);
    expect(continued.body.data.taskDefinitionKey).toBe('createApplicationStep');
    expect(continued.body.data.application.source?.channel).toBe(channel);
    // The applicant's own from then on: the application they continue on opening the app.
    const previous = await applicant.get<Data<{ externalId: string | null }>>('/api/v1/application/previous-external-id');
    expect(previous.body.data.externalId).toBe(externalId);

    // Once: the link opens nothing the second time, in any browser.
    expect((await openLink(t.client(), link.url)).status).toBe(404);
    expect((await openLink(applicant, link.url)).status).toBe(404);
  });

  it('a link not opened within 24 hours opens nothing (decision 195: 410 LINK_EXPIRED, the page says to ask for a new one)', async () => {
    const key = await drawKey({ partner: AUTOPLAZA });
    const created = await serverCall<Data<Created>>(PARTNER_PATH, key);
    expect(created.status).toBe(201);
    t.advance(24 * 3600 + 1);
    const opened = await openLink(t.client(), created.body.data.link.url);
    expect(opened.status).toBe(410);
  });

  it('takes the partner’s goods and terms, as from its link: the partner’s product, the goods’ price', async () => {
    const key = await drawKey({ partner: AUTOPLAZA });
    const created = await serverCall<Data<Created>>(PARTNER_PATH, key, {
      application: { creditConditions: { productName: 'SMALL_LOAN', loanPeriod: 36 }, partner: { goodsName: 'car', goodsPrice: 12000 }, languageCode: 'est' },
    });
    expect(created.status, created.text).toBe(201);
    const rows = await t.database.db.query<{ product_name: string; data: { creditConditions: { loanAmount: number } } }>('select product_name, data from applications where external_id = $1', [created.body.data.externalId]);
    expect(rows[0]).toMatchObject({ product_name: 'CAR_HIRE_PURCHASE', data: { creditConditions: { loanAmount: 12000 } } });
  });
});

describe('a key that does not prove the caller creates nothing', () => {
  it('refuses a missing, malformed, forged or unknown key with 401, saying nothing of which', async () => {
    const before = await applicationCount();
    const real = await drawKey({ partner: AUTOPLAZA });
    const keyId = /^solis_([a-z0-9-]+)_/.exec(real)![1]!;
    const forgedSecret = `solis_${keyId}_${randomBytes(32).toString('base64url')}`;
    const unknownId = `solis_nobody-${randomBytes(4).toString('hex')}_${randomBytes(32).toString('base64url')}`;
    for (const key of [undefined, '', 'not-a-key', real.slice(0, -1), forgedSecret, unknownId]) {
      for (const path of [PARTNER_PATH, BROKER_PATH]) {
        const reply = await serverCall<ApiErrorBody>(path, key);
        expect(reply.status, `${path} ${key}`).toBe(401);
        expect(reply.body.error.code).toBe('UNAUTHORIZED');
        expect(reply.text).not.toContain(keyId);
      }
    }
    // A session's cookie is no key either.
    const browser = t.client();
    await browser.startSession();
    expect((await browser.post(PARTNER_PATH, CREATE_REQUEST)).status).toBe(401);
    expect(await applicationCount()).toBe(before);
  });

  it('refuses another partner’s application, a broker key on the partner endpoint and the reverse, with 403', async () => {
    const before = await applicationCount();
    const partnerKey = await drawKey({ partner: AUTOPLAZA });
    const brokerKey = await drawKey({ broker: BROKER });
    const forOther = await serverCall<ApiErrorBody>(PARTNER_PATH, partnerKey, { application: { ...CREATE_REQUEST.application, partner: { regCode: OTHER_PARTNER } } });
    expect(forOther.status).toBe(403);
    expect(forOther.body.error.code).toBe('FORBIDDEN');
    // The other partner's own key does not create for the first one either.
    const otherKey = await drawKey({ partner: OTHER_PARTNER });
    expect((await serverCall(PARTNER_PATH, otherKey, { application: { ...CREATE_REQUEST.application, partner: { regCode: AUTOPLAZA } } })).status).toBe(403);
    expect((await serverCall(PARTNER_PATH, brokerKey)).status).toBe(403);
    expect((await serverCall(BROKER_PATH, partnerKey)).status).toBe(403);
    const brokerForPartner = await serverCall(BROKER_PATH, brokerKey, { application: { ...CREATE_REQUEST.application, partner: { regCode: AUTOPLAZA } } });
    expect(brokerForPartner.status).toBe(403);
    expect(await applicationCount()).toBe(before);
  });

  it('refuses a channel declared in the body other than the key’s (422): the key decides', async () => {
    const before = await applicationCount();
    const key = await drawKey({ partner: AUTOPLAZA });
    for (const channel of ['WEB', 'BROKER_API', 'PARTNER_REMOTE', 'INTERNAL']) {
      const reply = await serverCall<ApiErrorBody>(PARTNER_PATH, key, { application: { ...CREATE_REQUEST.application, source: { channel } } });
      expect(reply.status, channel).toBe(422);
      expect(reply.body.error.fieldErrors).toEqual({ 'application.source.channel': [MESSAGES.choiceInvalid] });
    }
    expect(await applicationCount()).toBe(before);
  });

  it('production: a key whose hash was ever published stops the start; a fresh one does not', () => {
    const published = [...PUBLISHED_SECRET_SHA256][0]!;
    const fresh = apiKeyHash(`solis_fresh-key_${randomBytes(32).toString('base64url')}`);
    const partners = [{ id: 'p', regCode: 'r', name: 'P', canSignDigitally: false, returnAddresses: [], products: [], apiCredentials: [{ keyId: 'old-key', sha256: published, channel: 'PARTNER_API' as const }] }];
    expect(publishedApiKeyProblems({ partners, brokers: [] })).toEqual([expect.stringContaining('old-key is a published one')]);
    expect(publishedApiKeyProblems({ partners, brokers: [{ id: 'b', name: 'B', apiCredentials: [{ keyId: 'new-key', sha256: fresh }] }] })).toHaveLength(1);
  });

  it('the product data file keeps hashes only, each key id and hash once', () => {
    const file = JSON.parse(readFileSync(pricingDataFile(), 'utf8')) as { partners: Array<Record<string, unknown>>; brokers: Array<Record<string, unknown>> };
    const sha256 = apiKeyHash(`solis_twice_${randomBytes(32).toString('base64url')}`);
    const twice = { ...file, brokers: [{ id: 'b1', name: 'B1', apiCredentials: [{ keyId: 'same-id', sha256 }] }, { id: 'b2', name: 'B2', apiCredentials: [{ keyId: 'same-id', sha256 }] }] };
    expect(() => parsePricingData(twice)).toThrow(PricingDataError);
    const clear = { ...file, brokers: [{ id: 'b1', name: 'B1', apiCredentials: [{ keyId: 'clear-key', sha256: 'solis_clear-key_notahash' }] }] };
    expect(() => parsePricingData(clear)).toThrow(/sha256/);
  });
});

describe('the web app creates only its own channels', () => {
  const create = (client: ApiClient, channel: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    client.post<Data<TaskResponse> & ApiErrorBody>('/api/v1/application-process', { application: { ...CREATE_REQUEST.application, source: { channel }, ...extra } }, { headers });

  it.each(['INTERNAL', 'BROKER_API', 'PARTNER_API', 'PARTNER_REMOTE', 'PARTNER_SHORT', 'PARTNER_LANDING_PAGE', 'PARTNER_HOSTED_FLOW', 'PARTNER'])(
    'refuses a self-declared %s (422 on the channel), creating nothing',
    async (channel) => {
      const before = await applicationCount();
      const reply = await create(t.client(), channel);
      expect(reply.status).toBe(422);
      expect(reply.body.error.fieldErrors).toEqual({ 'application.source.channel': [MESSAGES.choiceInvalid] });
      expect(reply.headers.getSetCookie()).toEqual([]);
      expect(await applicationCount()).toBe(before);
    },
  );

  it('refuses them on the upsale and current-account calls too', async () => {
    const upsale = await t.client().post<ApiErrorBody>('/api/v1/application-process/upsale', { application: { ...CREATE_REQUEST.application, source: { channel: 'BROKER_API' } } });
    expect(upsale.status).toBe(422);
    const account = await t.client().post<ApiErrorBody>('/api/current-account', { channel: 'PARTNER_API' });
    expect(account.status).toBe(422);
    const own = await t.client().post<Data<{ externalId: string }>>('/api/current-account', { channel: 'WEB' });
    expect(own.status).toBe(201);
    expect(await storedSource(own.body.data.externalId)).toMatchObject({ channel: 'WEB', hostingPlatform: 'HOMEPAGE' });
  });

  it('records WEB on the homepage; a registered partner’s link proves its channel, whatever partner channel was declared', async () => {
    const web = await create(t.client(), 'WEB');
    expect(await storedSource(web.body.data.externalId)).toMatchObject({ channel: 'WEB', hostingPlatform: 'HOMEPAGE' });
    const linked = await create(t.client(), 'PARTNER', { partner: { regCode: AUTOPLAZA } });
    expect(linked.status, linked.text).toBe(201);
    expect(await storedSource(linked.body.data.externalId)).toMatchObject({ channel: 'PARTNER_HOSTED_FLOW', hostingPlatform: 'PARTNER_SYSTEM' });
    // A partner's link does not make a server-to-server channel.
    expect((await create(t.client(), 'PARTNER_API', { partner: { regCode: AUTOPLAZA } })).status).toBe(422);
  });

  it('lets a customer administrator’s token create INTERNAL, in the back office; another token may not', async () => {
    const token = async (userGroups: string[]) => (await t.client().post<Data<{ token: string }>>('/api/sandbox/token', { userGroups })).body.data.token;
    const staff = await create(t.client(), 'INTERNAL', {}, { authorization: `Bearer ${await token(['loan-specialist'])}` });
    expect(staff.status, staff.text).toBe(201);
    expect(await storedSource(staff.body.data.externalId)).toMatchObject({ channel: 'INTERNAL', hostingPlatform: 'APPLICATION_BACK_OFFICE' });
    const customer = await create(t.client(), 'INTERNAL', {}, { authorization: `Bearer ${await token(['some-other-group'])}` });
    expect(customer.status).toBe(422);
  });

  it('derives each hosting platform of section 6 from the channel', () => {
    expect(['WEB', 'INTERNAL', 'PARTNER_HOSTED_FLOW', 'PARTNER_SHORT', 'PARTNER_LANDING_PAGE', 'PARTNER_API', 'PARTNER_REMOTE', 'BROKER_API'].map(hostingPlatformOf)).toEqual([
      'HOMEPAGE',
      'APPLICATION_BACK_OFFICE',
      'PARTNER_SYSTEM',
      'PARTNER_SYSTEM',
      'PARTNER_SYSTEM',
      'PARTNER_SYSTEM',
      'PARTNER_SYSTEM',
      'BROKER_API',
    ]);
  });
});

describe('the call centre and office channels come only with a customer administrator’s token', () => {
  const ADMIN_CONTEXT = { domain: 'retail-banking-ee' as const, role: 'APPLICANT' as const, locale: 'en' as const, prefill: { customerAdministrator: true } };

  /** SubmitPersonalInfo as the administrator's form builds it, for this creation channel and loan. */
  function personalInfo(version: number, channel: 'CALL_CENTER' | 'OFFICE', productName: string) {
    const values = { ...contract.example!(ADMIN_CONTEXT), channel: 'CALL_CENTER', productName };
    const wire = v.parse(contract.formSchema(ADMIN_CONTEXT) as v.GenericSchema, values);
    const application = contract.toPayload(wire as never, ADMIN_CONTEXT);
    // The office's choice set on the wire (the form itself would not offer a car loan at the office).
    const source = application.applicationUpdates['source'] as Record<string, unknown>;
    source['creationChannel'] = channel;
    return { taskDefinitionKey: 'submitPersonalInfo', version, application, variables: {} };
  }

  async function atPersonalInfo(client: ApiClient, headers: Record<string, string> = {}): Promise<TaskResponse> {
    const seeded = await client.post<Data<TaskResponse>>(
      '/api/sandbox/applications',
      { taskDefinitionKey: 'submitPersonalInfo', productName: 'SMALL_LOAN', previousTasks: ['createApplicationStep'] },
      { headers },
    );
    if (seeded.status !== 201) throw new Error(`seeding answered ${seeded.status}: ${seeded.text}`);
    return seeded.body.data;
  }

  it('refuses the staff section from anyone else, on each field, changing nothing', async () => {
    const client = t.client();
    const task = await atPersonalInfo(client);
    const sent = await client.post<ApiErrorBody>(stepPath(task.externalId), personalInfo(task.version, 'CALL_CENTER', 'SMALL_LOAN'));
    expect(sent.status).toBe(422);
    expect(sent.body.error.fieldErrors).toEqual({
      'applicationUpdates.source.channel': [MESSAGES.choiceInvalid],
      'applicationUpdates.source.creationChannel': [MESSAGES.choiceInvalid],
      'applicationUpdates.source.customerIdentified': [MESSAGES.choiceInvalid],
    });
    expect(await storedSource(task.externalId)).toMatchObject({ channel: 'WEB' });
    expect(await storedSource(task.externalId)).not.toHaveProperty('creationChannel');
  });

  it('takes it from a customer administrator: the call centre any retail loan, the office the small loan only', async () => {
    const token = (await t.client().post<Data<{ token: string }>>('/api/sandbox/token', { userGroups: ['customer-administrator-estonia'] })).body.data.token;
    const headers = { authorization: `Bearer ${token}` };
    const client = t.client();
    const office = await atPersonalInfo(client, headers);
    const refused = await client.post<ApiErrorBody>(stepPath(office.externalId), personalInfo(office.version, 'OFFICE', 'CAR_LOAN'), { headers });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldErrors?.['applicationUpdates.creditConditions.productName']).toEqual([MESSAGES.choiceInvalid]);

    const callCentre = await atPersonalInfo(client, headers);
    const sent = await client.post(stepPath(callCentre.externalId), personalInfo(callCentre.version, 'CALL_CENTER', 'CAR_LOAN'), { headers });
    expect(sent.status, sent.text).toBe(200);
    expect(await storedSource(callCentre.externalId)).toMatchObject({ channel: 'INTERNAL', creationChannel: 'CALL_CENTER', customerIdentified: true, hostingPlatform: 'APPLICATION_BACK_OFFICE' });

    const smallLoan = await atPersonalInfo(client, headers);
    const atOffice = await client.post(stepPath(smallLoan.externalId), personalInfo(smallLoan.version, 'OFFICE', 'SMALL_LOAN'), { headers });
    expect(atOffice.status, atOffice.text).toBe(200);
    expect(await storedSource(smallLoan.externalId)).toMatchObject({ creationChannel: 'OFFICE' });
  });
});
