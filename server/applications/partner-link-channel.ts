/**
 * Section 3's channels a registered partner's web link makes, chosen by the partner's goods in the
 * product data file (a partner product's `channel`), never by the link or the client.
 */
export const PARTNER_LINK_CHANNELS = ['PARTNER_HOSTED_FLOW', 'PARTNER_SHORT', 'PARTNER_LANDING_PAGE'] as const;
export type PartnerLinkChannel = (typeof PARTNER_LINK_CHANNELS)[number];

/**
 * Issue 25 (docs/decisions/189-partner-web-channels.md): the channel of an application a registered
 * partner's web link makes. It is proven by the partner's own entry in the product data file, never
 * by what the link or the client declares: the goods the link names decide it (`channel` of the
 * partner's product: the shop's hosted flow when the file says nothing, the partner short
 * application, or the bank's landing page for the partner, `/partner/{regCode}/{goodsName}`).
 * A link without goods, or with goods the partner does not sell with us, is the shop's hosted flow.
 * No partner proven: undefined, and the caller decides as for the bank's own web.
 */
export function partnerLinkChannel(proven: { partner: unknown; channel?: PartnerLinkChannel | undefined }): PartnerLinkChannel | undefined {
  if (!proven.partner) return undefined;
  return proven.channel ?? 'PARTNER_HOSTED_FLOW';
}
