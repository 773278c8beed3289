/**
 * What a process decides from (docs/decisions/021): facts read from the application after a
 * submission was applied, in this one module. Deliberately small and free of personal data,
 * because the process context is persisted with them.
 */
import { dependantsOf } from '../../src/domain/persons';

export interface ApplicationFacts {
  productName: string;
  /** Roles of the related persons, one entry per person (section 3). */
  personRoles: readonly string[];
  /** Whether the applicant has given a personal code (kept server-side, never in the facts). */
  applicantHasPersonalCode: boolean;
  /** The applicant added a co-applicant (a COBORROWER person exists). */
  hasCoBorrower: boolean;
  /** The applicant's declared employment type, when given (employed types are asked about their employer). */
  employmentType: string | null;
  /** The applicant's dependants, counted from child or other relations (section 3). */
  dependants: number;
  /**
   * ChooseContinueOption (decision 121): the same owner has another open application of this
   * applicant (same personal code), or may join one as its co-borrower. Not read from the
   * application itself: the service asks the database after the step was applied.
   */
  hasOtherActiveApplication: boolean;
}

interface PersonFacts {
  role: string;
  external_id?: string;
  personal_code: string | null;
  declared_data?: Record<string, unknown>;
}

interface RelationFacts {
  person_id: string;
  related_to_person_id: string;
  relation_type: string;
}

/** The facts of an application with these persons, relations and this product. */
export function factsOf(application: {
  productName: string;
  persons: readonly PersonFacts[];
  relations?: readonly RelationFacts[];
  /** Known only to the service (a query over the owner's applications); false where nobody asked. */
  hasOtherActiveApplication?: boolean;
}): ApplicationFacts {
  const applicant = application.persons.find((person) => person.role === 'APPLICANT');
  const employment = applicant?.declared_data?.['employmentType'];
  const relations = (application.relations ?? []).map((relation) => ({
    personId: relation.person_id,
    relatedToPersonId: relation.related_to_person_id,
    relationType: relation.relation_type,
  }));
  return {
    productName: application.productName,
    personRoles: application.persons.map((person) => person.role),
    applicantHasPersonalCode: Boolean(applicant?.personal_code),
    hasCoBorrower: application.persons.some((person) => person.role === 'COBORROWER'),
    employmentType: typeof employment === 'string' ? employment : null,
    dependants: applicant?.external_id ? dependantsOf(applicant.external_id, relations) : 0,
    hasOtherActiveApplication: application.hasOtherActiveApplication ?? false,
  };
}
