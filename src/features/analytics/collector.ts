/**
 * Issue 25 item 3, section 3 "Analytics data collected" (docs/decisions/190): the user agent, the
 * analytics ids (the app's own random id, the bank's web analytics client id of `_ga`), the ad click
 * id with its expiry (section 9: 90 days after the cookie time), the screen and viewport sizes and
 * the link's campaign parameters. Loaded only once the applicant has consented. It reads the
 * environment it is given and nothing else: never a form, never storage, never the page's content.
 */
import * as v from 'valibot';
import { NOTHING_KNOWN, withoutPersonalData } from '../../../core/wire/tracking-privacy';
import {
  AD_CLICK_PARAMETERS,
  APP_ANALYTICS_ID,
  CAMPAIGN_KEYS,
  TRACKING_LIMITS,
  TrackingSchema,
  WEB_ANALYTICS_ID,
  adClickExpiry,
  type AdClickParameter,
  type TrackingInput,
} from '../../../core/wire/tracking.schema';
import type { RememberedConsent } from './consent-cookie';

export const APP_ID_COOKIE = 'solis_aid';
export const AD_CLICK_COOKIE = 'solis_adclick';
/** 13 months, the longest an analytics id is commonly kept. */
const APP_ID_MAX_AGE_S = 395 * 24 * 60 * 60;
const AD_CLICK_ID = /^[A-Za-z0-9_.~-]{1,512}$/;

export interface CollectorEnvironment {
  userAgent: string;
  screen: { width: number; height: number };
  viewport: { width: number; height: number };
  /** `document.cookie`. */
  cookie: string;
  now: Date;
  /** A new random id (crypto.randomUUID). */
  newId: () => string;
  /** Cookies are written with `Secure` on https. */
  secure: boolean;
}

export interface Collected {
  tracking: TrackingInput;
  /** `document.cookie` assignments to make (the app id, the ad click, an expired ad click's removal). */
  cookies: string[];
}

function cookieValue(cookie: string, name: string): string | undefined {
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function setCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${value}; Max-Age=${Math.floor(maxAgeSeconds)}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** `gclid.<id>.<cookie time in ms>`. */
function readAdClickCookie(value: string | undefined): { parameter: AdClickParameter; id: string; at: Date } | undefined {
  if (!value) return undefined;
  const first = value.indexOf('.');
  const last = value.lastIndexOf('.');
  if (first <= 0 || last <= first) return undefined;
  const parameter = value.slice(0, first) as AdClickParameter;
  const id = value.slice(first + 1, last);
  const at = Number(value.slice(last + 1));
  if (!AD_CLICK_PARAMETERS.includes(parameter) || !AD_CLICK_ID.test(id) || !Number.isSafeInteger(at)) return undefined;
  return { parameter, id, at: new Date(at) };
}

function size(value: { width: number; height: number }): { width: number; height: number } | undefined {
  const width = Math.round(value.width);
  const height = Math.round(value.height);
  const fits = (n: number) => Number.isInteger(n) && n >= 1 && n <= TRACKING_LIMITS.pixels;
  return fits(width) && fits(height) ? { width, height } : undefined;
}

/** What may be sent, from the environment, the consent and the link's parameters held since the start. */
export function collectTracking(env: CollectorEnvironment, consent: RememberedConsent, link: Readonly<Record<string, string>> = {}): Collected {
  const cookies: string[] = [];
  const tracking: TrackingInput = { consent: { basis: consent.basis, givenAt: new Date(consent.at).toISOString() } };

  for (const key of CAMPAIGN_KEYS) {
    const value = link[key];
    if (value && value.length <= TRACKING_LIMITS.campaignText) tracking[key] = value;
  }
  if (env.userAgent && env.userAgent.length <= TRACKING_LIMITS.userAgent) tracking.userAgent = env.userAgent;

  const storedAppId = cookieValue(env.cookie, APP_ID_COOKIE);
  const appId = storedAppId && APP_ANALYTICS_ID.test(storedAppId) ? storedAppId : env.newId();
  if (appId !== storedAppId) cookies.push(setCookie(APP_ID_COOKIE, appId, APP_ID_MAX_AGE_S, env.secure));
  // `_ga=GA1.1.<random>.<seconds>`: the client id is the last two parts.
  const webAnalytics = cookieValue(env.cookie, '_ga')?.split('.').slice(-2).join('.');
  tracking.analyticsIds = { ...(APP_ANALYTICS_ID.test(appId) ? { app: appId } : {}), ...(webAnalytics && WEB_ANALYTICS_ID.test(webAnalytics) ? { webAnalytics } : {}) };

  // A click in the link is kept from now (the cookie time) for 90 days; else the one kept before, if still counting.
  const clicked = AD_CLICK_PARAMETERS.find((parameter) => link[parameter] && AD_CLICK_ID.test(link[parameter]));
  const click = clicked ? { parameter: clicked, id: link[clicked] as string, at: env.now } : readAdClickCookie(cookieValue(env.cookie, AD_CLICK_COOKIE));
  if (click && adClickExpiry(click.at).getTime() > env.now.getTime()) {
    if (clicked) {
      const lifetime = (adClickExpiry(click.at).getTime() - env.now.getTime()) / 1000;
      cookies.push(setCookie(AD_CLICK_COOKIE, `${click.parameter}.${click.id}.${click.at.getTime()}`, lifetime, env.secure));
    }
    tracking.adClick = { parameter: click.parameter, id: click.id, clickedAt: click.at.toISOString() };
  } else if (cookieValue(env.cookie, AD_CLICK_COOKIE) !== undefined) cookies.push(setCookie(AD_CLICK_COOKIE, '', 0, env.secure));

  const screen = size(env.screen);
  if (screen) tracking.screen = screen;
  const viewport = size(env.viewport);
  if (viewport) tracking.viewport = viewport;

  // The server checks the same rules; what it would refuse or drop is not sent.
  const clean = withoutPersonalData(tracking, NOTHING_KNOWN).tracking;
  const parsed = v.safeParse(TrackingSchema, clean);
  return { tracking: parsed.success ? parsed.output : { consent: tracking.consent as NonNullable<TrackingInput['consent']> }, cookies };
}

/** Removes what analytics wrote (a refusal or a withdrawal); the choice itself stays remembered. */
export function clearingCookies(secure: boolean): string[] {
  return [setCookie(APP_ID_COOKIE, '', 0, secure), setCookie(AD_CLICK_COOKIE, '', 0, secure)];
}

export function browserEnvironment(): CollectorEnvironment {
  return {
    userAgent: navigator.userAgent,
    screen: { width: window.screen.width, height: window.screen.height },
    viewport: { width: window.innerWidth, height: window.innerHeight },
    cookie: document.cookie,
    now: new Date(),
    newId: () => crypto.randomUUID(),
    secure: window.location.protocol === 'https:',
  };
}

/** Collects in this browser and writes the collector's cookies (consent is given). */
export function collectInBrowser(consent: RememberedConsent, link: Readonly<Record<string, string>> | undefined): TrackingInput {
  const { tracking, cookies } = collectTracking(browserEnvironment(), consent, link);
  for (const cookie of cookies) document.cookie = cookie;
  return tracking;
}

export const CONSENT_COOKIE = 'solis_consent';
const CONSENT_MAX_AGE_S = 180 * 24 * 60 * 60;

/**
 * Remembers a choice for six months (then it is asked again). A refusal keeps only this choice: the
 * caller removes what analytics wrote (`clearingCookies`).
 */
export function consentCookie(consent: RememberedConsent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${consent.choice}.${consent.basis}.${consent.at}; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
