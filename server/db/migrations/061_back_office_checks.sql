-- Issue 22 (decision 172): the bank's own work an application waits for (statement analysis,
-- refinancing check, underwriter review, refinancing payoff). A check starts when the process reaches
-- a task that waits for it and is answered once it is due; its answer moves the process on. One open
-- check per application and kind.
create table back_office_checks (
  id bigserial primary key,
  application_id bigint not null references applications (id) on delete cascade,
  kind text not null,
  started_at timestamptz not null,
  due_at timestamptz not null,
  -- When the waiting page said it takes longer than promised (only checks whose page says so).
  overdue_at timestamptz,
  answered_at timestamptz,
  answer jsonb
);
create unique index back_office_checks_open on back_office_checks (application_id, kind) where answered_at is null;
create index back_office_checks_due on back_office_checks (due_at) where answered_at is null;
