/**
 * Sections 3 and 6: an embedded user's token lists their user groups. These are the customer
 * administrator roles (loan specialist, group, Lithuania, Latvia, Estonia): bank staff filling in
 * an application for a customer. The country groups are the ones that also restrict the corporate
 * country choice (core/validation/corporate/options.ts); decision 110.
 */
export const CUSTOMER_ADMINISTRATOR_GROUPS = [
  'loan-specialist',
  'customer-administrator-group',
  'customer-administrator-lithuania',
  'customer-administrator-latvia',
  'customer-administrator-estonia',
] as const;

export function isCustomerAdministrator(userGroups: readonly string[]): boolean {
  return userGroups.some((group) => (CUSTOMER_ADMINISTRATOR_GROUPS as readonly string[]).includes(group));
}
