-- Issue 13 (decision 133): failed upload attempts per application step and person, counted by the
-- server (a refused file, a refused submission of the step); past the bank's limit the process goes
-- to the upload-limit page. Kept with the application: no client can reset it.
create table upload_attempts (
  application_id bigint not null references applications (id) on delete cascade,
  role text not null,
  task_key text not null,
  failed integer not null,
  updated_at timestamptz not null,
  primary key (application_id, role, task_key)
);
