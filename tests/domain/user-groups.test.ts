/** Sections 3 and 6, decision 110: an embedded user's groups that make them a customer administrator (core/domain/user-groups.ts). */
import { describe, expect, it } from 'vitest';
import { CUSTOMER_ADMINISTRATOR_GROUPS, isCustomerAdministrator } from '../../core/domain/user-groups';

describe('isCustomerAdministrator', () => {
  it('is bank staff: any one of the customer administrator groups, among others or alone', () => {
    for (const group of CUSTOMER_ADMINISTRATOR_GROUPS) expect(isCustomerAdministrator([group]), group).toBe(true);
    expect(isCustomerAdministrator(['newsletter', 'customer-administrator-latvia'])).toBe(true);
  });

  it('is not a customer with no groups or other groups only', () => {
    expect(isCustomerAdministrator([])).toBe(false);
    expect(isCustomerAdministrator(['newsletter'])).toBe(false);
    expect(isCustomerAdministrator(['customer-administrator-finland', 'Loan-Specialist'])).toBe(false);
  });
});
