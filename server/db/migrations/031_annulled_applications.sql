-- Issue 11 (ChooseContinueOption): an application can be annulled by its owner. The row stays (what
-- was applied for, and when it was given up, is the bank's record); from then on it is neither
-- open nor reachable: every call on it answers 404 like an application that does not exist.
alter table applications add column annulled_at timestamptz;

-- The owner's open applications (the previous-application lookup, the active-application check).
create index applications_owner_open_idx on applications (owner_kind, owner_id, created_at desc)
  where annulled_at is null and not process_done;
