-- Issue 21 (docs/decisions/171): remote identification through a hosted identity-verification
-- provider. A running identification knows the provider's session (its decision arrives by a signed
-- webhook keyed by that id, or is polled) and the provider's last decision status as it was sent.
-- The webhook deliveries seen lately are kept by the SHA-256 of their signature, so a delivery
-- replayed within the timestamp's tolerance is refused; older ones are refused as stale anyway.
alter table remote_identifications add column provider_session_id text unique;
alter table remote_identifications add column provider_status text;

create table identity_webhook_deliveries (
  signature_hash text primary key,
  received_at timestamptz not null
);
create index identity_webhook_deliveries_received_at on identity_webhook_deliveries (received_at);
