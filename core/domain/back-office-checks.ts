/**
 * The bank's own work an application waits for after the applicant has sent everything the step
 * asked (issue 22, docs/decisions/172): checks its back office runs while the applicant waits on a
 * page that says so, and whose answer moves the process on by itself.
 * - STATEMENT_ANALYSIS: the statements shared through open banking are analysed (income, obligations)
 *   before the decision ("statements being processed", then "processing takes time");
 * - REFINANCING_CHECK: the obligations a refinancing loan is to pay off are confirmed with the
 *   lenders and the credit register before the decision ("additional data submitted, before the
 *   refinancing check");
 * - UNDERWRITER_REVIEW: an underwriter's manual rules decide the final stage ("additional data
 *   submitted, before the underwriter's manual rules");
 * - REFINANCING_PAYOFF: the lenders' payoff amounts and accounts are collected for the contract of
 *   an accepted refinancing offer ("additional data submitted, before the refinancing sub-flow").
 */
export const BACK_OFFICE_CHECKS = ['STATEMENT_ANALYSIS', 'REFINANCING_CHECK', 'UNDERWRITER_REVIEW', 'REFINANCING_PAYOFF'] as const;
export type BackOfficeCheck = (typeof BACK_OFFICE_CHECKS)[number];

export function isBackOfficeCheck(value: unknown): value is BackOfficeCheck {
  return (BACK_OFFICE_CHECKS as readonly unknown[]).includes(value);
}
