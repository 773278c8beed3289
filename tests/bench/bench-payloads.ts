/**
 * Valid request bodies of the Estonian retail create-application step (section 7 shapes, see
 * src/api/schemas/process.schema.ts and steps/create-application-step.schema.ts).
 */
import type { CreateApplicationRequest, StepSubmission } from '../../src/api/schemas/process.schema';

export function createApplicationRequest(): CreateApplicationRequest {
  return { application: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, languageCode: 'est' } };
}

export function createApplicationStepSubmission(version: number): StepSubmission {
  return {
    taskDefinitionKey: 'createApplicationStep',
    version,
    application: {
      applicationUpdates: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36, monthlyPaymentDay: 15 } },
      personUpdates: [
        {
          role: 'APPLICANT',
          languageCode: 'est',
          personalCode: '38001085718',
          declaredData: {
            firstName: 'Mari',
            surname: 'Maasikas',
            email: 'mari.maasikas@example.com',
            phoneNumber: { code: '+372', number: '51234567' },
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
