-- Issue 13 (sections 3, 4, 7; decisions 156 and 157): a person counts as authenticated once they
-- logged in through the login service (/auth/public-sso) and as identified once a remote
-- identification completed; each remote identification is kept per person with its status and the
-- random reference the provider sends the applicant back with (single use).
alter table persons add column authenticated_at timestamptz;
alter table persons add column identified_at timestamptz;

create table remote_identifications (
  application_id bigint not null references applications (id) on delete cascade,
  person_id text not null,
  status text not null check (status in ('COMPLETED_FAILURE', 'COMPLETED_OK', 'NO_STATUS', 'RUNNING', 'TECHNICAL_ERROR')),
  -- Only the reference's SHA-256 is kept: a copy of this table completes nothing.
  reference_hash text unique,
  return_url text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (application_id, person_id)
);
