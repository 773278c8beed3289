-- Issue 23 (docs/decisions/176-personal-data-at-rest.md): personal data is sealed at rest by the
-- server (AES-256-GCM, server/crypto/data-cipher.ts); the columns keep their types and hold the
-- sealed envelope (text), the envelope as a JSON string (jsonb) or the sealed bytes (bytea). Rows
-- written before are sealed at the next start (server/crypto/reseal.ts), which also fills the
-- personal code's keyed hash: the only thing SQL compares personal codes by.
alter table persons add column personal_code_hash text;
create index persons_personal_code_hash_idx on persons (personal_code_hash) where personal_code_hash is not null;

-- The session's login: the keyed hash of the personal code instead of the code. Sessions last hours;
-- a clear code of a live session is dropped (its loyalty look-up answers the default until the next login).
alter table sessions rename column authenticated_personal_code to authenticated_personal_code_hash;
update sessions set authenticated_personal_code_hash = null where authenticated_personal_code_hash is not null;
