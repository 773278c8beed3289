import { stepRoleOf, type StepRole } from './persons';

/**
 * Who is who in an application (section 3). Typed by the little they read, so any shape of the
 * application that has these fields fits (the wire schema's, the server's rows): the domain knows
 * no wire format.
 */
interface WithRole {
  role: string;
}

interface WithPersons<P extends WithRole> {
  relatedPersons: { persons: readonly P[] };
}

/** The application's applicant (role APPLICANT), if the server has one yet. */
export function applicantOf<P extends WithRole>(application: WithPersons<P> | null | undefined): P | undefined {
  return application?.relatedPersons.persons.find((person) => person.role === 'APPLICANT');
}

interface WithSource {
  source?: { channel?: string | null; applicationOrigin?: string | null } | null;
}

/** Section 3: a broker's application came through the broker API. */
export function isBrokerApplication(application: WithSource | null | undefined): boolean {
  const source = application?.source;
  return source?.channel === 'BROKER_API' || source?.applicationOrigin === 'BROKER_API';
}

/**
 * The role a step's person answers are sent under (section 3): the co-borrower's own steps update
 * the co-borrower; every other step is the applicant's.
 */
export function stepPersonRole(role: string | undefined): StepRole {
  return stepRoleOf(role);
}
