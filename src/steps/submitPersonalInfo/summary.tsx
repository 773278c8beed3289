/**
 * The personal-info step's answers on the check-answers page (issue 11). What a person was asked
 * depends on who they are (a co-borrower is shown the loan, not asked it; only bank staff record
 * the channel), so an answer that can only exist when its question was asked is listed when given.
 * The consents (registry checks, and the staff member's confirmation of identity) are permissions,
 * not answers (decision 120), and are not listed.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { localeFromLanguageCode } from '../../../core/domain/languages';
import { LANGUAGE_ENDONYMS } from '../../i18n/language-names';
import { parseLatvianBirthDate } from '../../../core/validation/latvia/birth-date';
import { PRODUCT_LABELS } from '../_kit/product-labels';
import type { StepSummary, SummaryRow } from '../_kit/step-registry-types';
import { choiceAnswer, dateAnswer, row, textAnswer } from '../_kit/summary-kit';
import { asksDateOfBirth } from './contract';

const CHANNEL_LABELS = {
  CALL_CENTER: msg`By phone, through the call centre`,
  OFFICE: msg`In a bank office`,
};

function given(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** The Latvian date of birth as typed (ddMMyy, dd.MM.yyyy, yyyy-MM-dd: decision 193), as a long date. */
function birthDateAnswer(value: unknown, i18n: I18n): string {
  const typed = typeof value === 'string' ? value.trim() : '';
  const date = parseLatvianBirthDate(typed);
  if (!date) return textAnswer(value, i18n);
  return dateAnswer({ day: String(date.getDate()), month: String(date.getMonth() + 1), year: String(date.getFullYear()) }, i18n);
}

function languageAnswer(value: unknown, i18n: I18n): string {
  const locale = typeof value === 'string' ? localeFromLanguageCode(value) : undefined;
  return locale ? LANGUAGE_ENDONYMS[locale] : textAnswer(value, i18n);
}

export default {
  title: (i18n) => i18n._(msg`Your personal details`),
  rows: (values, i18n) => {
    const rows: SummaryRow[] = [];
    if (given(values['channel'])) rows.push(row('channel', msg`How did the customer contact the bank?`, choiceAnswer(values['channel'], CHANNEL_LABELS, i18n), i18n));
    if (given(values['productName'])) rows.push(row('productName', msg`Loan type`, choiceAnswer(values['productName'], PRODUCT_LABELS, i18n), i18n));
    if (given(values['campaignCode'])) rows.push(row('campaignCode', msg`Campaign code (optional)`, textAnswer(values['campaignCode'], i18n), i18n));
    rows.push(row('personalCode', msg`Personal code`, textAnswer(values['personalCode'], i18n), i18n));
    // Asked in Latvia only, for a code of the new format (which carries no birth date).
    if (asksDateOfBirth('LV', values['personalCode'])) rows.push(row('dateOfBirth', msg`Date of birth`, birthDateAnswer(values['dateOfBirth'], i18n), i18n));
    if (given(values['languageCode'])) rows.push(row('languageCode', msg`Which language should we contact you in?`, languageAnswer(values['languageCode'], i18n), i18n));
    return rows;
  },
} satisfies StepSummary;
