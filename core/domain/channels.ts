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
