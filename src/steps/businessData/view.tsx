import { Suspense, lazy, useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useWatch } from 'react-hook-form';
import type { calculatorMachine } from '../../../machines/calculator/calculator.machine';
import type { personalCodeCheckMachine } from '../../features/personal-code/personal-code-check.machine';
import { personalCodeCheckView } from '../../features/personal-code/personal-code-check-view';
import { MoneyField, SelectField, StepForm, TextField } from '../../components/form/form-fields';
import { PageHeading } from '../../components/page-heading';
import { Busy } from '../../components/busy';
import { SubmitButton } from '../../components/submit-button';
import { isCountryCode } from '../../../core/domain/business-domains';
import { localeFromLanguageCode } from '../../../core/domain/languages';
import type { ProductName } from '../../../core/domain/products';
import { formatEur } from '../../../core/validation/format/money';
import { readMoney } from '../../../core/validation/money';
import { CalculatorSummary, LoanPeriodField } from '../../features/calculator/calculator-modal';
import { useCalculator } from '../../features/calculator/use-calculator';
import { ContactFields } from '../../features/contact-fields/contact-fields';
import { PersonalCodeField } from '../../features/personal-code/personal-code-field';
import { LANGUAGE_ENDONYMS } from '../../i18n/language-names';
import { CORPORATE_PRODUCT_LABELS as PRODUCT_LABELS } from '../_kit/corporate-product-labels';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { useStepLogic } from '../_kit/use-step-logic';
import type { companyLookupMachine } from './company-lookup.machine';
import contract, { asksAdministratorSection, countryChoices, languagesOfCountry, productChoices, productsOfCountry } from './contract';
import { INDUSTRY_LABELS } from './labels';

// Only bank staff see their section: its chunk (and the radios it uses) loads for them alone.
const StaffSection = lazy(() => import('./staff-section'));
const CompanyLookupNote = lazy(() => import('./company-lookup-note'));
import { INDUSTRY_CODES } from '../../../core/validation/general/choices';


/**
 * businessData (section 2, issue 24): the company, the financing with the calculator, and the
 * representative who applies for the company. JSX and event sending only: which fields are asked and
 * their rules are the contract's; the personal code check and the calculator are the step logic's.
 */
