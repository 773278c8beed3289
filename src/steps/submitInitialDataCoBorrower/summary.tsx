/**
 * The co-borrower's first step on their check-answers page (issue 11): who they are and how to
 * reach them. The consents are permissions, not answers (decision 120), and are not listed.
 */
import { msg } from '@lingui/core/macro';
import type { StepSummary } from '../_kit/step-registry-types';
import { phoneAnswer, row, textAnswer } from '../_kit/summary-kit';

export default {
  title: (i18n) => i18n._(msg`Your name and contact details`),
  rows: (values, i18n) => [
    row('firstName', msg`First name`, textAnswer(values['firstName'], i18n), i18n),
    row('surname', msg`Surname`, textAnswer(values['surname'], i18n), i18n),
    row('email', msg`E-mail`, textAnswer(values['email'], i18n), i18n),
    row('phoneNumber', msg`Phone number`, phoneAnswer(values['phoneNumber'], i18n), i18n),
  ],
} satisfies StepSummary;
