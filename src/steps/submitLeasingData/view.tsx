import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { CheckboxField, MoneyField, StepForm, TextField } from '../../components/form/form-fields';
import { RadiosField } from '../../components/form/question-fields';
import { PageHeading } from '../../components/page-heading';
import { SubmitButton } from '../../components/submit-button';
import { LOCALE_TAG } from '../../../core/domain/languages';
import {
  LEASING,
  amountBoundsFromPercent,
  assetYearBounds,
  assetYearLabel,
  isLeasingProduct,
  leasePriceBounds,
  leaseTypesOf,
  leasingPeriodBounds,
  priceWithAndWithoutVat,
  vatFactorOf,
} from '../../../core/validation/corporate/leasing';
import { VAT_PAYMENT_METHODS } from '../../../core/validation/corporate/selects';
import { formatEur } from '../../../core/validation/format/money';
import { readMoney } from '../../../core/validation/money';
import { useApplicationActor } from '../_kit/application-actor';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import contract, { PAYMENT_MODES, leasingCountryOf, leasingProductOf } from './contract';
import { LEASE_TYPE_LABELS, PAYMENT_MODE_LABELS, VAT_PAYMENT_METHOD_LABELS } from './labels';

/**
 * SubmitLeasingData (section 2; issue 24; decision 182): the leased asset's price, with and without
 * VAT as the applicant types it, its year, the lease and its payments. Which product and country the
 * bounds are of comes from the contract's context; the view only shows them.
 */
export default function SubmitLeasingData() {
  const { t, i18n } = useLingui();
  // The product decides the year's name (section 5), in its required message too.
  const productName = useSelector(useApplicationActor(), (s) => s.context.application?.creditConditions.productName);
  const registration = assetYearLabel(isLeasingProduct(productName) ? productName : 'CAR_LEASING_BUSINESS') === 'registrationYear';
  const step = useContractForm(contract, {
    requiredMessages: {
      price: t`Enter the price of the asset`,
      assetYear: registration ? t`Enter the year of first registration` : t`Enter the year of production`,
      leaseType: t`Select the type of lease`,
      period: t`Enter the leasing period in months`,
      paymentMode: t`Select how you give the down payment and residual value`,
      downPayment: t`Enter the down payment`,
      residual: t`Enter the residual value`,
      vatPaymentMethod: t`Select how the VAT is paid`,
    },
  });
  const { form } = step.stepForm;
  const { context } = step;
  const locale = context.locale;
  const product = leasingProductOf(context);
  const country = leasingCountryOf(context);
  const [typedPrice, includesVat, leaseType, mode] = useWatch({ control: form.control, name: ['price', 'priceIncludesVat', 'leaseType', 'paymentMode'] });

  const priceBounds = leasePriceBounds(product, country);
  const years = assetYearBounds(context.today ?? new Date());
  const period = leasingPeriodBounds(leaseType === 'OPERATING_LEASE' ? 'OPERATING_LEASE' : 'FINANCIAL_LEASE');
  const vatPercent = Math.round((vatFactorOf(country) - 1) * 100);
  const percent = useMemo(() => new Intl.NumberFormat(LOCALE_TAG[locale], { style: 'percent', maximumFractionDigits: 2 }), [locale]);
  const eur = (value: number) => formatEur(value, locale);
  const pct = (value: number) => percent.format(value / 100);

  // The price as typed, with and without VAT (section 9's factor of the country), shown as it changes.
  const reading = typeof typedPrice === 'string' && typedPrice.trim() !== '' ? readMoney(typedPrice, locale) : null;
  const price = reading && 'value' in reading && reading.value > 0 ? priceWithAndWithoutVat(reading.value, includesVat === true, country) : null;

  const paymentHint = (bounds: { min: number; max: number }) => {
    if (mode === 'amount') {
      if (!price) return t`Up to ${pct(bounds.max)} of the price without VAT. Enter the price first to see the amounts.`;
      const amounts = amountBoundsFromPercent(price.withoutVat, bounds);
      return t`From ${eur(amounts.min)} to ${eur(amounts.max)}: up to ${pct(bounds.max)} of the price without VAT`;
    }
    return t`From ${pct(bounds.min)} to ${pct(bounds.max)} of the price without VAT`;
  };
  const leaseTypes = leaseTypesOf(product);
  const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="submitLeasingData">
        <span id="step-heading">
          <Trans>What the company is leasing</Trans>
        </span>
      </PageHeading>
      <DraftConflictNotice />

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>The asset</Trans>
        </legend>
        <MoneyField
          form={form}
          name="price"
          label={t`Price of the asset, in euros`}
          hint={t`From ${eur(priceBounds.min)} to ${eur(priceBounds.max)}, as on the seller’s offer`}
          autoComplete="off"
          width="10"
        />
        <CheckboxField form={form} name="priceIncludesVat" label={t`The price includes VAT`} hint={t`VAT in this country is ${vatPercent}%.`} />
        <p className="solis-hint" role="status">
          {price ? <Trans>Price without VAT: {eur(price.withoutVat)}. Price with VAT: {eur(price.withVat)}.</Trans> : null}
        </p>
        <TextField
          form={form}
          name="assetYear"
          label={registration ? t`Year of first registration` : t`Year of production`}
          hint={t`From ${years.min} to ${years.max}, for example ${years.max - 3}`}
          autoComplete="off"
          inputMode="numeric"
          width="10"
        />
      </fieldset>

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>The lease</Trans>
        </legend>
        <RadiosField
          form={form}
          name="leaseType"
          label={t`Type of lease`}
          hint={
            leaseTypes.length === 1
              ? t`Equipment is leased with a financial lease.`
              : t`An operating lease runs for up to ${LEASING.maxPeriodMonthsOperatingLease} months.`
          }
          options={leaseTypes.map((value) => ({ value, label: i18n._(LEASE_TYPE_LABELS[value]) }))}
        />
        <TextField
          form={form}
          name="period"
          label={t`Leasing period in months`}
          hint={t`From ${period.min} to ${period.max} months`}
          autoComplete="off"
          inputMode="numeric"
          width="10"
        />
      </fieldset>

      <fieldset className="solis-fieldset">
        <legend className="solis-fieldset__legend">
          <Trans>Payments</Trans>
        </legend>
        <RadiosField
          form={form}
          name="paymentMode"
          label={t`How do you give the down payment and residual value?`}
          options={PAYMENT_MODES.map((value) => ({ value, label: i18n._(PAYMENT_MODE_LABELS[value]) }))}
          inline
        />
        <MoneyField form={form} name="downPayment" label={mode === 'amount' ? t`Down payment, in euros` : t`Down payment, % of the price`} hint={paymentHint(LEASING.downPaymentPercent)} autoComplete="off" width="10" />
        <MoneyField
          form={form}
          name="residual"
          label={mode === 'amount' ? t`Residual value, in euros` : t`Residual value, % of the price`}
          hint={`${sentence(paymentHint(LEASING.residualPercent))} ${t`Together with the down payment, no more than the price without VAT.`}`}
          autoComplete="off"
          width="10"
        />
        <RadiosField
          form={form}
          name="vatPaymentMethod"
          label={t`How is the VAT paid?`}
          options={VAT_PAYMENT_METHODS.map((value) => ({ value, label: i18n._(VAT_PAYMENT_METHOD_LABELS[value]) }))}
        />
      </fieldset>

      <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
