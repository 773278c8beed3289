/**
 * Section 6's feature flags, the names the server's check-flag service answers and the client
 * reads (decision 191). Shared, so neither side can ask about a flag the other does not know; which
 * are on is the server's (server/features/flag-service.ts), never the client's.
 */
export const FEATURE_FLAGS = [
  'greenLeasing',
  'luminorOpenBankingLogin',
  'crossSellSigning',
  'paymentSigning',
  'remoteIdentification',
  'manualBankStatementUpload',
  'placeOfBirthAndDocumentValidity',
  'renewableLoan',
  'realEstateInHousingFlow',
  'incomeFromAbroad',
  'eParakstsSigning',
  'captcha',
] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export function isFeatureFlag(value: string): value is FeatureFlag {
  return (FEATURE_FLAGS as readonly string[]).includes(value);
}
