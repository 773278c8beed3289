/**
 * Persons and their relations (section 3). The flow itself uses the applicant, the co-borrower and
 * dependants; the other roles exist in the bank's model and pass through untouched.
 */
export const PERSON_ROLES = ['APPLICANT', 'DEPENDENT', 'COBORROWER', 'SPOUSE', 'COLLATERAL_PROVIDER', 'SURETY_PROVIDER', 'SELLER', 'REPRESENTATIVE'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

export const RELATION_TYPES = ['PARENT', 'CHILD', 'SPOUSE', 'COHABITING', 'COHABITANT', 'SIBLING', 'RELATIVE', 'OTHER', 'UNMAPPED'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** Section 3: "child or other counts for dependants". */
export const DEPENDANT_RELATIONS: readonly RelationType[] = ['CHILD', 'OTHER'];

/**
 * Section 3: "unborn children use a special marker" in place of an age, with `isBorn` false. An
 * expected child is a child dependant like a born one (decision 123).
 */
export const UNBORN_AGE = -1;

/** Section 3: "Dependants option: 5_OR_MORE" — stored as five persons, the most the flow tells apart. */
export const DEPENDANT_COUNT_OPTIONS = ['0', '1', '2', '3', '4', '5_OR_MORE'] as const;
export type DependantCount = (typeof DEPENDANT_COUNT_OPTIONS)[number];

export function dependantCountOf(option: string | undefined | null): number {
  if (option === '5_OR_MORE') return 5;
  // None given (undefined, null, '': Number gives NaN or 0) counts none, as '0' does (decision 236).
  const count = Number(option);
  return Number.isInteger(count) ? Math.min(Math.max(count, 0), 5) : 0;
}

interface RelationLike {
  personId: string;
  relatedToPersonId: string;
  relationType: string;
}

/**
 * How many dependants a person has: the persons related to them as a child or other (section 3),
 * counting each person once.
 */
export function dependantsOf(personId: string, relations: readonly RelationLike[]): number {
  const dependants = new Set(
    relations.filter((relation) => relation.relatedToPersonId === personId && DEPENDANT_RELATIONS.includes(relation.relationType as RelationType)).map((relation) => relation.personId),
  );
  return dependants.size;
}

/** The roles the flow lets a person fill their own steps in (section 6: applicant, co-borrower). */
export const STEP_ROLES = ['APPLICANT', 'COBORROWER'] as const;
export type StepRole = (typeof STEP_ROLES)[number];

/** The role of the query (`?role=coborrower`, section 7) as a person role; applicant by default. */
export function stepRoleOf(query: string | null | undefined): StepRole {
  return query?.toUpperCase() === 'COBORROWER' ? 'COBORROWER' : 'APPLICANT';
}

/** The role as the query names it (section 7: `role=applicant`, `role=coborrower`). */
export function roleQueryOf(role: StepRole): string {
  return role.toLowerCase();
}

/**
 * The products a co-applicant may join (decision 120): instalment and real-estate loans, which two
 * people repay together; not a credit card or a hire purchase, which have one holder.
 */
const CO_APPLICANT_PRODUCTS: readonly string[] = ['SMALL_LOAN', 'CAR_LOAN', 'RENOVATION_LOAN', 'REFINANCING_LOAN', 'HOUSING_LOAN', 'REAL_ESTATE_LOAN'];

/** Whether a co-applicant may join; asked also while the product is not known yet (a form before the application). */
export function acceptsCoApplicant(productName: string | null | undefined): boolean {
  return productName === null || productName === undefined || CO_APPLICANT_PRODUCTS.includes(productName);
}
