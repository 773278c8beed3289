/**
 * Every message key the validation library can return (spec section 5). Rules return these keys
 * as valibot issue messages; the client translates them through Lingui
 * (src/i18n/validation-messages.ts) and the server sends them as `fieldErrors`. No Lingui here:
 * this module also runs on the server under plain Node.
 */
/** The names of the keys; each key is `validation.messages.<name>`. */
const MESSAGE_NAMES = [
  // Shared (section 5 intro: the one required key).
  'required',
  'integer',
  'consentRequired',
  'choiceInvalid',
  'textLength1To256',
  'textLength2To200',
  'textLength2To256',
  'textLength2To512',
  'textLength2To1024',
  'textInvalidCharacters',
  'alphanumericOnly',

  // Product choice (create-application step).
  'amountOutOfRange',
  'periodOutOfRange',
  'loanPurposeNotOffered',

  // Partner links (section 3).
  'partnerUnknown',
  'redirectUriNotRegistered',

  // Person names.
  'nameInvalidCharacters',
  'nameNoDigitsOrSymbols',
  'nameLettersAndSpacesOnly',
  'nameHyphenAtEdge',
  'nameLooksLikeCompany',

  // E-mail.
  'emailInvalid',
  'emailDotBeforeAt',
  'emailHostMisspelt',
  'emailEndingMisspelt',
  'emailGmailNotCom',

  // Phone.
  'phoneCountryCodeNotAccepted',
  'phoneInvalid',
  'phoneLatvianFormat',
  'phoneEstonianMobileLength',
  'phoneFinnishMobileLength',
  'phoneLithuanianFormat',
  'phoneLandlineOrMobile',

  // IBAN.
  'ibanInvalid',
  'ibanNotLatvian',
  'ibanNotEstonian',
  'ibanNotBaltic',
  'ibanNotLithuanian',

  // Personal codes.
  'personalCodeInvalid',
  'personalCodeFormatEstonia',
  'personalCodeFormatLithuania',
  'personalCodeFormatLatvia',
  'personalCodeAgeOutOfRange',
  'personalCodeCheckFailed',

  // Money and numbers.
  'moneyInvalid',
  'moneyTooManyDecimals',
  'moneyBelowMinimum',
  'moneyAboveMaximum',
  'financeFormatInvalid',
  'numberInvalid',
  'numberOutOfRange',

  // Repeating blocks (rows of incomes, liabilities, owners, ...).
  'rowsTooMany',
  'rowsTooFew',
  'choicesTooMany',

  // Campaign code.
  'campaignCodeInvalid',
  'campaignCodeTooLong',

  // Addresses.
  'addressInvalidCharacters',
  'postalCodeLatvia',
  'postalCodeInvalid',
  /** Decision 193: an Estonian postal code is exactly 5 digits. */
  'postalCodeEstonia',
  /** Decision 193: a Lithuanian postal code is LT- and 5 digits. */
  'postalCodeLithuania',

  // Dates.
  'dateInvalid',
  'dateInFuture',
  'deadlineInPast',
  'deadlineTooFar',
  'birthDateFormatLatvia',
  'ageOutOfRange',
  'employmentStartTooOld',
  /** Decision 180: an employment start before the person was old enough to work ({years}). */
  'employmentStartBeforeWorkingAge',

  // Tax residency, citizenship, relationship purpose.
  'taxpayerNumberInvalid',
  'taxResidencyTooMany',
  'taxResidencyDuplicate',
  'taxResidencyFirstFixed',
  'citizenshipDualSameAsMain',
  'citizenshipLatviaAndNonCitizen',
  'purposeOfRelationshipTooMany',
  'purposeOfRelationshipLoanRequired',

  // Housing loan.
  'ownContributionTooHigh',
  'housingAmountBelowMinimum',
  'housingAmountNotPriceLessOwnContribution',

  // Corporate leasing.
  'leasePriceOutOfRange',
  'leasingPeriodOutOfRange',
  'productionYearOutOfRange',
  'registrationYearOutOfRange',
  'downPaymentOutOfRange',
  'residualOutOfRange',
  /** Decision 182: a down payment or residual given as a percentage of the price, from {min} to {max} percent. */
  'downPaymentPercentOutOfRange',
  'residualPercentOutOfRange',
  'downPaymentAndResidualTooHigh',
  'monthlySumTooHigh',
  'collateralsTooMany',

  // Identity documents (any country).
  'documentNumberInvalid',
  'documentExpired',
  'documentExpiryNotAfterIssue',
  /** Decision 180: a date of issue from 1 January {year} to today. */
  'documentIssueDateOutOfRange',
  /** Decision 180: an expiry date at most {years} years from today. */
  'documentExpiryTooFar',

  // Real estate: interest rate of the contract being refinanced, construction year.
  'percentInvalid',
  'percentTooManyDecimals',
  'percentOutOfRange',
  'yearOutOfRange',

  // Latvian documents.
  'passportNumberLatvia',
  'idCardNumberLatvia',

  // Related persons (collateral owners).
  'relatedPersonDuplicateCode',
  'relatedPersonSameAsApplicant',
  /** A co-borrower gave the main applicant's personal code (issue 11). */
  'coBorrowerSameAsApplicant',
  'relatedPersonParentNotOlder',
  'relatedPersonChildNotYounger',
  'relatedPersonConflictingRelations',
  'relatedPersonTooManyParents',

  // Uploads (section 8: allowed types, duplicate file, empty file, size limit).
  'fileNameTooLong',
  'fileTooLarge',
  'fileEmpty',
  'fileDuplicate',
  'fileTypeNotAllowed',
  'fileContentMismatch',
  'filesTooMany',
  /** Decision 134: going on without the statements is not offered for this application. */
  'uploadSkipNotAllowed',

  // The population register (decision 186): the server's check of a personal code and of the name.
  'personalCodeNotInRegister',
  'nameDiffersFromRegister',
  // The business register (issue 24, decision 181): businessData's company as the register knows it.
  'companyNotInRegister',
  'companyInLiquidation',
  'companyNotActive',
] as const;

type MessageName = (typeof MESSAGE_NAMES)[number];

/**
 * The keys by name (`MESSAGES.required` is `validation.messages.required`), built from the names:
 * the table is on the first page's JavaScript, and a written-out key per name cost it 0.5 kB gzip.
 */
export const MESSAGES = Object.fromEntries(MESSAGE_NAMES.map((name) => [name, `validation.messages.${name}`])) as {
  readonly [Name in MessageName]: `validation.messages.${Name}`;
};

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
