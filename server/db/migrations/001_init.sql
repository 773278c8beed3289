-- Sessions: the cookie carries a random token; only its SHA-256 is stored, so a copy of this table
-- opens no session.
create table sessions (
  id text primary key,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_expires_at_idx on sessions (expires_at);

-- Section 3's application. `data` holds the entity parts the API returns (currency,
-- creditConditions, source, customData); persons and relations have their own tables.
-- `owner_kind`/`owner_id`: the session (its id hash) or the bearer token's subject that created it.
create table applications (
  id bigint generated always as identity primary key,
  external_id text not null unique,
  owner_kind text not null check (owner_kind in ('session', 'subject')),
  owner_id text not null,
  business_domain text not null,
  product_name text not null,
  data jsonb not null,
  version integer not null default 1,
  process_state jsonb not null,
  task_key text not null,
  process_done boolean not null default false,
  step_count integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index applications_owner_idx on applications (owner_kind, owner_id, created_at desc);

-- The personal code is kept (later steps and decisions need it) but never returned in clear.
create table persons (
  id bigint generated always as identity primary key,
  external_id text not null unique,
  application_id bigint not null references applications (id) on delete cascade,
  role text not null,
  language_code text,
  personal_code text,
  declared_data jsonb not null default '{}',
  consents jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index persons_application_idx on persons (application_id);

create table relations (
  id bigint generated always as identity primary key,
  application_id bigint not null references applications (id) on delete cascade,
  person_id text not null,
  related_to_person_id text not null,
  relation_type text not null
);
create index relations_application_idx on relations (application_id);

-- One draft per application, for its current task, versioned apart from the application.
create table drafts (
  application_id bigint primary key references applications (id) on delete cascade,
  task_key text not null,
  version integer not null,
  data jsonb not null,
  updated_at timestamptz not null default now()
);

-- A submission's idempotency key, scoped to its owner. The row is inserted first inside the
-- submission's transaction, so a concurrent duplicate waits on it and then reads the stored reply.
create table idempotency_keys (
  owner_kind text not null,
  owner_id text not null,
  key text not null,
  request_hash text not null,
  status text not null check (status in ('processing', 'completed')),
  response_status integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (owner_kind, owner_id, key)
);

-- Test-mode sandbox controls: per owner (session or token subject), each consumed once.
create table sandbox_controls (
  id bigint generated always as identity primary key,
  owner_kind text not null,
  owner_id text not null,
  kind text not null check (kind in ('next-task', 'fail-next', 'delay-next')),
  path text,
  value jsonb not null,
  created_at timestamptz not null default now()
);
create index sandbox_controls_owner_idx on sandbox_controls (owner_kind, owner_id, kind, id);
