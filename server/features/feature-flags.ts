/**
 * Section 6's feature flags under camelCase names. The check-flag endpoints answer from
 * configuration (`FEATURE_FLAGS`, a comma list of the enabled names); everything else is off.
 *
 * | Spec wording                                              | Flag name                        |
 * |-----------------------------------------------------------|----------------------------------|
 * | green leasing                                             | greenLeasing                     |
 * | current-account fields                                    | currentAccountFields             |
 * | Luminor open-banking login                                | luminorOpenBankingLogin          |
 * | cross-sell signing                                        | crossSellSigning                 |
 * | payment signing                                           | paymentSigning                   |
 * | remote identification                                     | remoteIdentification             |
 * | manual bank statement upload                              | manualBankStatementUpload        |
 * | place-of-birth and document-validity fields               | placeOfBirthAndDocumentValidity  |
 * | identification model                                      | identificationModel              |
 * | current-account identification for Estonia                | currentAccountIdentificationEe   |
 * | renewable loan                                            | renewableLoan                    |
 * | competitor offer                                          | competitorOffer                  |
 * | real estate in the housing flow                           | realEstateInHousingFlow          |
 * | income from abroad                                        | incomeFromAbroad                 |
 * | eParaksts signing                                         | eParakstsSigning                 |
 * | feature-flag service                                      | featureFlagService               |
 * | captcha enable                                            | captcha                          |
 */
export const FEATURE_FLAGS = [
  'greenLeasing',
  'currentAccountFields',
  'luminorOpenBankingLogin',
  'crossSellSigning',
  'paymentSigning',
  'remoteIdentification',
  'manualBankStatementUpload',
  'placeOfBirthAndDocumentValidity',
  'identificationModel',
  'currentAccountIdentificationEe',
  'renewableLoan',
  'competitorOffer',
  'realEstateInHousingFlow',
  'incomeFromAbroad',
  'eParakstsSigning',
  'featureFlagService',
  'captcha',
] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export function isFeatureFlag(value: string): value is FeatureFlag {
  return (FEATURE_FLAGS as readonly string[]).includes(value);
}

/** An unknown flag is simply off: the client may ask about flags a later release introduces. */
export function isFlagEnabled(enabled: ReadonlySet<FeatureFlag>, name: string): boolean {
  return isFeatureFlag(name) && enabled.has(name);
}

export function allFlags(enabled: ReadonlySet<FeatureFlag>): Record<FeatureFlag, boolean> {
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, enabled.has(flag)])) as Record<FeatureFlag, boolean>;
}
