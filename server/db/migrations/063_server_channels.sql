-- Issue 25 item 2 (docs/decisions/188-channels-proven-not-declared.md): the channels a web client
-- cannot declare. Server-to-server callers (partner API, partner remote, broker API) present an API
-- key; only the SHA-256 of each key is kept, as the product data file lists it (a copy of this
-- table opens nothing). Brokers are entries of the product data file like partners.
create table brokers (
  id text primary key,
  name text not null,
  updated_at timestamptz not null
);

create table api_credentials (
  key_id text primary key,
  key_hash text not null,
  party_kind text not null check (party_kind in ('partner', 'broker')),
  party_id text not null,
  channel text not null,
  updated_at timestamptz not null
);

-- Test mode: keys a test drew at run time (POST /api/sandbox/api-keys), never a literal in the tree
-- (decision 177). The session that registered one is the scope its sandbox partners are found in.
create table sandbox_api_credentials (
  key_id text primary key,
  key_hash text not null,
  party_kind text not null check (party_kind in ('partner', 'broker')),
  party_id text not null,
  channel text not null,
  owner_kind text not null,
  owner_id text not null,
  created_at timestamptz not null
);

-- The one-time link (server/applications/one-time-links.ts) generalises the co-borrower invitation:
-- the role its holder gets. APPLICANT: the link a server-to-server channel returns, whose first
-- opener's session becomes the application's applicant.
alter table invitations add column role text not null default 'COBORROWER';

-- A server-to-server channel's application belongs to no browser until its applicant opens the
-- link: its owner is the channel (`channel`, `partner:<id>` or `broker:<id>`), which no request is.
alter table applications drop constraint applications_owner_kind_check;
alter table applications add constraint applications_owner_kind_check check (owner_kind in ('session', 'subject', 'channel'));