export default function BusinessData() {
  const { t, i18n } = useLingui();
  const personalCode = useStepLogic<typeof personalCodeCheckMachine>('personalCode');
  const codeCheck = useSelector(personalCode, personalCodeCheckView);
  const calculatorActor = useStepLogic<typeof calculatorMachine>('calculator');
  const companyLookup = useStepLogic<typeof companyLookupMachine>('companyLookup');
  // The register has answered about the code left: its note (a chunk of its own) says what.
  const lookupAnswered = useSelector(companyLookup, (snapshot) => snapshot?.matches('answered') ?? false);

  const step = useContractForm(contract, {
    requiredMessages: {
      channel: t`Select how the customer contacted the bank`,
      countryCode: t`Select the country where the company is registered`,
      registrationCode: t`Enter the company's registration code`,
      businessName: t`Enter the company's name`,
      industryCode: t`Select the company's field of activity`,
      expectedProfit: t`Enter the company's expected profit this year`,
      expectedTurnover: t`Enter the company's expected turnover this year`,
      hasLiabilities: t`Select yes if the company has loans, leases or guarantees`,
      productName: t`Select the type of financing`,
      loanAmount: t`Enter the amount`,
      loanPeriod: t`Enter the period in months`,
      loanPurposeText: t`Describe what the financing is for`,
      firstName: t`Enter the representative's first name`,
      surname: t`Enter the representative's surname`,
      personalCode: t`Enter the representative's personal code`,
      email: t`Enter the representative's e-mail address`,
      'phoneNumber.number': t`Enter the representative's phone number`,
      languageCode: t`Select the language we should contact the representative in`,
    },
    externalErrors: { personalCode: codeCheck.problem },
    onValuesChange: (typed) => {
      personalCode?.send({ type: 'personalCode.typed', text: typed.personalCode });
      const amount = readMoney(typed.loanAmount ?? '', step.context.locale);
      const period = (typed.loanPeriod ?? '').trim();
      calculatorActor?.send({
        type: 'calculator.stepChanged',
        values: { productName: typed.productName || null, amount: 'value' in amount ? amount.value : null, period: /^\d{1,3}$/.test(period) ? Number(period) : null },
      });
    },
    onSubmit: (submission, values) => personalCode?.send({ type: 'step.submitted', submission, personalCode: values.personalCode }),
    refusedBy: personalCode,
  });
  const { form } = step.stepForm;
  const { context } = step;
  const { domain, locale, products } = context;
  const { calculator, view: calculatorState, stepFigures } = useCalculator({ form, amount: 'loanAmount', period: 'loanPeriod', locale });
  const [chosenCountry, productName, languageCode] = useWatch({ control: form.control, name: ['countryCode', 'productName', 'languageCode'] });
  const countries = countryChoices(context);
  const country = isCountryCode(chosenCountry) ? chosenCountry : undefined;
  const languages = country ? languagesOfCountry(country) : [];
  const offeredProducts = country ? productsOfCountry(context, country) : productChoices(context);
  const product = products?.[productName as ProductName];
  const eur = (value: number) => formatEur(value, locale);
  // The country's name in the reader's language, from the browser's CLDR data.
  const countryNameOf = (code: string) => new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(code) ?? code;

  // The representative's code is read by the company's country's rules (decision 181); section 5:
  // a country with one language sets it without asking.
  const { setValue } = form;
  useEffect(() => {
    if (!country) return;
    personalCode?.send({ type: 'personalCode.countryChosen', country });
    const only = languagesOfCountry(country);
    if (only.length === 1 && languageCode !== only[0]) setValue('languageCode', only[0]!, { shouldDirty: true });
  }, [country, personalCode, languageCode, setValue]);

  const productLabel = (name: string) => {
    const label = PRODUCT_LABELS[name as ProductName];
    return label ? i18n._(label) : name;
  };

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="businessData" focusOnMount={false}>
        <span id="step-heading">
          <Trans>Apply for financing for your company</Trans>
        </span>
      </PageHeading>
      <DraftConflictNotice />
      <div className="solis-inset-text">
        <p>
          <Trans>We save your answers as you type, so you can close this page and come back to finish later.</Trans>
        </p>
      </div>

      {/*
        Decision 244: the staff's section is a chunk of its own; the rest of the form and Continue come
        with it, never before it (shown first, they moved down under the person's pointer when it
        arrived above them, decision 238). A chunk that fails is section 8's: one reload after the
        draft is sent, then the error page (chunk-recovery.ts).
      */}
      <Suspense fallback={<Busy text={<Trans>Loading…</Trans>} />}>
        {asksAdministratorSection(context) && <StaffSection form={form} />}

        <fieldset className="solis-fieldset">
          <legend className="solis-fieldset__legend">
            <Trans>Your company</Trans>
          </legend>
          {countries.length > 1 ? (
            <SelectField
              form={form}
              name="countryCode"
              label={t`Country where the company is registered`}
              options={countries.map((code) => ({ value: code, label: countryNameOf(code) }))}
              placeholder={t`Choose a country`}
              autoComplete="off"
            />
          ) : (
            <p>
              <Trans>Country where the company is registered: {countryNameOf(countries[0] ?? 'EE')}</Trans>
            </p>
          )}
          {/* Blur bubbles up from the input (React's onBlur is focusout): the register is asked about the code left. */}
          <div
            onBlur={() => {
              if (country) companyLookup?.send({ type: 'company.codeLeft', country, registrationCode: String(form.getValues('registrationCode') ?? '') });
            }}
          >
            <TextField
              form={form}
              name="registrationCode"
              label={t`Registration code`}
              hint={t`As in the business register. We check the company in the register.`}
              autoComplete="off"
              inputMode="text"
              width="20"
              spellCheck={false}
            />
          </div>
          {/* What the register said of the code: loaded once it has said something. */}
          <p className="solis-hint" role="status">
            {lookupAnswered && companyLookup && (
              <Suspense fallback={null}>
                <CompanyLookupNote lookup={companyLookup} setValue={setValue} />
              </Suspense>
            )}
          </p>
          <TextField form={form} name="businessName" label={t`Company name`} hint={t`As in the business register`} autoComplete="organization" inputMode="text" />
          <SelectField
            form={form}
            name="industryCode"
            label={t`Field of activity`}
            options={INDUSTRY_CODES.map((code) => ({ value: code, label: i18n._(INDUSTRY_LABELS[code]!) }))}
            placeholder={t`Choose a field of activity`}
            autoComplete="off"
          />
          <MoneyField form={form} name="expectedTurnover" label={t`Expected turnover this year`} hint={t`In euros, at least 1`} autoComplete="off" width="10" />
          <MoneyField form={form} name="expectedProfit" label={t`Expected profit this year`} hint={t`In euros, at least 1`} autoComplete="off" width="10" />
          <SelectField
            form={form}
            name="hasLiabilities"
            label={t`Does the company have loans, leases or guarantees?`}
            options={[
              { value: 'yes', label: t`Yes` },
              { value: 'no', label: t`No` },
            ]}
            placeholder={t`Choose an answer`}
            autoComplete="off"
          />
        </fieldset>

        <fieldset className="solis-fieldset">
          <legend className="solis-fieldset__legend">
            <Trans>The financing</Trans>
          </legend>
          <SelectField
            form={form}
            name="productName"
            label={t`Type of financing`}
            options={offeredProducts.map((name) => ({ value: name, label: productLabel(name) }))}
            autoComplete="off"
          />
          <MoneyField
            form={form}
            name="loanAmount"
            label={t`Amount`}
            hint={product ? t`From ${eur(product.minAmount)} to ${eur(product.maxAmount)}` : undefined}
            autoComplete="off"
            width="10"
          />
          <LoanPeriodField form={form} name="loanPeriod" product={product} />
          <CalculatorSummary calculator={calculator} view={calculatorState} stepFigures={stepFigures} productLabels={PRODUCT_LABELS} />
          <TextField
            form={form}
            name="loanPurposeText"
            label={t`What is the financing for?`}
            hint={t`For example, working capital for the season or a new production line`}
            autoComplete="off"
            inputMode="text"
          />
        </fieldset>

        <fieldset className="solis-fieldset">
          <legend className="solis-fieldset__legend">
            <Trans>The company's representative</Trans>
          </legend>
          <p className="solis-hint">
            <Trans>The person who applies and signs the contract for the company.</Trans>
          </p>
          <ContactFields
            form={form}
            domain={domain}
            afterName={
              <PersonalCodeField
                form={form}
                name="personalCode"
                domain={domain}
                check={personalCode}
                hint={country === 'LV' ? t`As on the ID card, like 010190-12306` : t`11 digits, as on the ID card`}
                inputMode={country === 'LV' ? 'text' : 'numeric'}
              />
            }
          />
          {languages.length > 1 && (
            <SelectField
              form={form}
              name="languageCode"
              label={t`Language we contact the representative in`}
              options={languages.map((code) => {
                const language = localeFromLanguageCode(code);
                return { value: code, label: language ? LANGUAGE_ENDONYMS[language] : code };
              })}
              placeholder={t`Choose a language`}
              autoComplete="off"
            />
          )}
        </fieldset>

        <SubmitButton
          pending={step.pending || codeCheck.submitting}
          error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}
        >
          <Trans>Continue</Trans>
        </SubmitButton>
      </Suspense>
    </StepForm>
  );
}
