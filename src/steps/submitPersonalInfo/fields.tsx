/**
 * The personal-info screen every variant shows (view.tsx, view.lv.tsx, view.coborrower.tsx,
 * view.lv-coborrower.tsx): the variants differ only in the words and hints they pass in, and in
 * whether the loan is chosen (the applicant) or shown (a co-borrower joins it as it is). Which
 * fields are asked is the contract's: this file only lays them out and sends events.
 */
import type { ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useWatch } from 'react-hook-form';
import type { calculatorMachine } from '../../../machines/calculator/calculator.machine';
import { stepFiguresView, type FiguresView } from '../../../machines/calculator/calculator-view';
import type { personalCodeCheckMachine } from '../../features/personal-code/personal-code-check.machine';
import { personalCodeCheckView } from '../../features/personal-code/personal-code-check-view';
import { CheckboxField, SelectField, StepForm, TextField } from '../../components/form/form-fields';
import { RadiosField } from '../../components/form/question-fields';
import type { InputMode } from '../../components/text-input';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import { countryOfDomain } from '../../../core/domain/business-domains';
import { findProduct, hasAmount } from '../../../core/domain/products';
import { localeFromLanguageCode } from '../../../core/domain/languages';
import { LANGUAGE_ENDONYMS } from '../../i18n/language-names';
import { formatEur } from '../../../core/validation/format/money';
import { CalculatorFigures } from '../../features/calculator/calculator-figures';
import { PRODUCT_LABELS } from '../_kit/product-labels';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { useStepLogic } from '../_kit/use-step-logic';
import { PersonalCodeField } from '../../features/personal-code/personal-code-field';
import contract, { ADMINISTRATOR_CHANNELS, administratorChannel, asksAdministratorSection, asksDateOfBirth, offeredLanguageCodes, switchableProducts } from './contract';
import './current-product.css';

const CHANNEL_LABELS = {
  CALL_CENTER: msg`By phone, through the call centre`,
  OFFICE: msg`In a bank office`,
} as const;

export interface PersonalInfoFormProps {
  heading: ReactNode;
  /** What the page is for, said before the questions (a co-borrower is told whose loan it is). */
  intro?: ReactNode;
  /** `choose`: the applicant may switch the loan type; `summary`: the loan is shown as it is. */
  loan: 'choose' | 'summary';
  /** The country's personal code, as people know it ("11 digits, like 123456-12345"). */
  personalCodeHint: string;
  personalCodeInputMode: InputMode;
}

