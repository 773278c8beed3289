-- Issue 21 (docs/decisions/167): Smart-ID and Mobile-ID are reached through their real protocols
-- (or their simulators). A signing transaction keeps the provider's session, what was sent to be
-- signed and, once verified, the signature with the signer's certificate: what a bank keeps as
-- evidence of the signing.
-- The provider's session id (Smart-ID's and Mobile-ID's sessionID).
alter table signing_transactions add column provider_session_id text;
-- The hash sent to be signed, base64, and its algorithm (SHA256).
alter table signing_transactions add column signed_hash text;
alter table signing_transactions add column hash_type text;
-- Whom the provider was asked for: Smart-ID's semantics identifier (PNOEE-...), Mobile-ID's personal code.
alter table signing_transactions add column signer_identity text;
-- Mobile-ID: the signing certificate fetched before the session; both: the verified signer's (DER, base64).
alter table signing_transactions add column signer_certificate text;
-- The verified signature (base64) and its algorithm.
alter table signing_transactions add column signature_value text;
alter table signing_transactions add column signature_algorithm text;
-- The provider's own end result, and why an answer was refused (never shown to the person).
alter table signing_transactions add column provider_result text;
