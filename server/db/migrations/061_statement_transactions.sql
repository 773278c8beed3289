-- Issue 22 (docs/decisions/172-back-office-checks.md): the booked transactions of the statement
-- period an approved consent gave, kept beside the monthly totals for the bank's statement analysis
-- (regular income and loan payments found). A reset of the statements empties them too.
alter table psd2_consents add column transactions jsonb not null default '[]'::jsonb;
