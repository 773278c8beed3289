/**
 * SubmitLeasingData (section 2, corporate steps; issue 24; docs/decisions/182-leasing-steps.md): what
 * a company leases under car, green or equipment leasing. The price (with or without VAT, the
 * country's VAT factor), the asset's registration or production year, the lease type (an operating
 * lease where the product offers one), the period, the down payment and residual (as percentages or
 * amounts of the price without VAT, their sum not above it) and how the VAT is paid. Section 5's
 * corporate rules (`core/validation/corporate/leasing.ts`), bounded by product and country (section 9).
 */
import * as v from 'valibot';
import { choice, flag, money, type ValueField } from '../../../core/contract/fields';
import { showNumber } from '../../../core/contract/show';
import { defineStepContract, type ContractContext } from '../../../core/contract/step-contract';
import { countryOfDomain, type CountryCode } from '../../../core/domain/business-domains';
import {
  LEASING,
  assetYearBounds,
  assetYearSchema,
  downPaymentSchema,
  isDownPaymentAndResidualWithinTotal,
  isLeasingProduct,
  leasePriceBounds,
  leasePriceSchema,
  leaseTypesOf,
  leasingPeriodBounds,
  leasingPeriodSchema,
  priceWithAndWithoutVat,
  residualSchema,
  type LeasingProduct,
  type PaymentMode,
} from '../../../core/validation/corporate/leasing';
import { VAT_PAYMENT_METHODS } from '../../../core/validation/corporate/selects';
import { requiredTrimmedString } from '../../../core/validation/general/rules';
import { MESSAGES, messageWithValues, type MessageText } from '../../../core/validation/messages';
import { typedMoneySchema } from '../../../core/validation/money';

const AT = 'applicationUpdates.leasing';

/** How the down payment and residual are given: as percentages of the price, or as amounts in euros. */
export const PAYMENT_MODES = ['percent', 'amount'] as const satisfies readonly PaymentMode[];

/** The leasing product of the application; a step reached without one reads as car leasing (the widest rules). */
export function leasingProductOf(context: ContractContext): LeasingProduct {
  const name = context.productName ?? context.prefill?.['productName'];
  return isLeasingProduct(name) ? name : 'CAR_LEASING_BUSINESS';
}

/** The application's country (the company's, decision 182), else the domain's configured one. */
export function leasingCountryOf(context: ContractContext): CountryCode {
  return context.country ?? countryOfDomain(context.domain);
}

/**
 * The rules of core/validation/corporate/leasing.ts take a number or typed text: as a step of a pipe
 * after the reading of the typed text or a wire number.
 */
function takes<TInput>(rule: v.GenericSchema<string | number, number>): v.GenericSchema<TInput, number> {
  return rule as unknown as v.GenericSchema<TInput, number>;
}

/** The lease price, typed as money in the applicant's language, within the product's bounds in the country. */
function leasePrice(path: string, bounds: { min: number; max: number }): ValueField<string, number> {
  const rule = takes<number>(leasePriceSchema(bounds));
  return {
    ...money(path),
    read: (locale) => v.pipe(requiredTrimmedString(), typedMoneySchema(locale), rule),
    wire: v.pipe(v.number(MESSAGES.required), v.finite(MESSAGES.moneyInvalid), rule),
  };
}

/** The leasing period in whole months, 6 to 84 (an operating lease's 72 is a check over the lease type). */
function leasingPeriod(path: string): ValueField<string, number> {
  const rule = leasingPeriodSchema(leasingPeriodBounds('FINANCIAL_LEASE'));
  return {
    kind: 'value',
    path,
    control: 'number',
    empty: '',
    read: () => v.pipe(v.string(MESSAGES.required), takes<string>(rule)),
    wire: v.pipe(v.number(MESSAGES.required), takes<number>(rule)),
    show: (value) => String(value),
  };
}

/** The registration (car) or production year, from this year minus 15 to next year, "today" read at check time. */
function assetYear(path: string, product: LeasingProduct, today: Date | undefined): ValueField<string, number> {
  const rule = assetYearSchema(product, today ? { today } : {});
  return {
    kind: 'value',
    path,
    control: 'number',
    empty: '',
    read: () => v.pipe(v.string(MESSAGES.required), takes<string>(rule)),
    wire: v.pipe(v.number(MESSAGES.required), takes<number>(rule)),
    show: (value) => String(value),
  };
}