export function PersonalInfoForm({ heading, intro, loan, personalCodeHint, personalCodeInputMode }: PersonalInfoFormProps) {
  const { t, i18n } = useLingui();
  /** The loan as the calculator reads it: the application's amount and period, of the product chosen here (or the application's). */
  const loanOf = (chosen: string | undefined) => {
    const prefilled = step.context.prefill;
    const productName = chosen || (typeof prefilled?.['productName'] === 'string' ? prefilled['productName'] : null);
    return {
      productName,
      amount: typeof prefilled?.['loanAmount'] === 'number' ? prefilled['loanAmount'] : null,
      period: typeof prefilled?.['loanPeriod'] === 'number' ? prefilled['loanPeriod'] : null,
    };
  };
  const personalCode = useStepLogic<typeof personalCodeCheckMachine>('personalCode');
  const codeCheck = useSelector(personalCode, personalCodeCheckView);
  // The product calculator (section 2): the figures of the loan this step shows, recalculated when
  // the applicant switches the loan type here. The modal does not open on this step (its meta).
  const calculator = useStepLogic<typeof calculatorMachine>('calculator');
  const figures = useSelector(calculator, (s): FiguresView => (s ? stepFiguresView(s) : { status: 'none' }));
  const step = useContractForm(contract, {
    requiredMessages: {
      channel: t`Select how the customer contacted the bank`,
      productName: t`Select the type of loan`,
      personalCode: t`Enter your personal code`,
      dateOfBirth: t`Enter your date of birth`,
      languageCode: t`Select the language we should contact you in`,
    },
    externalErrors: { personalCode: codeCheck.problem },
    onValuesChange: (values) => {
      personalCode?.send({ type: 'personalCode.typed', text: values.personalCode });
      calculator?.send({ type: 'calculator.stepChanged', values: loanOf(loan === 'choose' ? values.productName : undefined) });
    },
    onSubmit: (submission, values) => personalCode?.send({ type: 'step.submitted', submission, personalCode: values.personalCode }),
    refusedBy: personalCode,
  });
  const { form } = step.stepForm;
  const { context } = step;
  const { domain, locale, prefill } = context;
  const [channel, typedCode, chosenProduct] = useWatch({ control: form.control, name: ['channel', 'personalCode', 'productName'] });


  const amount = typeof prefill?.['loanAmount'] === 'number' ? prefill['loanAmount'] : undefined;
  const period = typeof prefill?.['loanPeriod'] === 'number' ? prefill['loanPeriod'] : undefined;
  const productLabel = (name: string) => {
    const label = PRODUCT_LABELS[name as keyof typeof PRODUCT_LABELS];
    return label ? i18n._(label) : name;
  };
  const products = switchableProducts(context, administratorChannel(channel));
  const currentProduct = findProduct(domain, typeof prefill?.['productName'] === 'string' ? prefill['productName'] : undefined);
  const languages = offeredLanguageCodes(context);
  const languageOptions = languages.map((code) => {
    const language = localeFromLanguageCode(code);
    return { value: code, label: language ? LANGUAGE_ENDONYMS[language] : code };
  });
  const loanAmount = amount !== undefined ? formatEur(amount, locale) : undefined;
  const loanTerms = loanAmount !== undefined && period !== undefined ? t`${loanAmount} over ${period} months` : undefined;

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="submitPersonalInfo">
        <span id="step-heading">{heading}</span>
      </PageHeading>
      <DraftConflictNotice />
      {intro && <p>{intro}</p>}

      {asksAdministratorSection(context) && (
        <>
          <h2 className="solis-section-heading">
            <Trans>For bank staff</Trans>
          </h2>
          <RadiosField
            form={form}
            name="channel"
            label={t`How did the customer contact the bank?`}
            hint={t`A bank office may offer the small loan only.`}
            options={ADMINISTRATOR_CHANNELS.map((value) => ({ value, label: i18n._(CHANNEL_LABELS[value]) }))}
          />
          <CheckboxField
            form={form}
            name="customerIdentified"
            label={t`I have identified the customer with a valid identity document or a secure electronic ID`}
          />
        </>
      )}

      <h2 className="solis-section-heading">
        <Trans>Your loan</Trans>
      </h2>
      {loan === 'choose' ? (
        <>
          <SelectField
            form={form}
            name="productName"
            label={t`Loan type`}
            hint={loanTerms ? t`${loanTerms}. Only the loan types that offer this amount and period are listed.` : undefined}
            options={products.map((p) => ({ value: p.productName, label: productLabel(p.productName) }))}
            autoComplete="off"
          />
          <TextField
            form={form}
            name="campaignCode"
            label={t`Campaign code (optional)`}
            hint={t`If you have a code from one of our offers, enter it here.`}
            autoComplete="off"
            inputMode="text"
            width="20"
            spellCheck={false}
          />
        </>
      ) : (
        <dl className="solis-summary-list">
          {currentProduct && (
            <div className="solis-summary-list__row">
              <dt className="solis-summary-list__key">
                <Trans>Loan type</Trans>
              </dt>
              <dd className="solis-summary-list__value">{productLabel(currentProduct.productName)}</dd>
            </div>
          )}
          {loanTerms && (
            <div className="solis-summary-list__row">
              <dt className="solis-summary-list__key">
                <Trans>Amount and period</Trans>
              </dt>
              <dd className="solis-summary-list__value">{loanTerms}</dd>
            </div>
          )}
        </dl>
      )}

      {amount !== undefined && hasAmount(loanOf(loan === 'choose' ? chosenProduct : undefined).productName) && (
        <CalculatorFigures figures={figures} headingLevel={3} onRetry={() => calculator?.send({ type: 'calculator.retried' })} />
      )}

      <h2 className="solis-section-heading">
        <Trans>About you</Trans>
      </h2>
      <PersonalCodeField form={form} name="personalCode" domain={domain} check={personalCode} hint={personalCodeHint} inputMode={personalCodeInputMode} />
      {asksDateOfBirth(countryOfDomain(domain), typedCode) && (
        <div className="solis-conditional">
          <TextField
            form={form}
            name="dateOfBirth"
            label={t`Date of birth`}
            hint={t`Your personal code does not include it. Enter the day, month and year, for example 15.03.1985 or 150385.`}
            autoComplete="bday"
            inputMode="decimal"
            width="10"
            spellCheck={false}
          />
        </div>
      )}
      {languages.length > 1 && (
        <SelectField
          form={form}
          name="languageCode"
          label={t`Which language should we contact you in?`}
          options={languageOptions}
          placeholder={t`Choose a language`}
          autoComplete="language"
        />
      )}

      <h2 className="solis-section-heading">
        <Trans>Checks in registers</Trans>
      </h2>
      <CheckboxField
        form={form}
        name="registryCheck"
        label={t`I agree that the bank may check my data in public registers and credit registers to assess this application.`}
        hint={t`For example the population register, the tax authority and the register of payment defaults.`}
      />
      <CheckboxField
        form={form}
        name="silentConsent"
        label={t`I agree that the bank may repeat these checks while my application and any loan are being handled, without asking me again (optional).`}
      />

      <SubmitButton pending={step.pending || codeCheck.submitting} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
