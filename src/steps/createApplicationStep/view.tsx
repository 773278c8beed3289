import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useWatch } from 'react-hook-form';
import type { calculatorMachine } from '../../../machines/calculator/calculator.machine';
import type { personalCodeCheckMachine } from '../../features/personal-code/personal-code-check.machine';
import { personalCodeCheckView } from '../../features/personal-code/personal-code-check-view';
import { MoneyField, SelectField, StepForm } from '../../components/form/form-fields';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import { financesPrice, hasAmount, hasInstalments, isWebProduct, productTypeOf, productsForChannel, type ProductName } from '../../../core/domain/products';
import { formatAmount, formatEur } from '../../../core/validation/format/money';
import { housingAmount } from '../../../core/validation/general/housing';
import { readMoney } from '../../../core/validation/money';
import { CalculatorSummary, LoanPeriodField } from '../../features/calculator/calculator-modal';
import { PRODUCT_LABELS } from '../_kit/product-labels';
import { useRuntimeConfig } from '../_kit/runtime-config-context';
import { resumeHref } from '../../../core/domain/app-routes';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useCalculator } from '../../features/calculator/use-calculator';
import { ContactFields, ConsentsFieldset } from '../../features/contact-fields/contact-fields';
import { useContractForm } from '../_kit/use-contract-form';
import { useApplicationActor } from '../_kit/application-actor';
import { CaptchaRefused, CaptchaSlot, isCaptchaRefusal } from '../../features/captcha/captcha-slot';
import { useStepLogic } from '../_kit/use-step-logic';
import { PersonalCodeField } from '../../features/personal-code/personal-code-field';
import contract from './contract';
import { stepValuesOf } from './step-values';

/**
 * CreateApplicationStep (section 2): product, amount and period with the monthly payment, and the
 * applicant's name, personal code and contacts, with consents. JSX and event sending only: the
 * rules are the contract's, the checks and the calculation the step logic's.
 */
