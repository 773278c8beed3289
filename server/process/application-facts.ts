/**
 * What a process decides from (docs/decisions/021): facts read from the application after a
 * submission was applied, in this one module. Deliberately small and free of personal data,
 * because the process context is persisted with them.
 */
export interface ApplicationFacts {
  productName: string;
  /** Roles of the related persons, one entry per person (section 3). */
  personRoles: readonly string[];
  /** Whether the applicant has given a personal code (kept server-side, never in the facts). */
  applicantHasPersonalCode: boolean;
}

interface PersonFacts {
  role: string;
  personal_code: string | null;
}

/** The facts of an application with these persons and this product. */
export function factsOf(application: { productName: string; persons: readonly PersonFacts[] }): ApplicationFacts {
  const applicant = application.persons.find((person) => person.role === 'APPLICANT');
  return {
    productName: application.productName,
    personRoles: application.persons.map((person) => person.role),
    applicantHasPersonalCode: Boolean(applicant?.personal_code),
  };
}
