/**
 * Issue 25 item 2 (docs/decisions/188-channels-proven-not-declared.md): an application's channel is
 * what the server can prove, never what a client declares. The one place that decides it.
 *
 * - The web app (the create and upsale calls, `/current-account`) creates only its own channels:
 *   WEB; a partner's web channel (PARTNER_HOSTED_FLOW ...) only when a registered partner's link
 *   proves it (`partnerLinkChannel`, decision 189), whatever partner web channel was declared;
 *   INTERNAL only for a customer administrator's token (decision 110). Any other declared channel
 *   (BROKER_API, PARTNER_API, PARTNER_REMOTE, a partner web channel without a registered partner,
 *   INTERNAL without the group ...) is refused with a 422 on `application.source.channel`: loud, so
 *   a misconfigured client is found at once, and no application is made under a channel it did not
 *   prove.
 * - The server-to-server channels (BROKER_API, PARTNER_API, PARTNER_REMOTE) come only from an API
 *   key (server/partner-api/api-keys.ts), whose entry in the product data file names the channel.
 * - The staff fields of a step (`source.channel`, `source.creationChannel` CALL_CENTER/OFFICE,
 *   `source.customerIdentified`) only from a customer administrator's token; anyone else sending
 *   them is refused (422), and no one may write the rest of `source`.
 * - Section 6's hosting platform follows from the channel and is recorded in `source.hostingPlatform`.
 */
import type { ApplicationChannel } from '../../core/domain/channels';
import { isCustomerAdministrator } from '../../core/domain/user-groups';
import type { FieldErrors } from '../../core/wire/envelope.schema';
import { MESSAGES } from '../../core/validation/messages';
import { ApiError } from '../http/api-error';

/** The channels only a server-to-server call proves, each by its API key. */
export const SERVER_CHANNELS = ['BROKER_API', 'PARTNER_API', 'PARTNER_REMOTE'] as const satisfies readonly ApplicationChannel[];
export type ServerChannel = (typeof SERVER_CHANNELS)[number];

/** Section 6's hosting platforms: where the application was made. */
export const HOSTING_PLATFORMS = ['HOMEPAGE', 'APPLICATION_BACK_OFFICE', 'PARTNER_SYSTEM', 'BROKER_API'] as const;
export type HostingPlatform = (typeof HOSTING_PLATFORMS)[number];

/**
 * Section 6: the bank's own web is the homepage; staff work in the application back office; every
 * partner channel (a link from the shop, the short application, the landing page, the partner's
 * server) is the partner's system; a broker's server is the broker API.
 */
export function hostingPlatformOf(channel: string): HostingPlatform {
  if (channel === 'INTERNAL') return 'APPLICATION_BACK_OFFICE';
  if (channel === 'BROKER_API') return 'BROKER_API';
  if (channel.startsWith('PARTNER')) return 'PARTNER_SYSTEM';
  return 'HOMEPAGE';
}

/** The partner channels of the web: a registered partner's link proves which (decision 189). */
export const PARTNER_WEB_CHANNELS = ['PARTNER', 'PARTNER_HOSTED_FLOW', 'PARTNER_SHORT', 'PARTNER_LANDING_PAGE'] as const satisfies readonly ApplicationChannel[];

/** What the server knows of a web caller: an embedded user's token groups (section 6). */
export interface WebCaller {
  userGroups: readonly string[];
}

const CHANNEL_PATH = 'application.source.channel';

function refused(path: string, message: string): ApiError {
  const fieldErrors: FieldErrors = { [path]: [MESSAGES.choiceInvalid] };
  return new ApiError('VALIDATION_FAILED', message, { fieldErrors });
}

/**
 * The channel of an application a web client creates. `partnerLink`: the partner channel the
 * registered partner's link proves (decision 189), if any. A declared `WEB` (what the app sends)
 * or the proven channel itself is accepted; anything else is refused.
 */
export function webChannel(input: { declared: ApplicationChannel | undefined; partnerLink: ApplicationChannel | undefined; caller: WebCaller | undefined }): ApplicationChannel {
  const staff = isCustomerAdministrator(input.caller?.userGroups ?? []);
  const proven: ApplicationChannel = input.partnerLink ?? (staff && input.declared === 'INTERNAL' ? 'INTERNAL' : 'WEB');
  const declared = input.declared;
  // With a registered partner's link, a declared partner web channel is a hint the link overrules.
  const overruled = input.partnerLink !== undefined && declared !== undefined && (PARTNER_WEB_CHANNELS as readonly string[]).includes(declared);
  if (declared !== undefined && declared !== 'WEB' && declared !== proven && !overruled) {
    throw refused(CHANNEL_PATH, `The channel ${declared} is not one this caller can prove; the web app creates WEB applications (docs/partner-api.md for the server-to-server channels).`);
  }
  return proven;
}

/** What a customer administrator's step may write of `source` (decision 110); nobody else writes any of it. */
const STAFF_SOURCE_FIELDS: Readonly<Record<string, (value: unknown) => boolean>> = {
  channel: (value) => value === 'INTERNAL',
  creationChannel: (value) => value === 'CALL_CENTER' || value === 'OFFICE',
  customerIdentified: (value) => typeof value === 'boolean',
};

/**
 * A step's `applicationUpdates.source`: the staff fields only with a customer administrator's token;
 * the rest of `source` (partner, origin, hosting platform, tracking ...) never from a step.
 */
export function assertStepSourceAllowed(applicationUpdates: Record<string, unknown>, caller: WebCaller | undefined): void {
  const source = applicationUpdates['source'];
  if (source === undefined) return;
  if (typeof source !== 'object' || source === null || Array.isArray(source)) throw refused('applicationUpdates.source', 'A step does not write the application source.');
  const staff = isCustomerAdministrator(caller?.userGroups ?? []);
  const fieldErrors: FieldErrors = {};
  for (const [key, value] of Object.entries(source)) {
    const allowed = STAFF_SOURCE_FIELDS[key];
    if (!staff || !allowed || !allowed(value)) fieldErrors[`applicationUpdates.source.${key}`] = [MESSAGES.choiceInvalid];
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new ApiError('VALIDATION_FAILED', staff ? 'A step writes only the staff fields of the source.' : 'Only bank staff (a customer administrator\'s token) record how a customer came.', { fieldErrors });
  }
}