export default function CreateApplicationStep() {
  const { t, i18n } = useLingui();
  const config = useRuntimeConfig();
  const personalCode = useStepLogic<typeof personalCodeCheckMachine>('personalCode');
  const codeCheck = useSelector(personalCode, personalCodeCheckView);
  const calculatorActor = useStepLogic<typeof calculatorMachine>('calculator');
  const externalId = useSelector(useApplicationActor(), (s) => s.context.externalId);

  const step = useContractForm(contract, {
    requiredMessages: {
      productName: t`Select the type of loan`,
      loanAmount: t`Enter the loan amount`,
      loanPeriod: t`Enter the loan period in months`,
      price: t`Enter the price of the home`,
      ownContribution: t`Enter your own contribution`,
      firstName: t`Enter your first name`,
      surname: t`Enter your surname`,
      personalCode: t`Enter your personal code`,
      email: t`Enter your e-mail address`,
      'phoneNumber.number': t`Enter your phone number`,
    },
    externalErrors: { personalCode: codeCheck.problem },
    onValuesChange: (typed) => {
      personalCode?.send({ type: 'personalCode.typed', text: typed.personalCode });
      const values = { ...typed };
      // A housing loan's amount is the price less the own contribution (section 5): kept so as they are typed.
      if (financesPrice(values.productName)) {
        const locale = step.context.locale;
        const price = readMoney(values.price, locale);
        const own = readMoney(values.ownContribution, locale);
        const current = readMoney(values.loanAmount, locale);
        if ('value' in price && 'value' in own) {
          const amount = housingAmount(price.value, own.value);
          if (!('value' in current) || current.value !== amount) {
            values.loanAmount = formatAmount(amount, locale);
            step.stepForm.form.setValue('loanAmount', values.loanAmount, { shouldDirty: true });
          }
        }
      }
      calculatorActor?.send({ type: 'calculator.stepChanged', values: stepValuesOf(step.context.locale, values) });
    },
    onSubmit: (submission, values) => personalCode?.send({ type: 'step.submitted', submission, personalCode: values.personalCode }),
    refusedBy: personalCode,
  });
  const { form } = step.stepForm;
  const { domain, locale, products } = step.context;
  const { calculator, view: calculatorState, stepFigures } = useCalculator({
    form,
    amount: 'loanAmount',
    period: 'loanPeriod',
    price: 'price',
    ownContribution: 'ownContribution',
    locale,
  });
  const productName = useWatch({ control: form.control, name: 'productName' }) as ProductName;
  const product = products?.[productName];
  const eur = (value: number) => formatEur(value, locale);
  const contacts = config.contacts[locale];

  // The applicant may switch between the bank's own loan and card products; a partner's or an
  // account's product stays what the application is for.
  const webProducts = productsForChannel(domain, 'WEBPAGE').filter((p) => isWebProduct(p.productName));
  const productOptions = webProducts.map((p) => {
    const label = PRODUCT_LABELS[p.productName];
    return { value: p.productName, label: label ? i18n._(label) : p.productName };
  });
  const productLabel = PRODUCT_LABELS[productName];
  const type = productTypeOf(productName);
  const isCard = type === 'CREDIT_CARD';

  // Decision 206: the heading and the first paragraph are also in `/`'s HTML for a new applicant
  // (server/http/first-page.ts, FIRST_PAGE_MESSAGES): change them there too; e2e/layout-shift.spec.ts
  // compares the two.
  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="createApplicationStep" focusOnMount={false}>
        <span id="step-heading">
          {type === 'CURRENT_ACCOUNT' ? (
            <Trans>Open a current account</Trans>
          ) : isCard ? (
            <Trans>Apply for a credit card</Trans>
          ) : (
            <Trans>Apply for a loan</Trans>
          )}
        </span>
      </PageHeading>
      <DraftConflictNotice />
      <div className="solis-inset-text">
        <p>
          {/* Issue 26 item 2 (decision 195): the promise says how to come back. */}
          <Trans>
            We save your answers as you type, so you can close this page and finish later on any device:{' '}
            <a className="solis-link" href={resumeHref(locale, config.defaultLocale)}>
              log in or get a link by e-mail
            </a>
            .
          </Trans>{' '}
          {contacts && (
            <a className="solis-link" href={contacts.privacyNoticeUrl}>
              <Trans>How we use your personal data</Trans>
            </a>
          )}
        </p>
      </div>

      {hasAmount(productName) && (
        <fieldset className="solis-fieldset">
          <legend className="solis-fieldset__legend">{isCard ? <Trans>Your card</Trans> : <Trans>Your loan</Trans>}</legend>
          {isWebProduct(productName) ? (
            <SelectField form={form} name="productName" label={t`Loan type`} options={productOptions} autoComplete="off" />
          ) : (
            <p>
              <Trans>Product: {productLabel ? i18n._(productLabel) : productName}</Trans>
            </p>
          )}
          {financesPrice(productName) && (
            <>
              <MoneyField form={form} name="price" label={t`Price of the home`} autoComplete="off" width="10" />
              <MoneyField
                form={form}
                name="ownContribution"
                label={t`Your own contribution`}
                hint={t`Up to 90% of the price`}
                autoComplete="off"
                width="10"
              />
            </>
          )}
          <MoneyField
            form={form}
            name="loanAmount"
            label={isCard ? t`Credit limit` : t`Loan amount`}
            hint={
              financesPrice(productName)
                ? t`The price less your own contribution`
                : product
                  ? t`From ${eur(product.minAmount)} to ${eur(product.maxAmount)}`
                  : undefined
            }
            readOnly={financesPrice(productName) || undefined}
            autoComplete="off"
            width="10"
          />
          {hasInstalments(productName) && (
            <LoanPeriodField form={form} name="loanPeriod" product={product} />
          )}
          <CalculatorSummary calculator={calculator} view={calculatorState} stepFigures={stepFigures} card={isCard} />
        </fieldset>
      )}

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>About you</Trans>
        </legend>
        <ContactFields form={form} domain={domain} afterName={<PersonalCodeField form={form} name="personalCode" domain={domain} check={personalCode} />} />
      </fieldset>

      <ConsentsFieldset form={form} />

      {/* Issue 21: the application is created with a captcha token when one is asked for. */}
      {!externalId && <CaptchaSlot pending={step.pending} />}

      <SubmitButton
        pending={step.pending || codeCheck.submitting}
        error={step.submitError ? isCaptchaRefusal(step.submitError) ? <CaptchaRefused /> : <SubmitErrorText error={step.submitError} /> : undefined}
      >
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
