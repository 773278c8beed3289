import { useEffect, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useFormState, useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import { CheckboxField, MoneyField, SelectField, StepForm, TextField } from '../../components/form/form-fields';
import { useStepForm } from '../../components/form/use-step-form';
import { countryOfDomain } from '../../domain/business-domains';
import { findProduct, productsOf } from '../../domain/products';
import { newIdempotencyKey } from '../../api/idempotency';
import { parseMoney } from '../../validation/money';
import { formatEur } from '../../validation/format/money';
import { PHONE_COUNTRY_CODES } from '../../validation/general/phone';
import { MESSAGES } from '../../validation/messages';
import { normalisePersonalCode, personalCodeSchema } from '../../validation/personal-code';
import { useApplicationActor } from '../application-actor';
import { PRODUCT_LABELS } from '../product-labels';
import { SubmitErrorText, DraftConflictNotice } from '../step-feedback';
import {
  createApplicationFormSchema,
  fieldForPayloadPath,
  initialValues,
  parseWholeNumber,
  toSubmission,
  type CreateApplicationFormOutput,
  type CreateApplicationFormValues,
} from './create-application-step.form';
import { useMonthlyPayment } from './use-monthly-payment';
import { usePersonalCodeCheck, type PersonalCodeCheckOutcome } from './use-personal-code-check';

/** The error type of a server check's verdict, so it is told apart from the local rules' errors. */
const PERSONAL_CODE_CHECK_ERROR = 'personalCodeCheck';

/** Section 8: a failed check blocks like an invalid code, but says the check could not be made. */
const CHECK_PROBLEM: Record<PersonalCodeCheckOutcome, string | undefined> = {
  valid: undefined,
  invalid: MESSAGES.personalCodeInvalid,
  failed: MESSAGES.personalCodeCheckFailed,
};

/**
 * CreateApplicationStep (section 2): product, amount and period with the monthly payment, and the
 * applicant's name, personal code and contacts, with consents.
 */
export default function CreateApplicationStep() {
  const { t, i18n } = useLingui();
  const actor = useActorSelectors();
  const { businessDomain, locale } = actor;
  const schema = useMemo(() => createApplicationFormSchema(businessDomain), [businessDomain]);
  const defaultValues = useMemo(
    () => initialValues(businessDomain, actor.start, actor.restored),
    // Only the values at mount: later drafts are this form's own typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const stepForm = useStepForm<CreateApplicationFormValues, CreateApplicationFormOutput>({
    schema,
    defaultValues,
    onValuesChange: (values) => actor.ref.send({ type: 'form.changed', data: values as unknown as Record<string, unknown> }),
    fieldNameFromPath: (path) => fieldForPayloadPath(path) as never,
  });
  const { form } = stepForm;

  const [productName, amountText, periodText] = useWatch({ control: form.control, name: ['productName', 'loanAmount', 'loanPeriod'] });
  const product = findProduct(businessDomain, productName);
  const amount = parseMoney(amountText ?? '');
  const period = parseWholeNumber(periodText ?? '');
  const payment = useMonthlyPayment(product, amount, period);

  const country = countryOfDomain(businessDomain);
  const personalCodeField = useMemo(() => personalCodeSchema(country), [country]);
  const personalCodeCheck = usePersonalCodeCheck(country);
  const [checkingForSubmit, setCheckingForSubmit] = useState(false);
  const personalCodeText = useWatch({ control: form.control, name: 'personalCode' });
  const checkState = personalCodeCheck.state;
  const checkApplies = checkState.status !== 'idle' && checkState.code === normalisePersonalCode(country, personalCodeText ?? '');
  const checkProblem = checkApplies && checkState.status !== 'checking' ? CHECK_PROBLEM[checkState.status] : undefined;
  const retryOffered = checkApplies && (checkState.status === 'failed' || (checkState.status === 'checking' && checkState.retry));

  // The field shows the server's verdict for the code it holds. The form re-runs the local rules
  // (which pass) on blur, change and submit, and that clears any error: put it back, and drop it
  // once the code changes or a new check says otherwise.
  const { setError, clearErrors, setFocus } = form;
  const personalCodeError = useFormState({ control: form.control, name: 'personalCode', exact: true }).errors.personalCode;
  useEffect(() => {
    const ours = personalCodeError?.type === PERSONAL_CODE_CHECK_ERROR;
    if (checkProblem && (!personalCodeError || (ours && personalCodeError.message !== checkProblem))) {
      setError('personalCode', { type: PERSONAL_CODE_CHECK_ERROR, message: checkProblem });
    } else if (!checkProblem && ours) {
      clearErrors('personalCode');
    }
  }, [checkProblem, personalCodeError, setError, clearErrors]);

  /** Asks the server once the code passes the local checks (section 5: "then a server check"). */
  const checkTypedPersonalCode = () => {
    const parsed = v.safeParse(personalCodeField, form.getValues('personalCode'));
    if (parsed.success) void personalCodeCheck.check(parsed.output);
  };

  const checkAgain = () => {
    if (checkState.status === 'checking') return;
    void personalCodeCheck.check(normalisePersonalCode(country, form.getValues('personalCode'))).then((outcome) => {
      // The button goes away with an answer: focus returns to the field that now shows it.
      if (outcome !== 'failed') setFocus('personalCode');
    });
  };

  const submit = async (values: CreateApplicationFormOutput) => {
    setCheckingForSubmit(true);
    const outcome = await personalCodeCheck.check(values.personalCode).finally(() => setCheckingForSubmit(false));
    const problem = CHECK_PROBLEM[outcome];
    if (problem) {
      // Refused like a server field error: on the field and in the error summary, typing kept.
      setError('personalCode', { type: PERSONAL_CODE_CHECK_ERROR, message: problem });
      stepForm.showSummary();
      return;
    }
    actor.ref.send({ type: 'step.submitted', submission: toSubmission(values, locale), idempotencyKey: newIdempotencyKey() });
  };

  const submitError = actor.submitError;
  const { applyServerErrors } = stepForm;
  useEffect(() => {
    if (submitError?.kind === 'validation') applyServerErrors(submitError.fieldErrors);
  }, [submitError, applyServerErrors]);

  const productOptions = productsOf(businessDomain).map((p) => {
    const label = PRODUCT_LABELS[p.productName];
    return { value: p.productName, label: label ? i18n._(label) : p.productName };
  });
  const phoneCodeOptions = PHONE_COUNTRY_CODES.map((code) => ({ value: code, label: code }));
  const eur = (value: number) => formatEur(value, locale);
  const personalCodeDigitsOnly = country !== 'LV';

  return (
    <StepForm
      stepForm={stepForm}
      aria-labelledby="step-heading"
      onSubmit={submit}
    >
      <PageHeading focusKey="createApplicationStep" focusOnMount={false}>
        <span id="step-heading">
          <Trans>Apply for a loan</Trans>
        </span>
      </PageHeading>
      <DraftConflictNotice />

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
          {payment.monthlyPayment !== null ? (
            <Trans>
              Monthly payment: <strong>{eur(payment.monthlyPayment)}</strong>
            </Trans>
          ) : payment.failed ? (
            <Trans>Monthly payment: we could not calculate it right now. It will be shown in your offer.</Trans>
          ) : payment.calculating ? (
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
        {/* Blur bubbles up from the input (React's onBlur is focusout). */}
        <div onBlur={checkTypedPersonalCode}>
          <TextField
            form={form}
            name="personalCode"
            label={t`Personal code`}
            hint={t`11 digits, as on your ID card`}
            autoComplete="off"
            inputMode={personalCodeDigitsOnly ? 'numeric' : 'text'}
            width="20"
            spellCheck={false}
          />
        </div>
        <div className="solis-personal-code-check">
          <p role="status" className="solis-hint">
            {checkApplies && checkState.status === 'checking' ? <Trans>Checking your personal code…</Trans> : null}
          </p>
          {retryOffered && (
            <button
              type="button"
              className="solis-button solis-button--secondary"
              aria-disabled={checkState.status === 'checking' || undefined}
              onClick={checkAgain}
            >
              <Trans>Check again</Trans>
            </button>
          )}
        </div>
        <TextField form={form} name="email" type="email" label={t`E-mail`} autoComplete="email" inputMode="email" spellCheck={false} />
        <div className="solis-phone">
          <SelectField form={form} name="phoneNumber.code" label={t`Country code`} options={phoneCodeOptions} autoComplete="tel-country-code" />
          <TextField form={form} name="phoneNumber.number" type="tel" label={t`Phone number`} autoComplete="tel-national" inputMode="tel" width="20" />
        </div>
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
        <CheckboxField
          form={form}
          name="consentMarketing"
          label={t`I would like to receive offers and news from Solis (optional).`}
        />
      </fieldset>

      <SubmitButton pending={actor.pending || checkingForSubmit} error={submitError ? <SubmitErrorText error={submitError} /> : undefined}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}

/** The application machine's state as this screen needs it: narrow selectors, no logic. */
function useActorSelectors() {
  const ref = useApplicationActor();
  const businessDomain = useSelector(ref, (s) => s.context.businessDomain);
  const locale = useSelector(ref, (s) => s.context.locale);
  const start = useSelector(ref, (s) => s.context.start);
  const restored = useSelector(ref, (s) => s.context.typed ?? s.context.draft?.data ?? null);
  const submitError = useSelector(ref, (s) => s.context.submitError);
  const pending = useSelector(ref, (s) => s.matches({ step: 'submitting' }) || (s.matches({ step: 'creating' }) && s.context.queued !== null));
  return { ref, businessDomain, locale, start, restored, submitError, pending };
}
