-- Issue 13 (section 7 psd2 and consent calls; docs/decisions/153-open-banking.md): each consent a
-- person starts at a bank through the PSD2 aggregator, how it ended, and the statements an approved
-- one gave. Failed consents count against the provider's limit; a consent idle for five minutes
-- times out. A reset (Latvia: every step update, section 4) keeps the row for the record.
create table psd2_consents (
  id text primary key,
  application_id bigint not null references applications (id) on delete cascade,
  role text not null,
  institution_id text not null,
  user_language text not null,
  status text not null check (status in ('PENDING', 'APPROVED', 'REFUSED', 'TIMED_OUT', 'CANCELLED')),
  reference text,
  accounts jsonb not null default '[]'::jsonb,
  statements jsonb not null default '[]'::jsonb,
  created_at timestamptz not null,
  last_activity_at timestamptz not null,
  decided_at timestamptz,
  reset_at timestamptz
);
create index psd2_consents_application_idx on psd2_consents (application_id, role);
