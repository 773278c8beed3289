/**
 * The create step's answers on the check-answers page (issue 11): the loan chosen and who is
 * applying. The monthly payment is worked out, not answered; the language is the one in use; the
 * consents are permissions, not answers (decision 120), so none of them is listed.
 */
import { msg } from '@lingui/core/macro';
import { choiceAnswer, moneyAnswer, phoneAnswer, row, textAnswer } from '../_kit/summary-kit';
import { financesPrice, hasInstalments, productTypeOf } from '../../../core/domain/products';
import { PRODUCT_LABELS } from '../_kit/product-labels';
import type { StepSummary } from '../_kit/step-registry-types';

export default {
  title: (i18n) => i18n._(msg`Your loan and contact details`),
  rows: (values, i18n) => {
    // As the step asked it: a card's amount is its credit limit, and a card has no period (the
    // form may still hold the loan's period from before the card was chosen).
    const productName = typeof values['productName'] === 'string' ? values['productName'] : undefined;
    const card = productTypeOf(productName) === 'CREDIT_CARD';
    const periodAsked = productName === undefined || hasInstalments(productName);
    return [
      row('productName', msg`Loan type`, choiceAnswer(values['productName'], PRODUCT_LABELS, i18n), i18n),
      // A housing loan: the price and own contribution the amount is made of (section 5).
      ...(financesPrice(values['productName'])
        ? [
            row('price', msg`Price of the home`, moneyAnswer(values['price'], i18n), i18n),
            row('ownContribution', msg`Your own contribution`, moneyAnswer(values['ownContribution'], i18n), i18n),
          ]
        : []),
      row('loanAmount', card ? msg`Credit limit` : msg`Loan amount`, moneyAnswer(values['loanAmount'], i18n), i18n),
      ...(periodAsked ? [row('loanPeriod', msg`Loan period (months)`, textAnswer(values['loanPeriod'], i18n), i18n)] : []),
      row('firstName', msg`First name`, textAnswer(values['firstName'], i18n), i18n),
      row('surname', msg`Surname`, textAnswer(values['surname'], i18n), i18n),
      row('personalCode', msg`Personal code`, textAnswer(values['personalCode'], i18n), i18n),
      row('email', msg`E-mail`, textAnswer(values['email'], i18n), i18n),
      row('phoneNumber', msg`Phone number`, phoneAnswer(values['phoneNumber'], i18n), i18n),
    ];
  },
} satisfies StepSummary;
