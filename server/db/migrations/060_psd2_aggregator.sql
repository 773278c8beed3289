-- Issue 21 (docs/decisions/170-open-banking-berlin-group.md): a consent is made at the PSD2
-- aggregator (Berlin Group NextGenPSD2). Kept beside ours: the aggregator's consent id, the hash of
-- the state our callback addresses carry (the browser comes back with the state, never with the
-- consent id alone), the bank's SCA page (to go back to it) and the bank as the aggregator listed it
-- (its name, BIC and mark, for the enrolled list without asking the aggregator again).
alter table psd2_consents add column provider_consent_id text;
alter table psd2_consents add column state_hash text;
alter table psd2_consents add column sca_url text;
alter table psd2_consents add column institution jsonb;
create unique index psd2_consents_state_idx on psd2_consents (state_hash) where state_hash is not null;
