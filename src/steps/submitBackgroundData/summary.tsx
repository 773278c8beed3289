/**
 * The background step's answers on the check-answers page (issue 11): household, citizenship,
 * work, the politically exposed person declaration and, for the applicant, the co-applicant. A
 * follow-up is listed only when the answer before it asked it (the employer for an employee, the
 * public function after "Yes"), whatever the form still holds from an earlier answer.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { hasWorkStartDate, worksForEmployer } from '../../../core/domain/background';
import { countryName } from '../../i18n/country-names';
import {
  DEPENDANT_COUNT_LABELS,
  EDUCATION_LABELS,
  EMPLOYMENT_TYPE_LABELS,
  HOUSING_TYPE_LABELS,
  MARITAL_STATUS_LABELS,
  POSITION_LEVEL_LABELS,
} from '../../i18n/labels/background';
import { LATVIAN_NON_CITIZEN_CODE } from '../../../core/validation/general/countries';
import type { StepSummary, SummaryRow } from '../_kit/step-registry-types';
import { choiceAnswer, dateAnswer, phoneAnswer, row, textAnswer, yesNoAnswer } from '../_kit/summary-kit';

const NON_CITIZEN = msg`Latvian non-citizen`;

/** A citizenship by its name in the reader's language (Latvia's non-citizen status by ours). */
function citizenshipAnswer(value: unknown, i18n: I18n): string {
  if (typeof value !== 'string' || value.trim() === '') return textAnswer(value, i18n);
  return value === LATVIAN_NON_CITIZEN_CODE ? i18n._(NON_CITIZEN) : countryName(value, i18n.locale);
}

/** The yes/no radios hold 'yes' or 'no'. */
function radiosAnswer(value: unknown, i18n: I18n): string {
  return yesNoAnswer(value === 'yes' ? true : value === 'no' ? false : value, i18n);
}

export default {
  title: (i18n) => i18n._(msg`About you`),
  rows: (values, i18n) => {
    const employmentType = values['employmentType'];
    const rows: SummaryRow[] = [
      row('maritalStatus', msg`What is your marital status?`, choiceAnswer(values['maritalStatus'], MARITAL_STATUS_LABELS, i18n), i18n),
      row('education', msg`What is your highest level of education?`, choiceAnswer(values['education'], EDUCATION_LABELS, i18n), i18n),
      row('residenceType', msg`Where do you live?`, choiceAnswer(values['residenceType'], HOUSING_TYPE_LABELS, i18n), i18n),
      row('dependants', msg`How many children under 18 do you support financially?`, choiceAnswer(values['dependants'], DEPENDANT_COUNT_LABELS, i18n), i18n),
      row('adultDependants', msg`How many adults do you support financially?`, choiceAnswer(values['adultDependants'], DEPENDANT_COUNT_LABELS, i18n), i18n),
      row('expectingChild', msg`I am expecting a child`, yesNoAnswer(values['expectingChild'] === true, i18n), i18n),
      row('citizenship', msg`What is your citizenship?`, citizenshipAnswer(values['citizenship'], i18n), i18n),
      row('addDualCitizenship', msg`I also have another citizenship`, yesNoAnswer(values['addDualCitizenship'] === true, i18n), i18n),
    ];
    if (values['addDualCitizenship'] === true) {
      rows.push(row('dualCitizenship', msg`What is your other citizenship?`, citizenshipAnswer(values['dualCitizenship'], i18n), i18n));
    }
    rows.push(row('employmentType', msg`What is your employment status?`, choiceAnswer(employmentType, EMPLOYMENT_TYPE_LABELS, i18n), i18n));
    if (worksForEmployer(employmentType)) rows.push(row('employerName', msg`What is the name of your employer?`, textAnswer(values['employerName'], i18n), i18n));
    if (hasWorkStartDate(employmentType)) rows.push(row('employmentStartDate', msg`When did you start this work?`, dateAnswer(values['employmentStartDate'], i18n), i18n));
    if (worksForEmployer(employmentType)) rows.push(row('positionLevel', msg`What is your position level?`, choiceAnswer(values['positionLevel'], POSITION_LEVEL_LABELS, i18n), i18n));
    rows.push(
      row(
        'politicallyExposed',
        msg`Are you a politically exposed person, or a family member or close associate of one?`,
        radiosAnswer(values['politicallyExposed'], i18n),
        i18n,
      ),
    );
    if (values['politicallyExposed'] === 'yes') {
      rows.push(row('politicallyExposedComment', msg`What is the public function, and who holds it?`, textAnswer(values['politicallyExposedComment'], i18n), i18n));
    }
    // Only the applicant is asked (a co-borrower is the co-applicant): an answer means it was asked.
    if (values['hasCoApplicant'] === 'yes' || values['hasCoApplicant'] === 'no') {
      rows.push(row('hasCoApplicant', msg`Do you want to apply together with someone else?`, radiosAnswer(values['hasCoApplicant'], i18n), i18n));
    }
    if (values['hasCoApplicant'] === 'yes') {
      rows.push(
        row('coApplicantFirstName', msg`Co-applicant’s first name`, textAnswer(values['coApplicantFirstName'], i18n), i18n),
        row('coApplicantSurname', msg`Co-applicant’s surname`, textAnswer(values['coApplicantSurname'], i18n), i18n),
        row('coApplicantEmail', msg`Co-applicant’s e-mail address`, textAnswer(values['coApplicantEmail'], i18n), i18n),
        row('coApplicantPhone', msg`Co-applicant’s phone number`, phoneAnswer(values['coApplicantPhone'], i18n), i18n),
      );
    }
    return rows;
  },
} satisfies StepSummary;
