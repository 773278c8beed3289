import type { TaskResponse } from '../../../src/api/schemas/application.schema';
import type { StepSubmission } from '../../../src/api/schemas/process.schema';
import type { ApiClient } from './api-client';

/**
 * A valid Estonian applicant. 38001085718: weights 1..9,1 give 3+16+0+0+5+0+56+40+63+1 = 184,
 * 184 mod 11 = 8, the check digit.
 */
export const MARI = {
  personalCode: '38001085718',
  firstName: 'Mari',
  surname: 'Maasikas',
  email: 'mari.maasikas@example.com',
  phoneNumber: { code: '+372', number: '51234567' },
} as const;

export const CREATE_REQUEST = {
  application: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, languageCode: 'est' },
};

export function createApplicationStep(version: number, overrides: { email?: string; personalCode?: string; loanAmount?: number } = {}): StepSubmission {
  return {
    taskDefinitionKey: 'createApplicationStep',
    version,
    application: {
      applicationUpdates: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: overrides.loanAmount ?? 5000, loanPeriod: 36 } },
      personUpdates: [
        {
          role: 'APPLICANT',
          languageCode: 'est',
          personalCode: overrides.personalCode ?? MARI.personalCode,
          declaredData: {
            firstName: MARI.firstName,
            surname: MARI.surname,
            email: overrides.email ?? MARI.email,
            phoneNumber: MARI.phoneNumber,
          },
          consents: { dataProcessing: true, marketing: false },
        },
      ],
      addRelations: [],
      customData: {},
    },
    variables: {},
  };
}

export const stepPath = (externalId: string) => `/api/v1/application-process/${externalId}/step`;
export const continuePath = (externalId: string) => `/api/v1/application-process/${externalId}/continue?role=applicant`;

export async function createApplication(client: ApiClient): Promise<TaskResponse> {
  const reply = await client.post<{ data: TaskResponse }>('/api/v1/application-process', CREATE_REQUEST);
  if (reply.status !== 201) throw new Error(`create answered ${reply.status}: ${reply.text}`);
  return reply.body.data;
}
