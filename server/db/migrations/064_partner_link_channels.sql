-- Issue 25 (docs/decisions/189-partner-web-channels.md): the channel a registered partner's web link
-- makes is chosen by the partner's goods in the product data file: the shop's hosted flow (the
-- default), the partner short application or the bank's landing page for the partner.
alter table partner_products add column channel text not null default 'PARTNER_HOSTED_FLOW';
