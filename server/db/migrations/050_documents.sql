-- Issue 13 (section 5 Uploads, section 7 POST .../document): the documents an applicant or a
-- co-borrower uploads. The content is kept here, under a random id: nothing about it is derived from
-- the name the client gave, and nothing here is on a served path (docs/decisions/150-uploads.md).
create table documents (
  id text primary key,
  application_id bigint not null references applications (id) on delete cascade,
  role text not null,
  purpose text not null,
  file_name text not null,
  size integer not null,
  sha256 text not null,
  detected_type text not null,
  content bytea not null,
  created_at timestamptz not null,
  removed_at timestamptz
);
create index documents_application_idx on documents (application_id, role, purpose);
