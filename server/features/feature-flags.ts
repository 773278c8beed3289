/**
 * Section 6's feature flags under camelCase names (decision 191 audits each: where it is read and
 * the test that proves it). They are answered by the check-flag service (`flag-service.ts`), whose
 * default implementation is the environment: `FEATURE_FLAGS`, a comma list of the enabled names;
 * everything else is off. `captcha` is the one flag the environment list does not carry: it is the
 * captcha provider's own switch, `CAPTCHA_ENABLED` (decision 169), so the two can never disagree.
 *
 * | Spec wording                                              | Flag name                        |
 * |-----------------------------------------------------------|----------------------------------|
 * | green leasing                                             | greenLeasing                     |
 * | Luminor open-banking login                                | luminorOpenBankingLogin          |
 * | cross-sell signing                                        | crossSellSigning                 |
 * | payment signing                                           | paymentSigning                   |
 * | remote identification                                     | remoteIdentification             |
 * | manual bank statement upload                              | manualBankStatementUpload        |
 * | place-of-birth and document-validity fields               | placeOfBirthAndDocumentValidity  |
 * | renewable loan                                            | renewableLoan                    |
 * | real estate in the housing flow                           | realEstateInHousingFlow          |
 * | income from abroad                                        | incomeFromAbroad                 |
 * | eParaksts signing                                         | eParakstsSigning                 |
 * | captcha enable                                            | captcha (from CAPTCHA_ENABLED)   |
 *
 * Retired (decision 191; `RETIRED_FLAGS` says why): current-account fields, identification model,
 * current-account identification for Estonia, competitor offer, feature-flag service.
 */
import type { FeatureFlag } from '../../core/domain/feature-flags';

export { FEATURE_FLAGS, isFeatureFlag, type FeatureFlag } from '../../core/domain/feature-flags';

/** The flags another setting switches; `FEATURE_FLAGS` refuses them and names that setting. */
export const FLAGS_SET_ELSEWHERE: Readonly<Partial<Record<FeatureFlag, string>>> = {
  captcha: 'CAPTCHA_ENABLED',
};

/**
 * Section 6 names that nothing applies (decision 191). `FEATURE_FLAGS` refuses them with the reason,
 * so a deployment that still lists one learns it changes nothing, instead of believing it does.
 */
export const RETIRED_FLAGS: Readonly<Record<string, string>> = {
  currentAccountFields: 'the current account asks every field it needs without a flag (its questions are required by law)',
  identificationModel: 'remoteIdentification is the identification model of the domain served (Latvia; the Estonian current account)',
  currentAccountIdentificationEe: 'remoteIdentification on an Estonian server is the current-account identification',
  competitorOffer: 'no screen, field or rule of the specification belongs to it',
  featureFlagService: 'the environment list is the only check-flag service (server/features/flag-service.ts)',
};
