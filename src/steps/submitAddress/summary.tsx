/**
 * The address step's answers on the check-answers page (issue 11): each address as one answer,
 * its parts in the order they are written (GOV.UK lists an address as one row), and whether
 * letters go elsewhere. The correspondence address is listed only when it was asked for.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { countryName } from '../../i18n/country-names';
import type { StepSummary, SummaryRow } from '../_kit/step-registry-types';
import { notGiven, row, yesNoAnswer } from '../_kit/summary-kit';
import { normalisePostalCode } from '../../../core/validation/general/postal-code';

function part(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** "Narva mnt 5, apartment 12, Tallinn, Harju maakond, 10117, Estonia": the parts given, in order. */
function addressAnswer(values: Readonly<Record<string, unknown>>, prefix: '' | 'correspondence', i18n: I18n): string {
  const name = (field: string) => (prefix ? `${prefix}${field[0]?.toUpperCase()}${field.slice(1)}` : field);
  const apartment = part(values[name('apartment')]);
  const country = part(values[name('country')]);
  const parts = [
    part(values[name('street')]),
    apartment ? i18n._(msg`apartment ${apartment}`) : '',
    part(values[name('city')]),
    part(values[name('county')]),
    normalisePostalCode(part(values[name('postalCode')]), country || undefined),
    country ? countryName(country, i18n.locale) : '',
  ].filter((text) => text !== '');
  // The country is chosen from the start: an address of nothing but its country was not given.
  const typed = parts.length - (country ? 1 : 0);
  return typed === 0 ? notGiven(i18n) : parts.join(', ');
}

export default {
  title: (i18n) => i18n._(msg`Your address`),
  rows: (values, i18n) => {
    const different = values['correspondenceDifferent'] === true;
    const rows: SummaryRow[] = [
      row('street', msg`Where you live`, addressAnswer(values, '', i18n), i18n),
      row('correspondenceDifferent', msg`My correspondence address is different`, yesNoAnswer(different, i18n), i18n),
    ];
    if (different) rows.push(row('correspondenceStreet', msg`Your correspondence address`, addressAnswer(values, 'correspondence', i18n), i18n));
    return rows;
  },
} satisfies StepSummary;
