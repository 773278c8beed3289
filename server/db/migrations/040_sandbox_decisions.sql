-- Issue 12 (the decision engine, docs/decisions/130): a test may set the outcome the decision engine
-- answers for its session's applications, as a lasting sandbox setting like the loyalty segment.
alter table sandbox_settings drop constraint sandbox_settings_kind_check;
alter table sandbox_settings add constraint sandbox_settings_kind_check check (kind in ('loyalty-segment', 'partner', 'decision'));
