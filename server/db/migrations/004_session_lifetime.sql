-- Issue 9: sessions end. An absolute end besides the sliding (idle) expiry, and the moment the
-- applicant authenticated (the session id is renewed then). Sessions from before this migration
-- end at most eight hours after their current expiry.
alter table sessions add column absolute_expires_at timestamptz;
update sessions set absolute_expires_at = expires_at + interval '8 hours';
alter table sessions alter column absolute_expires_at set not null;
alter table sessions add column authenticated_at timestamptz;
