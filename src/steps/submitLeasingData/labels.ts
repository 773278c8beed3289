/** How the leasing step's choices are called to applicants (the view and the check-answers page). */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LeaseType, PaymentMode } from '../../../core/validation/corporate/leasing';
import type { VAT_PAYMENT_METHODS } from '../../../core/validation/corporate/selects';

export const LEASE_TYPE_LABELS: Record<LeaseType, MessageDescriptor> = {
  FINANCIAL_LEASE: msg`Financial lease: the asset becomes the company’s at the end`,
  OPERATING_LEASE: msg`Operating lease: the asset is returned at the end`,
};

export const PAYMENT_MODE_LABELS: Record<PaymentMode, MessageDescriptor> = {
  percent: msg`As a percentage of the price`,
  amount: msg`As an amount in euros`,
};

export const VAT_PAYMENT_METHOD_LABELS: Record<(typeof VAT_PAYMENT_METHODS)[number], MessageDescriptor> = {
  WITH_DOWN_PAYMENT: msg`All at once, with the down payment`,
  IN_INSTALMENTS: msg`Spread over the monthly payments`,
};
