import * as v from 'valibot';
import type { CountryCode } from '../../domain/business-domains';
import { MESSAGES, messageWithValues } from '../messages';
import { moneySchema } from '../money';
import { roundMoney } from '../format/money';
import { firstFailing } from '../general/rules';

/** Section 9: leasing constants. */
export const LEASING = {
  maxAssetAgeYears: 15,
  minPeriodMonths: 6,
  maxPeriodMonths: 84,
  maxPeriodMonthsOperatingLease: 72,
  downPaymentPercent: { min: 0, max: 90 },
  residualPercent: { min: 0, max: 65 },
  maxPercentage: 100,
} as const;

export type LeasingProduct = 'CAR_LEASING_BUSINESS' | 'GREEN_LEASING_BUSINESS' | 'EQUIPMENT_LEASING_BUSINESS';
export const LEASING_PRODUCTS: readonly LeasingProduct[] = ['CAR_LEASING_BUSINESS', 'GREEN_LEASING_BUSINESS', 'EQUIPMENT_LEASING_BUSINESS'];
export type LeaseType = 'FINANCIAL_LEASE' | 'OPERATING_LEASE';
export const LEASE_TYPES = ['FINANCIAL_LEASE', 'OPERATING_LEASE'] as const;

export function isLeasingProduct(productName: unknown): productName is LeasingProduct {
  return (LEASING_PRODUCTS as readonly unknown[]).includes(productName);
}

/**
 * The lease types a product offers (docs/decisions/182-leasing-steps.md): an operating lease, where
 * the bank keeps the asset's residual risk, for vehicles only (car leasing, and green leasing, whose
 * price bounds section 9 gives with the car's); equipment leasing is a financial lease.
 */
export function leaseTypesOf(product: LeasingProduct): readonly LeaseType[] {
  return product === 'EQUIPMENT_LEASING_BUSINESS' ? ['FINANCIAL_LEASE'] : LEASE_TYPES;
}

/** Section 9: VAT factor 1.24 for Estonia, otherwise 1.21. */
export function vatFactorOf(country: CountryCode): number {
  return country === 'EE' ? 1.24 : 1.21;
}

/** The price without and with VAT, from the price as typed and whether it includes VAT (rounded to cents). */
export function priceWithAndWithoutVat(price: number, includesVat: boolean, country: CountryCode): { withoutVat: number; withVat: number } {
  const factor = vatFactorOf(country);
  return includesVat ? { withoutVat: roundMoney(price / factor), withVat: roundMoney(price) } : { withoutVat: roundMoney(price), withVat: roundMoney(price * factor) };
}

/** Section 9: car and green leasing 4000 to 70000 EE, 100000 LT, 60000 LV; equipment 2000 to 350000. */
export function leasePriceBounds(product: LeasingProduct, country: CountryCode): { min: number; max: number } {
  if (product === 'EQUIPMENT_LEASING_BUSINESS') return { min: 2000, max: 350_000 };
  const max: Record<CountryCode, number> = { EE: 70_000, LT: 100_000, LV: 60_000 };
  return { min: 4000, max: max[country] };
}

/** Section 5: lease price: required, between the product's min and max amount. */
export function leasePriceSchema(bounds: { min: number; max: number }) {
  return v.pipe(
    moneySchema(),
    firstFailing<number>([[(price) => price >= bounds.min && price <= bounds.max, messageWithValues(MESSAGES.leasePriceOutOfRange, { minEur: bounds.min, maxEur: bounds.max })]]),
  );
}

/** Section 9: period 6 to 84 months, 72 for an operating lease. */
export function leasingPeriodBounds(leaseType: LeaseType): { min: number; max: number } {
  return {
    min: LEASING.minPeriodMonths,
    max: leaseType === 'OPERATING_LEASE' ? LEASING.maxPeriodMonthsOperatingLease : LEASING.maxPeriodMonths,
  };
}

/** A required whole number typed as text or sent as a number. */
function requiredIntegerSchema() {
  return v.pipe(
    v.union([v.number(), v.string()], MESSAGES.required),
    v.transform((value) => (typeof value === 'string' ? value.trim() : value)),
    v.check((value) => value !== '', MESSAGES.required),
    v.check((value) => (typeof value === 'number' ? Number.isFinite(value) : /^-?\d+(?:[.,]\d+)?$/.test(value)), MESSAGES.numberInvalid),
    v.transform((value) => (typeof value === 'number' ? value : Number(value.replace(',', '.')))),
    v.integer(MESSAGES.integer),
  );
}

