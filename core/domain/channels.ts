/** Section 3: application origin/channel values. */
export const APPLICATION_CHANNELS = [
  'WEB',
  'INTERNAL',
  'PARTNER',
  'BROKER_API',
  'PARTNER_API',
  'PARTNER_SHORT',
  'PARTNER_HOSTED_FLOW',
  'PARTNER_REMOTE',
  'PARTNER_LANDING_PAGE',
] as const;
export type ApplicationChannel = (typeof APPLICATION_CHANNELS)[number];

/**
 * Decision 189: the channels a registered partner's web link makes, chosen by the partner's goods in
 * the product data file (never by the link or the client): the shop's hosted flow, the short
 * application, or the bank's landing page for the partner.
 */
export const PARTNER_LINK_CHANNELS = ['PARTNER_HOSTED_FLOW', 'PARTNER_SHORT', 'PARTNER_LANDING_PAGE'] as const;
export type PartnerLinkChannel = (typeof PARTNER_LINK_CHANNELS)[number];
