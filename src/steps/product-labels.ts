import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ProductName } from '../domain/products';

/** How products are called to applicants. */
export const PRODUCT_LABELS: Partial<Record<ProductName, MessageDescriptor>> = {
  SMALL_LOAN: msg`Small loan`,
  CAR_LOAN: msg`Car loan`,
  RENOVATION_LOAN: msg`Renovation loan`,
  REFINANCING_LOAN: msg`Refinancing loan`,
  REAL_ESTATE_LOAN: msg`Real estate loan`,
  HOUSING_LOAN: msg`Home loan`,
  OPERATING_LOAN: msg`Operating loan`,
};
