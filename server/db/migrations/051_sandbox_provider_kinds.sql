-- Issues 12 and 13: the sandbox providers (e-signature, Smart-ID, bank payment, PSD2 aggregator,
-- identity provider) keep what a test asked them to answer as sandbox settings of the test's
-- session, like the loyalty segment and the decision.
alter table sandbox_settings drop constraint sandbox_settings_kind_check;
alter table sandbox_settings add constraint sandbox_settings_kind_check
  check (kind in ('loyalty-segment', 'partner', 'decision', 'esignature', 'smart-id', 'payment', 'psd2', 'identity'));
