-- Issue 8: a draft per task rather than per application. The answers of a submitted step stay as
-- its draft, so the browser's Back to that step (where the process allows it) shows them again.
alter table drafts drop constraint drafts_pkey;
alter table drafts add primary key (application_id, task_key);
