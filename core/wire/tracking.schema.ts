import * as v from 'valibot';
import { isPlainObject } from './plain-record';
import { MESSAGES } from '../validation/messages';

/**
 * Section 3 "Analytics data collected" and issue 25 item 3 (docs/decisions/190): what the app sends
 * as the application's `source.metaData.tracking`, and only after the applicant's consent. Every
 * object is a plain object (valibot's `object` takes arrays), every text bounded, every id in its
 * own format; keys the schema does not name are dropped.
 */

/** Section 3: the campaign parameters of the link (`utm_*`), under the names the application keeps them by. */
export const CAMPAIGN_KEYS = ['channel', 'source', 'medium', 'campaign', 'keyword', 'content'] as const;
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number];

/** Where each campaign key comes from in the link (`utm_term` is the paid search keyword). */
export const CAMPAIGN_QUERY: Record<CampaignKey, string> = {
  channel: 'utm_channel',
  source: 'utm_source',
  medium: 'utm_medium',
  campaign: 'utm_campaign',
  keyword: 'utm_term',
  content: 'utm_content',
};

/** The ad networks' click-id query parameters the app keeps (Google Ads, Meta, Microsoft Ads). */
export const AD_CLICK_PARAMETERS = ['gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid'] as const;
export type AdClickParameter = (typeof AD_CLICK_PARAMETERS)[number];

/** Section 9: "Ad click expiry is 90 days after cookie time". */
export const AD_CLICK_LIFETIME_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When an ad click stored at `cookieTime` stops counting. */
export function adClickExpiry(cookieTime: Date): Date {
  return new Date(cookieTime.getTime() + AD_CLICK_LIFETIME_DAYS * DAY_MS);
}

/** What the consent came from: the marketing consent asked on the step, or the cookie banner. */
export const CONSENT_BASES = ['marketingConsent', 'cookieBanner'] as const;
export type ConsentBasis = (typeof CONSENT_BASES)[number];

export const TRACKING_LIMITS = { campaignText: 256, userAgent: 512, adClickId: 512, pixels: 20_000 } as const;

/** Section 9's UTC timestamp, yyyy-MM-dd'T'HH:mm:ss.SSS'Z', of a real instant. */
const TimestampSchema = v.pipe(
  v.string(MESSAGES.choiceInvalid),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, MESSAGES.choiceInvalid),
  v.check((text) => !Number.isNaN(Date.parse(text)) && new Date(text).toISOString() === text, MESSAGES.choiceInvalid),
);

function boundedText(max: number) {
  const tooLong = max === TRACKING_LIMITS.campaignText ? MESSAGES.textLength1To256 : MESSAGES.choiceInvalid;
  return v.pipe(v.string(MESSAGES.choiceInvalid), v.minLength(1, tooLong), v.maxLength(max, tooLong));
}

function plainObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.pipe(v.custom<Record<string, unknown>>(isPlainObject, MESSAGES.choiceInvalid), v.object(entries, MESSAGES.choiceInvalid));
}

const PixelsSchema = v.pipe(v.number(MESSAGES.choiceInvalid), v.integer(MESSAGES.choiceInvalid), v.minValue(1, MESSAGES.choiceInvalid), v.maxValue(TRACKING_LIMITS.pixels, MESSAGES.choiceInvalid));
const SizeSchema = plainObject({ width: PixelsSchema, height: PixelsSchema });

/** The app's own pseudonymous id: a random UUID, nothing derived from the person. */
export const APP_ANALYTICS_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The bank's web analytics client id (the `_ga` cookie's last two parts): a random number and a time in seconds. */
export const WEB_ANALYTICS_ID = /^\d{1,10}\.\d{1,10}$/;
/** An ad network's click id: URL-safe characters only. */
const AD_CLICK_ID = /^[A-Za-z0-9_.~-]+$/;

export const TrackingSchema = plainObject({
  /** Required for anything to be stored: the server keeps no tracking without it. */
  consent: v.optional(plainObject({ basis: v.picklist(CONSENT_BASES, MESSAGES.choiceInvalid), givenAt: TimestampSchema })),
  channel: v.optional(boundedText(TRACKING_LIMITS.campaignText)),
  source: v.optional(boundedText(TRACKING_LIMITS.campaignText)),
  medium: v.optional(boundedText(TRACKING_LIMITS.campaignText)),
  campaign: v.optional(boundedText(TRACKING_LIMITS.campaignText)),
  keyword: v.optional(boundedText(TRACKING_LIMITS.campaignText)),
  content: v.optional(boundedText(TRACKING_LIMITS.campaignText)),
  userAgent: v.optional(boundedText(TRACKING_LIMITS.userAgent)),
  analyticsIds: v.optional(
    plainObject({
      app: v.optional(v.pipe(v.string(MESSAGES.choiceInvalid), v.regex(APP_ANALYTICS_ID, MESSAGES.choiceInvalid))),
      webAnalytics: v.optional(v.pipe(v.string(MESSAGES.choiceInvalid), v.regex(WEB_ANALYTICS_ID, MESSAGES.choiceInvalid))),
    }),
  ),
  /** The click id of the ad the applicant came from and when it was first kept (the cookie time). */
  adClick: v.optional(
    plainObject({
      parameter: v.picklist(AD_CLICK_PARAMETERS, MESSAGES.choiceInvalid),
      id: v.pipe(boundedText(TRACKING_LIMITS.adClickId), v.regex(AD_CLICK_ID, MESSAGES.choiceInvalid)),
      clickedAt: TimestampSchema,
    }),
  ),
  screen: v.optional(SizeSchema),
  viewport: v.optional(SizeSchema),
});
export type TrackingInput = v.InferOutput<typeof TrackingSchema>;

/** PUT /api/v1/application-process/{externalId}/tracking: the tracking of a consent given after creation. */
export const TrackingRequestSchema = plainObject({ tracking: TrackingSchema });
export type TrackingRequest = v.InferOutput<typeof TrackingRequestSchema>;

/** The reply: which fields were kept, and which were dropped for looking like personal data. */
export const TrackingReplySchema = v.object({ stored: v.array(v.string()), dropped: v.array(v.string()) });
export type TrackingReply = v.InferOutput<typeof TrackingReplySchema>;

/** What the application keeps: the input with the ad click's expiry, as the server decided it. */
export type StoredTracking = Omit<TrackingInput, 'adClick' | 'consent'> & {
  consent: NonNullable<TrackingInput['consent']>;
  adClick?: NonNullable<TrackingInput['adClick']> & { expiresAt: string };
};
