/**
 * Every message key the validation library can return (spec section 5). Rules return these keys
 * as valibot issue messages; the client translates them through Lingui
 * (src/i18n/validation-messages.ts) and the server sends them as `fieldErrors`. No Lingui here:
 * this module also runs on the server under plain Node.
 */
export const MESSAGES = {
  // Shared (section 5 intro: the one required key).
  required: 'validation.messages.required',
  integer: 'validation.messages.integer',
  consentRequired: 'validation.messages.consentRequired',
  choiceInvalid: 'validation.messages.choiceInvalid',
  textLength1To256: 'validation.messages.textLength1To256',
  textLength2To200: 'validation.messages.textLength2To200',
  textLength2To256: 'validation.messages.textLength2To256',
  textLength2To512: 'validation.messages.textLength2To512',
  textLength2To1024: 'validation.messages.textLength2To1024',
  textInvalidCharacters: 'validation.messages.textInvalidCharacters',
  alphanumericOnly: 'validation.messages.alphanumericOnly',

  // Product choice (create-application step).
  amountOutOfRange: 'validation.messages.amountOutOfRange',
  periodOutOfRange: 'validation.messages.periodOutOfRange',
  loanPurposeNotOffered: 'validation.messages.loanPurposeNotOffered',

  // Partner links (section 3).
  partnerUnknown: 'validation.messages.partnerUnknown',
  redirectUriNotRegistered: 'validation.messages.redirectUriNotRegistered',

  // Person names.
  nameInvalidCharacters: 'validation.messages.nameInvalidCharacters',
  nameNoDigitsOrSymbols: 'validation.messages.nameNoDigitsOrSymbols',
  nameLettersAndSpacesOnly: 'validation.messages.nameLettersAndSpacesOnly',
  nameHyphenAtEdge: 'validation.messages.nameHyphenAtEdge',
  nameLooksLikeCompany: 'validation.messages.nameLooksLikeCompany',

  // E-mail.
  emailInvalid: 'validation.messages.emailInvalid',
  emailDotBeforeAt: 'validation.messages.emailDotBeforeAt',
  emailHostMisspelt: 'validation.messages.emailHostMisspelt',
  emailEndingMisspelt: 'validation.messages.emailEndingMisspelt',
  emailGmailNotCom: 'validation.messages.emailGmailNotCom',

  // Phone.
  phoneCountryCodeNotAccepted: 'validation.messages.phoneCountryCodeNotAccepted',
  phoneInvalid: 'validation.messages.phoneInvalid',
  phoneLatvianFormat: 'validation.messages.phoneLatvianFormat',
  phoneEstonianMobileLength: 'validation.messages.phoneEstonianMobileLength',
  phoneFinnishMobileLength: 'validation.messages.phoneFinnishMobileLength',
  phoneLithuanianFormat: 'validation.messages.phoneLithuanianFormat',
  phoneLandlineOrMobile: 'validation.messages.phoneLandlineOrMobile',

  // IBAN.
  ibanInvalid: 'validation.messages.ibanInvalid',
  ibanNotLatvian: 'validation.messages.ibanNotLatvian',
  ibanNotEstonian: 'validation.messages.ibanNotEstonian',
  ibanNotBaltic: 'validation.messages.ibanNotBaltic',
  ibanNotLithuanian: 'validation.messages.ibanNotLithuanian',

  // Personal codes.
  personalCodeInvalid: 'validation.messages.personalCodeInvalid',
  personalCodeFormatEstonia: 'validation.messages.personalCodeFormatEstonia',
  personalCodeFormatLithuania: 'validation.messages.personalCodeFormatLithuania',
  personalCodeFormatLatvia: 'validation.messages.personalCodeFormatLatvia',
  personalCodeAgeOutOfRange: 'validation.messages.personalCodeAgeOutOfRange',
  personalCodeCheckFailed: 'validation.messages.personalCodeCheckFailed',

  // Money and numbers.
  moneyInvalid: 'validation.messages.moneyInvalid',
  moneyTooManyDecimals: 'validation.messages.moneyTooManyDecimals',
  moneyBelowMinimum: 'validation.messages.moneyBelowMinimum',
  moneyAboveMaximum: 'validation.messages.moneyAboveMaximum',
  financeFormatInvalid: 'validation.messages.financeFormatInvalid',
  numberInvalid: 'validation.messages.numberInvalid',
  numberOutOfRange: 'validation.messages.numberOutOfRange',

  // Repeating blocks (rows of incomes, liabilities, owners, ...).
  rowsTooMany: 'validation.messages.rowsTooMany',
  rowsTooFew: 'validation.messages.rowsTooFew',
  choicesTooMany: 'validation.messages.choicesTooMany',

  // Campaign code.
  campaignCodeInvalid: 'validation.messages.campaignCodeInvalid',
  campaignCodeTooLong: 'validation.messages.campaignCodeTooLong',

  // Addresses.
  addressInvalidCharacters: 'validation.messages.addressInvalidCharacters',
  postalCodeLatvia: 'validation.messages.postalCodeLatvia',
  postalCodeInvalid: 'validation.messages.postalCodeInvalid',
  /** Decision 193: an Estonian postal code is exactly 5 digits. */
  postalCodeEstonia: 'validation.messages.postalCodeEstonia',
  /** Decision 193: a Lithuanian postal code is LT- and 5 digits. */
  postalCodeLithuania: 'validation.messages.postalCodeLithuania',

  // Dates.
  dateInvalid: 'validation.messages.dateInvalid',
  dateInFuture: 'validation.messages.dateInFuture',
  deadlineInPast: 'validation.messages.deadlineInPast',
  deadlineTooFar: 'validation.messages.deadlineTooFar',
  birthDateFormatLatvia: 'validation.messages.birthDateFormatLatvia',
  ageOutOfRange: 'validation.messages.ageOutOfRange',
  employmentStartTooOld: 'validation.messages.employmentStartTooOld',
  /** Decision 180: an employment start before the person was old enough to work ({years}). */
  employmentStartBeforeWorkingAge: 'validation.messages.employmentStartBeforeWorkingAge',

  // Tax residency, citizenship, relationship purpose.
  taxpayerNumberInvalid: 'validation.messages.taxpayerNumberInvalid',
  taxResidencyTooMany: 'validation.messages.taxResidencyTooMany',
  taxResidencyDuplicate: 'validation.messages.taxResidencyDuplicate',
  taxResidencyFirstFixed: 'validation.messages.taxResidencyFirstFixed',
  citizenshipDualSameAsMain: 'validation.messages.citizenshipDualSameAsMain',
  citizenshipLatviaAndNonCitizen: 'validation.messages.citizenshipLatviaAndNonCitizen',
  purposeOfRelationshipTooMany: 'validation.messages.purposeOfRelationshipTooMany',
  purposeOfRelationshipLoanRequired: 'validation.messages.purposeOfRelationshipLoanRequired',

  // Housing loan.
  ownContributionTooHigh: 'validation.messages.ownContributionTooHigh',
  housingAmountBelowMinimum: 'validation.messages.housingAmountBelowMinimum',
  housingAmountNotPriceLessOwnContribution: 'validation.messages.housingAmountNotPriceLessOwnContribution',

  // Corporate leasing.
  leasePriceOutOfRange: 'validation.messages.leasePriceOutOfRange',
  leasingPeriodOutOfRange: 'validation.messages.leasingPeriodOutOfRange',
  productionYearOutOfRange: 'validation.messages.productionYearOutOfRange',
  registrationYearOutOfRange: 'validation.messages.registrationYearOutOfRange',
  downPaymentOutOfRange: 'validation.messages.downPaymentOutOfRange',
  residualOutOfRange: 'validation.messages.residualOutOfRange',
  /** Decision 182: a down payment or residual given as a percentage of the price, from {min} to {max} percent. */
  downPaymentPercentOutOfRange: 'validation.messages.downPaymentPercentOutOfRange',
  residualPercentOutOfRange: 'validation.messages.residualPercentOutOfRange',
  downPaymentAndResidualTooHigh: 'validation.messages.downPaymentAndResidualTooHigh',
  monthlySumTooHigh: 'validation.messages.monthlySumTooHigh',
  collateralsTooMany: 'validation.messages.collateralsTooMany',

  // Identity documents (any country).
  documentNumberInvalid: 'validation.messages.documentNumberInvalid',
  documentExpired: 'validation.messages.documentExpired',
  documentExpiryNotAfterIssue: 'validation.messages.documentExpiryNotAfterIssue',
  /** Decision 180: a date of issue from 1 January {year} to today. */
  documentIssueDateOutOfRange: 'validation.messages.documentIssueDateOutOfRange',
  /** Decision 180: an expiry date at most {years} years from today. */
  documentExpiryTooFar: 'validation.messages.documentExpiryTooFar',

  // Real estate: interest rate of the contract being refinanced, construction year.
  percentInvalid: 'validation.messages.percentInvalid',
  percentTooManyDecimals: 'validation.messages.percentTooManyDecimals',
  percentOutOfRange: 'validation.messages.percentOutOfRange',
  yearOutOfRange: 'validation.messages.yearOutOfRange',

  // Latvian documents.
  passportNumberLatvia: 'validation.messages.passportNumberLatvia',
  idCardNumberLatvia: 'validation.messages.idCardNumberLatvia',

  // Related persons (collateral owners).
  relatedPersonDuplicateCode: 'validation.messages.relatedPersonDuplicateCode',
  relatedPersonSameAsApplicant: 'validation.messages.relatedPersonSameAsApplicant',
  /** A co-borrower gave the main applicant's personal code (issue 11). */
  coBorrowerSameAsApplicant: 'validation.messages.coBorrowerSameAsApplicant',
  relatedPersonParentNotOlder: 'validation.messages.relatedPersonParentNotOlder',
  relatedPersonChildNotYounger: 'validation.messages.relatedPersonChildNotYounger',
  relatedPersonConflictingRelations: 'validation.messages.relatedPersonConflictingRelations',
  relatedPersonTooManyParents: 'validation.messages.relatedPersonTooManyParents',

  // Uploads (section 8: allowed types, duplicate file, empty file, size limit).
  fileNameTooLong: 'validation.messages.fileNameTooLong',
  fileTooLarge: 'validation.messages.fileTooLarge',
  fileEmpty: 'validation.messages.fileEmpty',
  fileDuplicate: 'validation.messages.fileDuplicate',
  fileTypeNotAllowed: 'validation.messages.fileTypeNotAllowed',
  fileContentMismatch: 'validation.messages.fileContentMismatch',
  filesTooMany: 'validation.messages.filesTooMany',
  /** Decision 134: going on without the statements is not offered for this application. */
  uploadSkipNotAllowed: 'validation.messages.uploadSkipNotAllowed',

  // The population register (decision 186): the server's check of a personal code and of the name.
  personalCodeNotInRegister: 'validation.messages.personalCodeNotInRegister',
  nameDiffersFromRegister: 'validation.messages.nameDiffersFromRegister',
  // The business register (issue 24, decision 181): businessData's company as the register knows it.
  companyNotInRegister: 'validation.messages.companyNotInRegister',
  companyInLiquidation: 'validation.messages.companyInLiquidation',
  companyNotActive: 'validation.messages.companyNotActive',
} as const;

export type MessageKey = (typeof MESSAGES)[keyof typeof MESSAGES];

/**
 * A message key with the values its wording needs ("Enter an amount from 500 € to 15 000 €"), kept
 * one plain string so it travels as a valibot issue message and in the server's `fieldErrors`:
 * `validation.messages.amountOutOfRange?minEur=500&maxEur=15000`. Values are never the applicant's
 * input (limits, counts), so nothing typed is echoed back. Names ending in `Eur` are amounts the
 * client formats as money in the reader's language.
 */
export type MessageText = MessageKey | `${MessageKey}?${string}`;

export function messageWithValues(key: MessageKey, values: Readonly<Record<string, string | number>>): MessageText {
  const query = new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)]));
  return `${key}?${query.toString()}`;
}

/** The key and values of a message text; a plain key has no values. */
export function splitMessage(text: string): { key: string; values: Record<string, string> } {
  const at = text.indexOf('?');
  if (at < 0) return { key: text, values: {} };
  return { key: text.slice(0, at), values: Object.fromEntries(new URLSearchParams(text.slice(at + 1))) };
}
