import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ProductName } from '../../../core/domain/products';

/** How products are called to applicants. */
export const PRODUCT_LABELS: Partial<Record<ProductName, MessageDescriptor>> = {
  SMALL_LOAN: msg`Small loan`,
  CAR_LOAN: msg`Car loan`,
  RENOVATION_LOAN: msg`Renovation loan`,
  REFINANCING_LOAN: msg`Refinancing loan`,
  REAL_ESTATE_LOAN: msg`Real estate loan`,
  HOUSING_LOAN: msg`Home loan`,
  CREDIT_CARD_VISA_CLASSIC: msg`Visa Classic credit card`,
  CREDIT_CARD_VISA_GOLD: msg`Visa Gold credit card`,
  CURRENT_ACCOUNT: msg`Current account`,
  CAR_HIRE_PURCHASE: msg`Car hire purchase`,
  COMP_HIRE_PURCHASE: msg`Hire purchase for goods`,
  REG_HIRE_PURCHASE: msg`Hire purchase for registered goods`,
  OPERATING_LOAN: msg`Operating loan`,
};
