import type { Application, Person } from '../api/schemas/application.schema';

/** The application's applicant (role APPLICANT), if the server has one yet. */
export function applicantOf(application: Application | null | undefined): Person | undefined {
  return application?.relatedPersons.persons.find((person) => person.role === 'APPLICANT');
}

/** Section 3: a broker's application came through the broker API. */
export function isBrokerApplication(application: Application | null | undefined): boolean {
  const source = application?.source;
  return source?.channel === 'BROKER_API' || source?.applicationOrigin === 'BROKER_API';
}
