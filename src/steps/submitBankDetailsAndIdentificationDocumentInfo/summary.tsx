/**
 * The bank details step's answers on the check-answers page (issue 11): the account and payment
 * day, the identity document, one row per country of tax residency, and the purposes of the
 * relationship. The payment day (the applicant's only) and the place of birth (behind its flag)
 * are in the form only when the step asked them. The document-validity confirmation is a
 * declaration, not an answer (decision 120), and is not listed.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CountryCode } from '../../../core/domain/business-domains';
import { countryName } from '../../i18n/country-names';
import { DOCUMENT_TYPE_LABELS, PURPOSE_OF_RELATIONSHIP_LABELS } from '../../i18n/labels/finances';
import { formatIban } from '../../../core/validation/format/iban';
import { isTaxPayerCodeRequired } from '../../../core/validation/general/tax-residency';
import type { StepSummary, SummaryRow } from '../_kit/step-registry-types';
import { choiceAnswer, choicesAnswer, dateAnswer, notGiven, row, textAnswer } from '../_kit/summary-kit';

type Entry = Readonly<Record<string, unknown>>;

const SERVED_COUNTRIES: readonly string[] = ['EE', 'LV', 'LT'];

function given(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The account number as section 5 writes it (upper case, groups of four). */
function accountAnswer(value: unknown, i18n: I18n): string {
  return given(value) ? formatIban(value) || value.trim() : notGiven(i18n);
}

/**
 * The country served, which needs no taxpayer number: the account's country (the step takes the
 * served country's accounts only), else the first residency unless that is the USA (a US citizen's).
 */
function servedCountryOf(values: Readonly<Record<string, unknown>>, residencies: readonly Entry[]): CountryCode | undefined {
  const account = given(values['bankAccountNumber']) ? values['bankAccountNumber'].replace(/\s/g, '').slice(0, 2).toUpperCase() : '';
  if (SERVED_COUNTRIES.includes(account)) return account as CountryCode;
  const first = residencies[0]?.['countryCode'];
  return typeof first === 'string' && SERVED_COUNTRIES.includes(first) ? (first as CountryCode) : undefined;
}

function residencyAnswer(residency: Entry, served: CountryCode | undefined, i18n: I18n): string {
  const code = residency['countryCode'];
  if (!given(code)) return notGiven(i18n);
  const country = countryName(code, i18n.locale);
  const asked = served ? isTaxPayerCodeRequired(code, served) : given(residency['taxPayerCode']);
  if (!asked) return country;
  const number = textAnswer(residency['taxPayerCode'], i18n);
  return i18n._(msg`${country}, taxpayer identification number ${number}`);
}

export default {
  title: (i18n) => i18n._(msg`Your bank account and identity document`),
  rows: (values, i18n) => {
    const residencies = Array.isArray(values['taxResidencies']) ? (values['taxResidencies'] as unknown[]).filter((entry): entry is Entry => typeof entry === 'object' && entry !== null) : [];
    const served = servedCountryOf(values, residencies);
    const rows: SummaryRow[] = [row('bankAccountNumber', msg`Bank account number (IBAN)`, accountAnswer(values['bankAccountNumber'], i18n), i18n)];
    if ('monthlyPaymentDay' in values) rows.push(row('monthlyPaymentDay', msg`Monthly payment day`, textAnswer(values['monthlyPaymentDay'], i18n), i18n));
    rows.push(
      row('documentType', msg`Document type`, choiceAnswer(values['documentType'], DOCUMENT_TYPE_LABELS, i18n), i18n),
      row('documentNumber', msg`Document number`, given(values['documentNumber']) ? values['documentNumber'].replace(/\s+/g, '').toUpperCase() : notGiven(i18n), i18n),
      row('issueDate', msg`Date of issue`, dateAnswer(values['issueDate'], i18n), i18n),
      row('expiryDate', msg`Expiry date`, dateAnswer(values['expiryDate'], i18n), i18n),
    );
    if ('placeOfBirth' in values) rows.push(row('placeOfBirth', msg`Place of birth`, textAnswer(values['placeOfBirth'], i18n), i18n));
    if (residencies.length === 0) rows.push(row('taxResidencies', msg`Where you are resident for tax purposes`, notGiven(i18n), i18n));
    residencies.forEach((residency, index) =>
      rows.push(row(`taxResidencies.${index}.countryCode`, msg`Country of tax residency ${index + 1}`, residencyAnswer(residency, served, i18n), i18n)),
    );
    rows.push(row('purposeOfRelationship', msg`Why do you want to use our services?`, choicesAnswer(values['purposeOfRelationship'], PURPOSE_OF_RELATIONSHIP_LABELS, i18n), i18n));
    return rows;
  },
} satisfies StepSummary;
