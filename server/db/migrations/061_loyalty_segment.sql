-- Issue 22 (docs/decisions/175): the personal code of the person who logged in through the login
-- service (/auth/public-sso), kept with the session (comparable: without spaces and hyphens, upper
-- case), so that /start can find the bank's own records of that customer (the loyalty segment). It
-- goes when the session goes; a session nobody logged in with has none.
alter table sessions add column authenticated_personal_code text;
