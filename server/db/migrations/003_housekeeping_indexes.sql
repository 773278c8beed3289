-- Housekeeping (server/db/housekeeping.ts) deletes rows by age; these indexes keep its sweeps from
-- scanning whole tables. sessions and rate_limits already have their expires_at indexes.
create index idempotency_keys_created_at_idx on idempotency_keys (created_at);
create index sandbox_controls_created_at_idx on sandbox_controls (created_at);
