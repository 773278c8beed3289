/**
 * Issue 25 item 3 (docs/decisions/190): the collector of section 3's analytics data, on a clock of
 * its own. The ad click counts for 90 days after its cookie time (section 9).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AD_CLICK_COOKIE, APP_ID_COOKIE, clearingCookies, collectInBrowser, collectTracking, type CollectorEnvironment } from './collector';
import type { RememberedConsent } from './consent-cookie';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-28T12:00:00.000Z');
const CONSENT: RememberedConsent = { choice: 'granted', basis: 'cookieBanner', at: NOW.getTime() - 1000 };
const APP_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function environment(overrides: Partial<CollectorEnvironment> = {}): CollectorEnvironment {
  return {
    userAgent: UA,
    screen: { width: 390, height: 844 },
    viewport: { width: 390, height: 664.4 },
    cookie: '',
    now: NOW,
    newId: () => APP_ID,
    secure: true,
    ...overrides,
  };
}

describe('collectTracking', () => {
  it('collects the user agent, the sizes, the ids and the link’s campaign, with the consent it was given under', () => {
    const { tracking, cookies } = collectTracking(environment({ cookie: '_ga=GA1.1.1234567890.1732800000; other=1' }), CONSENT, {
      source: 'google',
      medium: 'cpc',
      campaign: 'spring',
      keyword: 'small loan',
      channel: 'search',
      content: 'a',
    });
    expect(tracking).toEqual({
      consent: { basis: 'cookieBanner', givenAt: new Date(CONSENT.at).toISOString() },
      source: 'google',
      medium: 'cpc',
      campaign: 'spring',
      keyword: 'small loan',
      channel: 'search',
      content: 'a',
      userAgent: UA,
      analyticsIds: { app: APP_ID, webAnalytics: '1234567890.1732800000' },
      screen: { width: 390, height: 844 },
      viewport: { width: 390, height: 664 },
    });
    // The app's own id is kept for the next visit: a random id, nothing of the person.
    expect(cookies).toEqual([`${APP_ID_COOKIE}=${APP_ID}; Max-Age=${395 * 24 * 60 * 60}; Path=/; SameSite=Lax; Secure`]);
  });

  it('keeps the app id it set before, and writes no cookie for it again', () => {
    const other = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const { tracking, cookies } = collectTracking(environment({ cookie: `${APP_ID_COOKIE}=${other}`, secure: false }), CONSENT);
    expect(tracking.analyticsIds).toEqual({ app: other });
    expect(cookies).toEqual([]);
  });

  it('keeps an ad click of the link from now, in a cookie that lasts its 90 days', () => {
    const { tracking, cookies } = collectTracking(environment({ cookie: `${APP_ID_COOKIE}=${APP_ID}` }), CONSENT, { gclid: 'EAIaIQobChMI_x-1' });
    expect(tracking.adClick).toEqual({ parameter: 'gclid', id: 'EAIaIQobChMI_x-1', clickedAt: NOW.toISOString() });
    expect(cookies).toEqual([`${AD_CLICK_COOKIE}=gclid.EAIaIQobChMI_x-1.${NOW.getTime()}; Max-Age=${90 * 24 * 60 * 60}; Path=/; SameSite=Lax; Secure`]);
  });

  it('sends the ad click of the cookie until 90 days after the cookie time, then removes the cookie', () => {
    const cookieTime = new Date(NOW.getTime() - 30 * DAY_MS);
    const cookie = `${APP_ID_COOKIE}=${APP_ID}; ${AD_CLICK_COOKIE}=fbclid.IwAR3x_y.${cookieTime.getTime()}`;
    const at = (ms: number) => collectTracking(environment({ cookie, now: new Date(cookieTime.getTime() + ms) }), CONSENT);

    expect(at(90 * DAY_MS - 1).tracking.adClick).toEqual({ parameter: 'fbclid', id: 'IwAR3x_y', clickedAt: cookieTime.toISOString() });
    expect(at(90 * DAY_MS - 1).cookies).toEqual([]);
    const expired = at(90 * DAY_MS);
    expect(expired.tracking).not.toHaveProperty('adClick');
    expect(expired.cookies).toEqual([`${AD_CLICK_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax; Secure`]);
  });

  it('a new click in the link replaces the one kept before, with a new cookie time', () => {
    const cookie = `${APP_ID_COOKIE}=${APP_ID}; ${AD_CLICK_COOKIE}=gclid.old.${NOW.getTime() - DAY_MS}`;
    expect(collectTracking(environment({ cookie }), CONSENT, { msclkid: 'new1' }).tracking.adClick).toEqual({ parameter: 'msclkid', id: 'new1', clickedAt: NOW.toISOString() });
  });

  it.each([
    ['a malformed ad click cookie', { cookie: `${AD_CLICK_COOKIE}=gclid` }, 'adClick'],
    ['an unknown network in the cookie', { cookie: `${AD_CLICK_COOKIE}=yclid.abc.${NOW.getTime()}` }, 'adClick'],
    ['a user agent over 512 characters', { userAgent: 'a'.repeat(513) }, 'userAgent'],
    ['a screen of no size', { screen: { width: 0, height: 0 } }, 'screen'],
    ['a viewport of NaN', { viewport: { width: Number.NaN, height: 600 } }, 'viewport'],
  ])('leaves out %s', (_, overrides, key) => {
    expect(collectTracking(environment(overrides), CONSENT).tracking).not.toHaveProperty(key);
  });

  it('never sends a campaign value or ad click that looks like a personal code, an e-mail or a phone number', () => {
    const link = { source: 'mari.maasikas@example.com', medium: '38001085718', campaign: '+372 5123 4567', keyword: '320190-12345', gclid: '38001085718' };
    const { tracking } = collectTracking(environment(), CONSENT, link);
    const sent = JSON.stringify(tracking);
    for (const value of Object.values(link)) expect(sent).not.toContain(value);
    expect(tracking).not.toHaveProperty('adClick');
  });

  it('clearing removes the app id and the ad click cookies', () => {
    expect(clearingCookies(false)).toEqual([`${APP_ID_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`, `${AD_CLICK_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`]);
  });
});

describe('collectInBrowser', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
    for (const name of [APP_ID_COOKIE, AD_CLICK_COOKIE]) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });

  it('never reads a form value, the page’s content or the browser’s storage', () => {
    document.body.innerHTML = `
      <form>
        <input name="firstName" value="Mari"><input name="surname" value="Maasikas">
        <input name="personalCode" value="38001085718"><input name="email" value="mari.maasikas@example.com">
        <input name="phoneNumber" value="51234567"><textarea name="comment">Mari Maasikas</textarea>
        <select name="country"><option value="EE" selected>Eesti</option></select>
      </form>`;
    const spies = [
      vi.spyOn(HTMLInputElement.prototype, 'value', 'get'),
      vi.spyOn(HTMLTextAreaElement.prototype, 'value', 'get'),
      vi.spyOn(HTMLSelectElement.prototype, 'value', 'get'),
      vi.spyOn(document, 'querySelector'),
      vi.spyOn(document, 'querySelectorAll'),
      vi.spyOn(document, 'getElementsByTagName'),
      vi.spyOn(document, 'getElementsByName'),
      vi.spyOn(Storage.prototype, 'getItem'),
    ];
    const formData = vi.spyOn(globalThis, 'FormData');
    const tracking = collectInBrowser(CONSENT, { source: 'google' });
    for (const spy of [...spies, formData]) expect(spy).not.toHaveBeenCalled();
    const sent = JSON.stringify(tracking);
    for (const value of ['Mari', 'Maasikas', '38001085718', 'mari.maasikas@example.com', '51234567', 'Eesti']) expect(sent).not.toContain(value);
    expect(tracking).toMatchObject({ source: 'google', consent: { basis: 'cookieBanner' } });
    expect(document.cookie).toContain(`${APP_ID_COOKIE}=`);
  });
});
