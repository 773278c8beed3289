/**
 * How the corporate financial data's values (core/validation/corporate) are called to a company's
 * representative: the collateral types and the company's liability types (section 3). Records over
 * each enumeration, so a value without a label is a compile error.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CollateralType } from '../../../core/validation/corporate/collaterals';
import type { CORPORATE_LIABILITY_TYPES } from '../../../core/validation/corporate/selects';

export const COLLATERAL_TYPE_LABELS: Record<CollateralType, MessageDescriptor> = {
  PREMISES: msg`Premises (a building or part of one)`,
  LAND: msg`Land`,
  VEHICLES: msg`Vehicles`,
  SURETY: msg`Surety of private persons`,
  EQUIPMENT_AND_MACHINERY: msg`Equipment and machinery`,
  MOTO: msg`Motorcycles`,
  FINANCIAL_GUARANTEES: msg`Financial guarantees`,
};

export const CORPORATE_LIABILITY_TYPE_LABELS: Record<(typeof CORPORATE_LIABILITY_TYPES)[number], MessageDescriptor> = {
  BUSINESS_LOAN: msg`Business loan`,
  BUSINESS_LEASING: msg`Business leasing`,
  GUARANTEE: msg`Guarantee given`,
  BUSINESS_SURETY: msg`Surety for another business`,
  OTHER: msg`Other liability`,
};
