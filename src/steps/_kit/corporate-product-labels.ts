import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ProductName } from '../../../core/domain/products';

/**
 * The corporate products besides the operating loan (issue 24), apart so the retail steps' chunks do
 * not carry them (decision 041); the corporate pages look a name up in both.
 */
export const CORPORATE_PRODUCT_LABELS: Partial<Record<ProductName, MessageDescriptor>> = {
  OPERATING_LOAN: msg`Operating loan`,
  CREDIT_LINE: msg`Credit line`,
  DEVELOPMENT_LOAN: msg`Development loan`,
  INVESTMENT_LOAN: msg`Investment loan`,
  LAND_LOAN: msg`Land loan`,
  MORTGAGE_LOAN: msg`Mortgage loan`,
  SMALL_LOAN_BUSINESS: msg`Small business loan`,
  CAR_LEASING_BUSINESS: msg`Car leasing`,
  EQUIPMENT_LEASING_BUSINESS: msg`Equipment leasing`,
  GREEN_LEASING_BUSINESS: msg`Green leasing`,
};
