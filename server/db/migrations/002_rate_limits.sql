-- Fixed-window request counters per owner (session id hash or token subject) and bucket. Kept in
-- the database, not in process memory, so every API process counts against the same limit.
-- One row per owner, bucket and window; `expires_at` (the window's end) lets expired rows be
-- swept without knowing each bucket's window length.
create table rate_limits (
  owner_kind text not null,
  owner_id text not null,
  bucket text not null,
  window_start timestamptz not null,
  expires_at timestamptz not null,
  count integer not null,
  primary key (owner_kind, owner_id, bucket, window_start)
);
create index rate_limits_expires_at_idx on rate_limits (expires_at);
