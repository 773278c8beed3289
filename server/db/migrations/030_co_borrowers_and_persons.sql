-- Issue 11: persons carry whether they are born and an age (unborn children use a marker, section
-- 3); a co-borrower joins through a single-use, expiring invitation, and then reaches the
-- application through an access grant of their own session (never the applicant's session).
alter table persons add column is_born boolean not null default true;
alter table persons add column age integer;

create table invitations (
  -- Only the token's SHA-256 is kept: a copy of this table opens nothing.
  token_hash text primary key,
  application_id bigint not null references applications (id) on delete cascade,
  person_id text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index invitations_application_idx on invitations (application_id);

create table application_access (
  application_id bigint not null references applications (id) on delete cascade,
  owner_kind text not null,
  owner_id text not null,
  person_id text not null,
  role text not null,
  created_at timestamptz not null,
  primary key (application_id, owner_kind, owner_id)
);
create index application_access_owner_idx on application_access (owner_kind, owner_id);

-- Test mode: what the reference API "sent" (an invitation e-mail), readable through the sandbox.
create table sandbox_outbox (
  id bigint generated always as identity primary key,
  application_id bigint not null references applications (id) on delete cascade,
  kind text not null,
  recipient text not null,
  body jsonb not null,
  created_at timestamptz not null
);
create index sandbox_outbox_application_idx on sandbox_outbox (application_id, id);

-- A draft belongs to a task *of a person*: the applicant's and the co-borrower's answers to the
-- same step are kept apart.
alter table drafts add column role text not null default 'APPLICANT';
alter table drafts drop constraint drafts_pkey;
alter table drafts add primary key (application_id, role, task_key);
