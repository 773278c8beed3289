/**
 * ChooseContinueOption (section 2; docs/decisions/121-choose-continue-option.md): what an applicant
 * who already has an open application may do.
 * - CONTINUE_ACTIVE: continue the other application (the new one is annulled);
 * - ANNUL_ACTIVE: annul the other one(s) and continue with the new one;
 * - JOIN_AS_RELATED_PERSON: join, as its co-borrower, the application they were invited to (the new
 *   one is annulled).
 */
export const CONTINUE_OPTIONS = ['CONTINUE_ACTIVE', 'ANNUL_ACTIVE', 'JOIN_AS_RELATED_PERSON'] as const;
export type ContinueOption = (typeof CONTINUE_OPTIONS)[number];

export function isContinueOption(value: unknown): value is ContinueOption {
  return (CONTINUE_OPTIONS as readonly unknown[]).includes(value);
}
