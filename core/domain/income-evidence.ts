/**
 * Which borrowers must show their income with bank statements before the decision
 * (docs/decisions/152-income-evidence.md). Pure: the process reads it from the person's declared
 * data (src/steps/submitBackgroundData, submitFinancialData) and the business domain.
 */
import type { BusinessDomain } from './business-domains';

/** Employment the bank cannot check in a salary register: the person's own business. */
export const SELF_EMPLOYED_TYPES: readonly string[] = ['ENTREPRENEUR', 'INDIVIDUAL_ACTIVITY'];

/** Income sources no employer or state register confirms: the person's own company's. */
export const UNVERIFIABLE_INCOME_SOURCES: readonly string[] = ['BUSINESS', 'DIVIDENDS'];

/** Section 3 "Open banking": the statements arrive from the aggregator (EBAS) as INCOME evidence. */
export const OPEN_BANKING_REQUIRED_DOCUMENT = { type: 'INCOME', documentType: 'BANK_STATEMENT', source: 'EBAS' } as const;

export type IncomeEvidenceReason = 'LATVIA' | 'INCOME_FROM_ABROAD' | 'SELF_EMPLOYED' | 'UNVERIFIABLE_INCOME';

const objectsOf = (value: unknown): Record<string, unknown>[] =>
  // Stryker disable next-line ArrayDeclaration: equivalent (decision 236), the items of a list that is not one are read only for `fromAbroad` and `source`, which a string has not.
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];

/** Why a person's declared income needs bank statements, whatever the country; empty when it does not. */
export function incomeEvidenceReasonsOf(declared: Readonly<Record<string, unknown>> | undefined): IncomeEvidenceReason[] {
  if (!declared) return [];
  const reasons: IncomeEvidenceReason[] = [];
  const incomes = objectsOf(declared['incomes']);
  if (incomes.some((income) => income['fromAbroad'] === true)) reasons.push('INCOME_FROM_ABROAD');
  const employment = declared['employmentType'];
  // A list of strings includes nothing that is not a string (decision 236: no `typeof` check before).
  if ((SELF_EMPLOYED_TYPES as readonly unknown[]).includes(employment)) reasons.push('SELF_EMPLOYED');
  if (incomes.some((income) => (UNVERIFIABLE_INCOME_SOURCES as readonly unknown[]).includes(income['source']))) reasons.push('UNVERIFIABLE_INCOME');
  return reasons;
}

/**
 * Latvian retail asks every borrower: the bank has no access to a salary register there (decision
 * 152). Elsewhere only a person whose income a register cannot confirm.
 */
export function needsIncomeEvidence(domain: BusinessDomain, declaredIncomeNeedsEvidence: boolean): boolean {
  return domain === 'retail-banking-lv' || declaredIncomeNeedsEvidence;
}

/**
 * Section 4: in Latvia (`retail-banking-lv`) each update of a step that gives no statements resets
 * the person's bank statements (open banking and uploads alike); they are given again. Elsewhere
 * they stay given (decision 173: the additional checks do not ask them again; decision 220: the
 * generated paths walk the same).
 */
export function statementsResetOnUpdateIn(domain: string): boolean {
  return domain === 'retail-banking-lv';
}