/** Section 5: leasing period: required, numeric, within the product's min and max months. */
export function leasingPeriodSchema(bounds: { min: number; max: number }) {
  return v.pipe(
    requiredIntegerSchema(),
    firstFailing<number>([[(months) => months >= bounds.min && months <= bounds.max, messageWithValues(MESSAGES.leasingPeriodOutOfRange, bounds)]]),
  );
}

/** Section 5: car leasing asks for the registration year, other products the production year. */
export function assetYearLabel(product: LeasingProduct): 'registrationYear' | 'productionYear' {
  return product === 'CAR_LEASING_BUSINESS' ? 'registrationYear' : 'productionYear';
}

export function assetYearBounds(today: Date = new Date(), maxAgeYears: number = LEASING.maxAssetAgeYears) {
  const year = today.getFullYear();
  return { min: year - maxAgeYears, max: year + 1 };
}

/**
 * Section 5: production or registration year: required, numeric, trimmed, between the current
 * year minus the max asset age and next year; the message names the year the product asks for.
 */
export function assetYearSchema(product: LeasingProduct, options: { today?: Date; maxAgeYears?: number } = {}) {
  const message = assetYearLabel(product) === 'registrationYear' ? MESSAGES.registrationYearOutOfRange : MESSAGES.productionYearOutOfRange;
  return v.pipe(
    requiredIntegerSchema(),
    v.rawCheck<number>(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.issues) return;
      // "Today" is read when the rule checks (decision 180), and the message names the years.
      const bounds = assetYearBounds(options.today ?? new Date(), options.maxAgeYears);
      if (dataset.value < bounds.min || dataset.value > bounds.max) addIssue({ message: messageWithValues(message, bounds) });
    }),
  );
}

export type PaymentMode = 'percent' | 'amount';

/** Amount bounds of a percentage range of the price (section 5: "computed from price"). */
export function amountBoundsFromPercent(price: number, percent: { min: number; max: number }) {
  return { min: roundMoney((price * percent.min) / 100), max: roundMoney((price * percent.max) / 100) };
}

function paymentSchema(
  percentBounds: { min: number; max: number },
  messages: { amount: typeof MESSAGES.downPaymentOutOfRange | typeof MESSAGES.residualOutOfRange; percent: typeof MESSAGES.downPaymentPercentOutOfRange | typeof MESSAGES.residualPercentOutOfRange },
  options: { price: number; mode: PaymentMode },
) {
  const bounds = options.mode === 'percent' ? percentBounds : amountBoundsFromPercent(options.price, percentBounds);
  // The message states the range: as percentages, or as amounts of the price.
  const message = options.mode === 'percent' ? messageWithValues(messages.percent, bounds) : messageWithValues(messages.amount, { minEur: bounds.min, maxEur: bounds.max });
  return v.pipe(moneySchema(), firstFailing<number>([[(value) => value >= bounds.min && value <= bounds.max, message]]));
}

/** Section 5 and 9: down payment 0 to 90 percent of the price, as a percentage or an amount. */
export function downPaymentSchema(options: { price: number; mode: PaymentMode }) {
  return paymentSchema(LEASING.downPaymentPercent, { amount: MESSAGES.downPaymentOutOfRange, percent: MESSAGES.downPaymentPercentOutOfRange }, options);
}

/** Section 5 and 9: residual 0 to 65 percent of the price, as a percentage or an amount. */
export function residualSchema(options: { price: number; mode: PaymentMode }) {
  return paymentSchema(LEASING.residualPercent, { amount: MESSAGES.residualOutOfRange, percent: MESSAGES.residualPercentOutOfRange }, options);
}

/** Section 5: down payment plus residual must not exceed the total (100% or the price). */
export function isDownPaymentAndResidualWithinTotal(downPayment: number, residual: number, price: number, mode: PaymentMode) {
  const total = mode === 'percent' ? LEASING.maxPercentage : price;
  return roundMoney(downPayment + residual) <= total;
}

/**
 * The leasing payment block: both payments and their sum check (reported on residual). The sum is
 * checked when both payments are numbers, even out of their own ranges (`check` runs on a typed
 * object: a payment that is no number or missing leaves it untyped; decision 241).
 */
export function leasingPaymentsSchema(options: { price: number; mode: PaymentMode }) {
  return v.pipe(
    v.object({ downPayment: downPaymentSchema(options), residual: residualSchema(options) }, MESSAGES.required),
    v.forward(
      v.check((p) => isDownPaymentAndResidualWithinTotal(p.downPayment, p.residual, options.price, options.mode), MESSAGES.downPaymentAndResidualTooHigh),
      ['residual'],
    ),
  );
}
