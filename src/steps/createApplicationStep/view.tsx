import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useWatch } from 'react-hook-form';
import type { calculatorMachine } from '../../../machines/calculator/calculator.machine';
import { calculatorView } from '../../../machines/calculator/calculator.machine';
import type { personalCodeCheckMachine } from '../../../machines/personal-code-check/personal-code-check.machine';
import { personalCodeCheckView } from '../../../machines/personal-code-check/personal-code-check.machine';
import { CheckboxField, MoneyField, PhoneField, SelectField, StepForm, TextField } from '../../components/form/form-fields';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import { contactsOf } from '../../domain/contacts';
import { findProduct, productsOf } from '../../domain/products';
import { formatEur } from '../../validation/format/money';
import { acceptedPhoneCodes } from '../../validation/general/phone';
import { PRODUCT_LABELS } from '../product-labels';
import { useRuntimeConfig } from '../runtime-config-context';
import { DraftConflictNotice, SubmitErrorText } from '../step-feedback';
import { useContractForm } from '../use-contract-form';
import { useStepLogic } from '../use-step-logic';
import { PersonalCodeField } from '../personal-code-field';
import { MarketingConsentField } from '../marketing-consent';
import contract from './contract';
import { calculationRequestOf } from './logic';

/**
 * CreateApplicationStep (section 2): product, amount and period with the monthly payment, and the
 * applicant's name, personal code and contacts, with consents. JSX and event sending only: the
 * rules are the contract's, the checks and the calculation the step logic's.
 */
export default function CreateApplicationStep() {
  const { t, i18n } = useLingui();
  const config = useRuntimeConfig();
  const personalCode = useStepLogic<typeof personalCodeCheckMachine>('personalCode');
  const calculator = useStepLogic<typeof calculatorMachine>('calculator');
  const codeCheck = useSelector(personalCode, personalCodeCheckView);
  const payment = useSelector(calculator, (s) => (s ? calculatorView(s) : null));

  const step = useContractForm(contract, {
    requiredMessages: {
      productName: t`Select the type of loan`,
      loanAmount: t`Enter the loan amount`,
      loanPeriod: t`Enter the loan period in months`,
      firstName: t`Enter your first name`,
      surname: t`Enter your surname`,
      personalCode: t`Enter your personal code`,
      email: t`Enter your e-mail address`,
      'phoneNumber.number': t`Enter your phone number`,
    },
    externalErrors: { personalCode: codeCheck.problem },
    onValuesChange: (values) => {
      personalCode?.send({ type: 'personalCode.typed', text: values.personalCode });
      calculator?.send({ type: 'calculator.changed', request: calculationRequestOf(step.context.domain, step.context.locale, values) });
    },
    onSubmit: (submission, values) => personalCode?.send({ type: 'step.submitted', submission, personalCode: values.personalCode }),
    refusedBy: personalCode,
  });
  const { form } = step.stepForm;
  const { domain, locale } = step.context;
  const product = findProduct(domain, useWatch({ control: form.control, name: 'productName' }));
  const eur = (value: number) => formatEur(value, locale);
  const contacts = contactsOf(config.countryCode, locale);

  const productOptions = productsOf(domain).map((p) => {
    const label = PRODUCT_LABELS[p.productName];
    return { value: p.productName, label: label ? i18n._(label) : p.productName };
  });

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="createApplicationStep" focusOnMount={false}>
        <span id="step-heading">
          <Trans>Apply for a loan</Trans>
        </span>
      </PageHeading>
      <DraftConflictNotice />
      <div className="solis-inset-text">
        <p>
          <Trans>We save your answers as you type, so you can close this page and come back to finish later.</Trans>{' '}
          {contacts && (
            <a className="solis-link" href={contacts.privacyNoticeUrl}>
              <Trans>How we use your personal data</Trans>
            </a>
          )}
        </p>
      </div>

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>Your loan</Trans>
        </legend>
        <SelectField form={form} name="productName" label={t`Loan type`} options={productOptions} autoComplete="off" />
        <MoneyField
          form={form}
          name="loanAmount"
          label={t`Loan amount`}
          hint={product ? t`From ${eur(product.minAmount)} to ${eur(product.maxAmount)}` : undefined}
          autoComplete="off"
          width="10"
        />
        <TextField
          form={form}
          name="loanPeriod"
          label={t`Loan period (months)`}
          hint={product ? t`From ${product.minPeriod} to ${product.maxPeriod} months` : undefined}
          autoComplete="off"
          inputMode="numeric"
          width="10"
        />
        <p className="solis-monthly-payment" role="status" aria-live="polite">
          {payment?.monthlyPayment != null ? (
            <Trans>
              Monthly payment: <strong>{eur(payment.monthlyPayment)}</strong>
            </Trans>
          ) : payment?.failed ? (
            <Trans>Monthly payment: we could not calculate it right now. It will be shown in your offer.</Trans>
          ) : payment?.calculating ? (
            <Trans>Monthly payment: calculating…</Trans>
          ) : (
            <Trans>Monthly payment: shown when the amount and period are within the limits.</Trans>
          )}
        </p>
      </fieldset>

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>About you</Trans>
        </legend>
        <TextField form={form} name="firstName" label={t`First name`} autoComplete="given-name" inputMode="text" spellCheck={false} />
        <TextField form={form} name="surname" label={t`Surname`} autoComplete="family-name" inputMode="text" spellCheck={false} />
        <PersonalCodeField form={form} name="personalCode" domain={domain} check={personalCode} />
        <TextField form={form} name="email" type="email" label={t`E-mail`} autoComplete="email" inputMode="email" spellCheck={false} />
        <PhoneField
          form={form}
          codeName="phoneNumber.code"
          numberName="phoneNumber.number"
          codes={acceptedPhoneCodes(domain)}
          codeLabel={t`Country code`}
          numberLabel={t`Phone number`}
        />
      </fieldset>

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>Consents</Trans>
        </legend>
        <CheckboxField
          form={form}
          name="consentDataProcessing"
          label={t`I agree to the processing of my personal data to assess this application, including queries to credit registers.`}
        />
        <MarketingConsentField form={form} name="consentMarketing" />
      </fieldset>

      <SubmitButton
        pending={step.pending || codeCheck.submitting}
        error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}
      >
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
