import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { TrackingReply } from '../../core/wire/tracking.schema';
import { startTestApp, type TestApp } from './support/test-app';
import { CREATE_REQUEST, MARI, createApplication, createApplicationStep, stepPath } from './support/payloads';

/**
 * Issue 25 item 3 (docs/decisions/190): the application's `source.metaData.tracking`, kept only
 * with the applicant's consent, never with a personal code, an e-mail, a phone number or a name,
 * read back from the database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.database.dispose());

type Data<T> = { data: T };
const DAY_MS = 24 * 60 * 60 * 1000;
// The tables of `it.each` are built before the app starts: the wall clock then.
const now = () => (t ? t.now() : new Date());
const trackingPath = (externalId: string) => `/api/v1/application-process/${externalId}/tracking`;

function consent(basis: 'marketingConsent' | 'cookieBanner' = 'cookieBanner') {
  return { basis, givenAt: now().toISOString() };
}

function fullTracking(clickedAt: Date = now()) {
  return {
    consent: consent(),
    channel: 'paid-search',
    source: 'google',
    medium: 'cpc',
    campaign: 'spring_sale',
    keyword: 'small loan',
    content: 'banner-a',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    analyticsIds: { app: '0f8fad5b-d9cb-469f-a165-70867728950e', webAnalytics: '1234567890.1732800000' },
    adClick: { parameter: 'gclid', id: 'EAIaIQobChMI_ad-click', clickedAt: clickedAt.toISOString() },
    screen: { width: 390, height: 844 },
    viewport: { width: 390, height: 664 },
  };
}

async function storedData(externalId: string): Promise<{ data: Record<string, unknown>; version: number; text: string }> {
  const rows = await t.database.db.query<{ data: Record<string, unknown>; version: number }>('select data, version from applications where external_id = $1', [externalId]);
  const row = rows[0];
  if (!row) throw new Error('no application');
  return { ...row, text: JSON.stringify(row.data) };
}

async function createWith(tracking: unknown): Promise<{ status: number; externalId: string }> {
  const reply = await t.client().post<Data<TaskResponse>>('/api/v1/application-process', { application: { ...CREATE_REQUEST.application, source: { channel: 'WEB', tracking } } });
  return { status: reply.status, externalId: reply.body.data?.externalId };
}

/** An application whose applicant gave Mari's name, code, e-mail and phone on the first step. */
async function applicationWithMari() {
  const client = t.client();
  const created = await createApplication(client);
  const step = await client.post<Data<TaskResponse>>(stepPath(created.externalId), createApplicationStep(created.version));
  expect(step.status).toBe(200);
  return { client, externalId: created.externalId };
}

describe('on creation', () => {
  it('keeps the consented tracking, the ad click with its expiry 90 days after the cookie time', async () => {
    const clickedAt = new Date(t.now().getTime() - 10 * DAY_MS);
    const expected = fullTracking(clickedAt);
    const { status, externalId } = await createWith({ ...expected, unknownKey: 'dropped' });
    expect(status).toBe(201);
    const { data } = await storedData(externalId);
    expect(data['sourceMetaData']).toEqual({
      tracking: { ...expected, adClick: { ...expected.adClick, expiresAt: new Date(clickedAt.getTime() + 90 * DAY_MS).toISOString() } },
    });
  });

  it('keeps nothing without a consent: not the campaign, not the ad click', async () => {
    const { consent: _consent, ...withoutConsent } = fullTracking();
    const { status, externalId } = await createWith(withoutConsent);
    expect(status).toBe(201);
    expect((await storedData(externalId)).data['sourceMetaData']).toEqual({});
  });

  it('keeps no ad click whose 90 days are over, nor one stamped in the future', async () => {
    const expired = await createWith(fullTracking(new Date(t.now().getTime() - 90 * DAY_MS - 1000)));
    const future = await createWith(fullTracking(new Date(t.now().getTime() + DAY_MS)));
    for (const { externalId } of [expired, future]) {
      const tracking = ((await storedData(externalId)).data['sourceMetaData'] as { tracking: Record<string, unknown> }).tracking;
      expect(tracking).not.toHaveProperty('adClick');
      expect(tracking['campaign']).toBe('spring_sale');
    }
  });

  it.each([
    ['an array for the tracking', []],
    ['an array for the screen', { ...fullTracking(), screen: [390, 844] }],
    ['an array for the ids', { ...fullTracking(), analyticsIds: ['x'] }],
    ['a fraction of a pixel', { ...fullTracking(), viewport: { width: 390.5, height: 664 } }],
    ['a user agent of 513 characters', { ...fullTracking(), userAgent: 'a'.repeat(513) }],
    ['an unknown ad network', { ...fullTracking(), adClick: { ...fullTracking().adClick, parameter: 'yclid' } }],
    ['an ad click id with a space', { ...fullTracking(), adClick: { ...fullTracking().adClick, id: 'a b' } }],
    ['a consent without its time', { ...fullTracking(), consent: { basis: 'cookieBanner' } }],
    ['a consent of another kind', { ...fullTracking(), consent: { basis: 'silence', givenAt: now().toISOString() } }],
  ])('refuses %s, and creates nothing', async (_, tracking) => {
    const { status } = await createWith(tracking);
    expect(status).toBe(422);
  });

  it('drops a personal code, an e-mail or a phone number in any free text, before any name is known', async () => {
    for (const value of [MARI.personalCode, '320190-12345', MARI.email, 'mari%40example.com', '+372 5123 4567', '51234567']) {
      const tracking = { ...fullTracking(), channel: value, source: value, medium: value, campaign: value, keyword: value, content: value, userAgent: `Mozilla/5.0 ${value}` };
      // An ad click id has no `@`, `%` or space: such a value is refused whole (422) there.
      const fitsAdClickId = /^[A-Za-z0-9_.~-]+$/.test(value);
      const { status, externalId } = await createWith(fitsAdClickId ? { ...tracking, adClick: { ...tracking.adClick, id: value } } : tracking);
      expect(status).toBe(201);
      const { text } = await storedData(externalId);
      expect(text).not.toContain(value);
      const digits = value.replace(/\D/g, '');
      if (digits.length >= 7) expect(text).not.toContain(digits);
      expect(text).toContain('"screen"');
      if (!fitsAdClickId) expect((await createWith({ ...tracking, adClick: { ...tracking.adClick, id: value } })).status).toBe(422);
    }
  });
});

