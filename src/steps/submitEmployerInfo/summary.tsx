/**
 * The employer step's answers on the check-answers page (issue 11). The contract's end date is
 * listed for a fixed-term contract only, the one it was asked for. The employer's name and start
 * date are "About you"'s answers, listed there once (decision 196).
 */
import { msg } from '@lingui/core/macro';
import { EMPLOYMENT_CONTRACT_TYPE_LABELS } from '../../i18n/labels/background';
import type { StepSummary, SummaryRow } from '../_kit/step-registry-types';
import { choiceAnswer, dateAnswer, phoneAnswer, row, textAnswer } from '../_kit/summary-kit';

export default {
  title: (i18n) => i18n._(msg`Your employer`),
  rows: (values, i18n) => {
    const rows: SummaryRow[] = [
      row('registrationCode', msg`Employer’s registration code (optional)`, textAnswer(values['registrationCode'], i18n), i18n),
      row('position', msg`Your job title`, textAnswer(values['position'], i18n), i18n),
      row('contractType', msg`What kind of employment contract do you have?`, choiceAnswer(values['contractType'], EMPLOYMENT_CONTRACT_TYPE_LABELS, i18n), i18n),
    ];
    if (values['contractType'] === 'FIXED_TERM') rows.push(row('contractEndDate', msg`When does your contract end?`, dateAnswer(values['contractEndDate'], i18n), i18n));
    rows.push(row('phoneNumber', msg`Employer’s phone number (optional)`, phoneAnswer(values['phoneNumber'], i18n), i18n));
    return rows;
  },
} satisfies StepSummary;
