/**
 * businessData's answers on the check-answers page: the company, the financing and the
 * representative. The staff section and the language are not answers about the application.
 */
import { msg } from '@lingui/core/macro';
import { choiceAnswer, moneyAnswer, phoneAnswer, row, textAnswer, yesNoAnswer } from '../_kit/summary-kit';
import { CORPORATE_PRODUCT_LABELS as PRODUCT_LABELS } from '../_kit/corporate-product-labels';
import type { StepSummary } from '../_kit/step-registry-types';
import { INDUSTRY_LABELS } from './labels';

export default {
  title: (i18n) => i18n._(msg`Your company and the financing`),
  rows: (values, i18n) => {
    const liabilities = values['hasLiabilities'];
    return [
      row('countryCode', msg`Country where the company is registered`, textAnswer(values['countryCode'], i18n), i18n),
      row('registrationCode', msg`Registration code`, textAnswer(values['registrationCode'], i18n), i18n),
      row('businessName', msg`Company name`, textAnswer(values['businessName'], i18n), i18n),
      row('industryCode', msg`Field of activity`, choiceAnswer(values['industryCode'], INDUSTRY_LABELS, i18n), i18n),
      row('expectedTurnover', msg`Expected turnover this year`, moneyAnswer(values['expectedTurnover'], i18n), i18n),
      row('expectedProfit', msg`Expected profit this year`, moneyAnswer(values['expectedProfit'], i18n), i18n),
      row('hasLiabilities', msg`Does the company have loans, leases or guarantees?`, yesNoAnswer(liabilities === 'yes' ? true : liabilities === 'no' ? false : liabilities, i18n), i18n),
      row('productName', msg`Type of financing`, choiceAnswer(values['productName'], PRODUCT_LABELS, i18n), i18n),
      row('loanAmount', msg`Amount`, moneyAnswer(values['loanAmount'], i18n), i18n),
      row('loanPeriod', msg`Loan period (months)`, textAnswer(values['loanPeriod'], i18n), i18n),
      row('loanPurposeText', msg`What is the financing for?`, textAnswer(values['loanPurposeText'], i18n), i18n),
      row('firstName', msg`First name`, textAnswer(values['firstName'], i18n), i18n),
      row('surname', msg`Surname`, textAnswer(values['surname'], i18n), i18n),
      row('personalCode', msg`Personal code`, textAnswer(values['personalCode'], i18n), i18n),
      row('email', msg`E-mail`, textAnswer(values['email'], i18n), i18n),
      row('phoneNumber', msg`Phone number`, phoneAnswer(values['phoneNumber'], i18n), i18n),
    ];
  },
} satisfies StepSummary;
