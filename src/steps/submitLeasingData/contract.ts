/**
 * PLACEHOLDER (replaced by B on merge): submitLeasingData's agreed wire paths (helper brief 24).
 */
import { choice, flag, money, wholeNumber } from '../../../core/contract/fields';
import { defineStepContract } from '../../../core/contract/step-contract';
import { VAT_PAYMENT_METHODS } from '../../../core/validation/corporate/selects';

export default defineStepContract({
  fields: () => ({
    leaseType: choice('applicationUpdates.leasing.leaseType', ['FINANCIAL_LEASE', 'OPERATING_LEASE'] as const),
    price: money('applicationUpdates.leasing.price', { min: 1 }),
    priceIncludesVat: flag('applicationUpdates.leasing.priceIncludesVat'),
    period: wholeNumber('applicationUpdates.leasing.period', { min: 1, max: 600 }),
    paymentMode: choice('applicationUpdates.leasing.paymentMode', ['percent', 'amount'] as const),
    downPayment: money('applicationUpdates.leasing.downPayment'),
    residual: money('applicationUpdates.leasing.residual'),
    vatPaymentMethod: choice('applicationUpdates.leasing.vatPaymentMethod', VAT_PAYMENT_METHODS),
    assetYear: wholeNumber('applicationUpdates.leasing.assetYear', { min: 1900, max: 3000 }),
  }),
  example: () => ({
    leaseType: 'FINANCIAL_LEASE',
    price: '30000',
    priceIncludesVat: false,
    period: '60',
    paymentMode: 'percent',
    downPayment: '10',
    residual: '20',
    vatPaymentMethod: 'IN_INSTALMENTS',
    assetYear: '2025',
  }),
});
