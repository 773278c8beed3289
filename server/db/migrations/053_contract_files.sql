-- Issue 12 (section 3 contractsInfo, section 7 download-contract): the contract documents the
-- reference API generates for an application. The content is kept here under a random id, the
-- contract's fileServiceId; nothing of it is on a served path (docs/decisions/135-contract-documents.md).
-- A bank would hand the bytes to its document (file) service at this point.
create table contract_files (
  id text primary key,
  application_id bigint not null references applications (id) on delete cascade,
  kind text not null check (kind in ('CONTRACT', 'SIGNED_CONTRACT')),
  product_name text not null,
  language text not null,
  content bytea not null,
  created_at timestamptz not null
);
create index contract_files_application_idx on contract_files (application_id);
