-- Issue 21 (docs/decisions/169): a login started at the bank's login service (OpenID Connect, the
-- authorization code flow with PKCE). Kept server-side until the provider sends the browser back:
-- the state (only its SHA-256: a copy of this table finishes no login), the nonce the ID token must
-- carry, the PKCE code verifier, the session that started it (the callback must come to the same
-- session: login CSRF) and the app's address to return to. Single use, ten minutes.
create table sso_logins (
  state_hash text primary key,
  session_id text not null,
  nonce text not null,
  code_verifier text not null,
  method text not null,
  original_url text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index sso_logins_expires_at_idx on sso_logins (expires_at);
