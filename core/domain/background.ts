/**
 * The applicant's background (section 3, Enumerations): the values the background and employer
 * steps offer, exactly as the spec names them. UNMAPPED is the back end's "nothing matched" value
 * for data from elsewhere; nobody chooses it, so it is never offered. Labels live in
 * src/i18n/labels/background.ts; which answers lead to which follow-up questions lives here, so the
 * contract (both sides) and the screen ask the same.
 */
/** Section 3: marital status (UNMAPPED not offered). */
export const MARITAL_STATUSES = ['SINGLE', 'MARRIED', 'COHABITING', 'DIVORCED', 'WIDOW'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

/** Section 3: education, from the first level to the highest (UNMAPPED not offered). */
export const EDUCATION_LEVELS = ['BASIC', 'SECONDARY', 'SECONDARY_SPECIALISED', 'HIGHER_BA', 'HIGHER_MA', 'HIGHER_PHD', 'HIGHER'] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

/** Section 3: housing type, the residence type of the background step (UNMAPPED not offered). */
export const HOUSING_TYPES = [
  'PRIVATE_APARTMENT',
  'PRIVATE_HOUSE',
  'PART_OWNERSHIP',
  'RENTAL_PREMISES',
  'RENTAL_ROOM',
  'LIVING_WITH_PARENTS',
  'RIGHT_OF_RESIDENCE',
  'OTHER',
] as const;
export type HousingType = (typeof HOUSING_TYPES)[number];

/** Section 3: "Dependants option: 5_OR_MORE": the answers to how many people depend on the applicant. */
export const DEPENDANT_COUNTS = ['0', '1', '2', '3', '4', '5_OR_MORE'] as const;
export type DependantCount = (typeof DEPENDANT_COUNTS)[number];

/** Section 3: employment type (UNMAPPED not offered); the commonest first. */
export const EMPLOYMENT_TYPES = [
  'PRIVATE_SECTOR',
  'PUBLIC_SECTOR',
  'ENTREPRENEUR',
  'INDIVIDUAL_ACTIVITY',
  'PENSIONER',
  'STUDENT',
  'PARENTAL_LEAVE',
  'CONSCRIPT',
  'UNEMPLOYED',
  'OTHER',
] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** Section 3: position level. */
export const POSITION_LEVELS = ['WORKER', 'SPECIALIST', 'SENIOR_SPECIALIST', 'TEAM_LEAD', 'MIDDLE_MANAGER', 'SENIOR_MANAGER'] as const;
export type PositionLevel = (typeof POSITION_LEVELS)[number];

/** The employment contract of the employer step: permanent, or fixed-term with an end date. */
export const EMPLOYMENT_CONTRACT_TYPES = ['PERMANENT', 'FIXED_TERM'] as const;
export type EmploymentContractType = (typeof EMPLOYMENT_CONTRACT_TYPES)[number];

/** Working for an employer: the employer's name and the position level are asked (decision 111). */
const EMPLOYEE_TYPES: readonly string[] = ['PRIVATE_SECTOR', 'PUBLIC_SECTOR'];
/** Working at all (an employee, or on one's own account): when the work started is asked. */
const WORKING_TYPES: readonly string[] = [...EMPLOYEE_TYPES, 'ENTREPRENEUR', 'INDIVIDUAL_ACTIVITY'];

export function worksForEmployer(employmentType: unknown): boolean {
  return (EMPLOYEE_TYPES as readonly unknown[]).includes(employmentType);
}

export function hasWorkStartDate(employmentType: unknown): boolean {
  return (WORKING_TYPES as readonly unknown[]).includes(employmentType);
}

