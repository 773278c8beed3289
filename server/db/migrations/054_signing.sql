-- Issue 12 (section 7's signing calls; docs/decisions/139-141): every signing attempt of an
-- application with a provider (e-signature authentication or signing, Smart-ID, bank payment) is a
-- transaction under a random id, which is all the provider's page is given; and the contracts signed.
create table signing_transactions (
  id text primary key,
  -- The order the attempts were made in (several may share a millisecond).
  seq bigserial not null,
  application_id bigint not null references applications (id) on delete cascade,
  provider text not null check (provider in ('esignature', 'smart-id', 'payment')),
  -- esignature: 'authenticate' or 'sign'; the others: 'sign'.
  phase text not null check (phase in ('authenticate', 'sign')),
  method text not null,
  file_service_id text not null,
  -- Where the provider sends the browser back to (checked against the redirect allowlist).
  return_url text,
  verification_code text,
  selected_bank_bic text,
  payment_purpose text,
  -- PENDING until the provider answers; then SUCCESS/FAILED (esignature) or a section 4 result.
  status text not null,
  error_code text,
  polls integer not null default 0,
  created_at timestamptz not null,
  completed_at timestamptz
);
create index signing_transactions_application_idx on signing_transactions (application_id, provider, seq);

-- The signed contracts (section 3 contractsInfo[].signing: a contract counts as signed only with
-- date, method and file). Kept here until the contract module holds contractsInfo (see decision 139).
create table signed_contracts (
  application_id bigint not null references applications (id) on delete cascade,
  file_service_id text not null,
  product_name text not null,
  method text not null,
  signed_at timestamptz not null,
  primary key (application_id, file_service_id)
);