describe('PUT .../tracking: a consent given later', () => {
  it('keeps the tracking without changing the application version, and replaces it when sent again', async () => {
    const { client, externalId } = await applicationWithMari();
    const before = await storedData(externalId);
    const reply = await client.put<Data<TrackingReply>>(trackingPath(externalId), { tracking: fullTracking() });
    expect(reply.status).toBe(200);
    expect(reply.body.data.dropped).toEqual([]);
    const after = await storedData(externalId);
    expect(after.version).toBe(before.version);
    expect(after.data['sourceMetaData']).toMatchObject({ tracking: { campaign: 'spring_sale', consent: { basis: 'cookieBanner' } } });

    await client.put(trackingPath(externalId), { tracking: { consent: consent('marketingConsent'), source: 'newsletter' } });
    expect((await storedData(externalId)).data['sourceMetaData']).toEqual({ tracking: { consent: expect.objectContaining({ basis: 'marketingConsent' }), source: 'newsletter' } });
  });

  it('never keeps the applicant’s personal code, name, e-mail or phone, pushed into every field', async () => {
    const { client, externalId } = await applicationWithMari();
    const personal = [MARI.personalCode, MARI.firstName, MARI.surname, `${MARI.firstName} ${MARI.surname}`, MARI.email, `${MARI.phoneNumber.code}${MARI.phoneNumber.number}`, MARI.phoneNumber.number];
    for (const value of personal) {
      const free = { ...fullTracking(), channel: value, source: value, medium: value, campaign: `spring-${value}`, keyword: value, content: value, userAgent: `Mozilla/5.0 (${value})` };
      const safeId = value.replace(/[^A-Za-z0-9_.~-]/g, '');
      const reply = await client.put<Data<TrackingReply>>(trackingPath(externalId), { tracking: { ...free, adClick: { ...free.adClick, id: `x_${safeId}` } } });
      expect(reply.status).toBe(200);
      expect(reply.body.data.dropped).toEqual(expect.arrayContaining(['adClick', 'campaign', 'channel', 'content', 'keyword', 'medium', 'source', 'userAgent']));
      // The ids have formats no personal data fits: refused whole.
      for (const ids of [{ app: value }, { webAnalytics: value }]) {
        expect((await client.put(trackingPath(externalId), { tracking: { ...fullTracking(), analyticsIds: ids } })).status).toBe(422);
      }
      expect((await client.put(trackingPath(externalId), { tracking: { ...fullTracking(), consent: { basis: value, givenAt: value } } })).status).toBe(422);
      const { text } = await storedData(externalId);
      const tracking = JSON.stringify((await storedData(externalId)).data['sourceMetaData']);
      expect(tracking).not.toContain(value);
      expect(tracking).not.toContain(safeId);
      // The person's own data is where it belongs (sealed at rest), not in the tracking.
      expect(text).toContain('"screen"');
    }
  });

  it('with a withdrawn consent (DELETE), nothing of the tracking stays', async () => {
    const { client, externalId } = await applicationWithMari();
    await client.put(trackingPath(externalId), { tracking: fullTracking() });
    const reply = await client.delete(trackingPath(externalId));
    expect(reply.status).toBe(200);
    expect((await storedData(externalId)).data['sourceMetaData']).toEqual({});
    // Sent without a consent, it removes what was kept too.
    await client.put(trackingPath(externalId), { tracking: fullTracking() });
    const { consent: _consent, ...withoutConsent } = fullTracking();
    expect((await client.put<Data<TrackingReply>>(trackingPath(externalId), { tracking: withoutConsent })).body.data.stored).toEqual([]);
    expect((await storedData(externalId)).data['sourceMetaData']).toEqual({});
  });

  it('is the owner’s only: another browser gets 404 and changes nothing', async () => {
    const { externalId } = await applicationWithMari();
    const stranger = t.client();
    expect((await stranger.put(trackingPath(externalId), { tracking: fullTracking() })).status).toBe(404);
    expect((await stranger.delete(trackingPath(externalId))).status).toBe(404);
    expect((await storedData(externalId)).data['sourceMetaData']).toEqual({});
  });
});