/** The price the down payment and residual are parts of: the price without VAT (decision 182). */
export function leasedPriceWithoutVat(values: { price: number; priceIncludesVat: boolean | undefined }, country: CountryCode): number {
  return priceWithAndWithoutVat(values.price, values.priceIncludesVat === true, country).withoutVat;
}

/** The first message a rule gives a value, or undefined when the value passes. */
function problemOf(schema: v.GenericSchema, value: unknown): MessageText | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : (result.issues[0].message as MessageText);
}

export default defineStepContract({
  fields: (context) => {
    const product = leasingProductOf(context);
    const country = leasingCountryOf(context);
    return {
      price: leasePrice(`${AT}.price`, leasePriceBounds(product, country)),
      priceIncludesVat: flag(`${AT}.priceIncludesVat`),
      assetYear: assetYear(`${AT}.assetYear`, product, context.today),
      leaseType: choice(`${AT}.leaseType`, leaseTypesOf(product)),
      period: leasingPeriod(`${AT}.period`),
      paymentMode: choice(`${AT}.paymentMode`, PAYMENT_MODES),
      downPayment: money(`${AT}.downPayment`),
      residual: money(`${AT}.residual`),
      vatPaymentMethod: choice(`${AT}.vatPaymentMethod`, VAT_PAYMENT_METHODS),
    };
  },
  checks: (context) => {
    const country = leasingCountryOf(context);
    const payments = ['paymentMode', 'price', 'priceIncludesVat'] as const;
    return [
      {
        // Section 9: an operating lease runs for at most 72 months.
        on: 'period',
        uses: ['leaseType'],
        problem: (values) =>
          values.leaseType === 'OPERATING_LEASE' && values.period > LEASING.maxPeriodMonthsOperatingLease
            ? messageWithValues(MESSAGES.leasingPeriodOutOfRange, leasingPeriodBounds('OPERATING_LEASE'))
            : undefined,
      },
      {
        on: 'downPayment',
        uses: payments,
        problem: (values) => problemOf(downPaymentSchema({ price: leasedPriceWithoutVat(values, country), mode: values.paymentMode }), values.downPayment),
      },
      {
        on: 'residual',
        uses: payments,
        problem: (values) => problemOf(residualSchema({ price: leasedPriceWithoutVat(values, country), mode: values.paymentMode }), values.residual),
      },
      {
        // Section 5: their sum is not above the total (100 % or the price), reported on the residual.
        on: 'residual',
        uses: [...payments, 'downPayment'],
        problem: (values) =>
          isDownPaymentAndResidualWithinTotal(values.downPayment, values.residual, leasedPriceWithoutVat(values, country), values.paymentMode)
            ? undefined
            : MESSAGES.downPaymentAndResidualTooHigh,
      },
    ];
  },
  initial: (context) => {
    const product = leasingProductOf(context);
    const price = leasePriceBounds(product, leasingCountryOf(context));
    const types = leaseTypesOf(product);
    const { loanAmount, loanPeriod } = context.prefill ?? {};
    const period = leasingPeriodBounds(types.length === 1 && types[0] ? types[0] : 'FINANCIAL_LEASE');
    return {
      paymentMode: 'percent',
      // A product with one lease type has it chosen (one option, preselected).
      ...(types.length === 1 && types[0] ? { leaseType: types[0] } : {}),
      // The calculator's amount and period on businessData, where they fit the lease.
      ...(typeof loanAmount === 'number' && loanAmount >= price.min && loanAmount <= price.max ? { price: showNumber(loanAmount, context.locale) } : {}),
      ...(typeof loanPeriod === 'number' && Number.isInteger(loanPeriod) && loanPeriod >= period.min && loanPeriod <= period.max ? { period: String(loanPeriod) } : {}),
    };
  },
  example: (context) => ({
    price: '30000',
    priceIncludesVat: false,
    assetYear: String(assetYearBounds(context.today ?? new Date()).max - 3),
    leaseType: 'FINANCIAL_LEASE',
    period: '60',
    paymentMode: 'percent',
    downPayment: '10',
    residual: '20',
    vatPaymentMethod: 'WITH_DOWN_PAYMENT',
  }),
});
