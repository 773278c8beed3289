-- Issue 12 (docs/decisions/143): the sandbox Mobile-ID provider, a polling provider like Smart-ID.
-- Its signing attempts are transactions of their own provider, and what it answers is a sandbox
-- setting of the test's session.
alter table signing_transactions drop constraint signing_transactions_provider_check;
alter table signing_transactions add constraint signing_transactions_provider_check
  check (provider in ('esignature', 'smart-id', 'mobile-id', 'payment'));
-- Mobile-ID: the phone number the request went to (the applicant's, as the application holds it).
alter table signing_transactions add column phone_number text;

alter table sandbox_settings drop constraint sandbox_settings_kind_check;
alter table sandbox_settings add constraint sandbox_settings_kind_check
  check (kind in ('loyalty-segment', 'partner', 'decision', 'esignature', 'smart-id', 'mobile-id', 'payment', 'psd2', 'identity'));
