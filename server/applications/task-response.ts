import * as v from 'valibot';
import type { Person, TaskResponse } from '../../src/api/schemas/application.schema';
import { isBusinessDomain } from '../../src/domain/business-domains';
import { readApplicationData } from './application-data';
import type { ApplicationRow } from './application-repository';
import type { DraftRow } from './draft-repository';
import { maskPersonalCode } from './personal-code';
import type { PersonRow, RelationRow } from './person-repository';

const PhoneNumberSchema = v.object({ code: v.string(), number: v.string() });

function optionalString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Section 3's person as replies show it: the personal code only masked. */
export function toPerson(row: PersonRow): Person {
  const declared = row.declared_data;
  const phone = v.safeParse(PhoneNumberSchema, declared['phoneNumber']);
  return {
    id: row.external_id,
    role: row.role,
    languageCode: row.language_code,
    declaredData: {
      firstName: optionalString(declared['firstName']),
      surname: optionalString(declared['surname']),
      email: optionalString(declared['email']),
      phoneNumber: phone.success ? phone.output : null,
    },
    personalCodeMasked: row.personal_code === null ? null : maskPersonalCode(row.personal_code),
    // Identification and authentication come with later issues; nobody is identified yet.
    identification: { isIdentified: false },
    authentication: { isAuthenticated: false },
  };
}

export interface TaskResponseParts {
  application: ApplicationRow;
  persons: readonly PersonRow[];
  relations: readonly RelationRow[];
  /** The current task's draft, if any. */
  draft: DraftRow | undefined;
  /** The task the browser's Back returns to (the process's previous task, when returnable). */
  previousTask: string | null;
  /** Test mode only: the sandbox's forced key for this one answer (docs/architecture.md). */
  taskKeyOverride?: string | undefined;
}

export function toTaskResponse({ application, persons, relations, draft, previousTask, taskKeyOverride }: TaskResponseParts): TaskResponse {
  const data = readApplicationData(application.data);
  if (!isBusinessDomain(application.business_domain)) {
    throw new Error(`Application ${application.external_id} has an unknown business domain.`);
  }
  const { creditConditions } = data;
  return {
    externalId: application.external_id,
    taskDefinitionKey: taskKeyOverride ?? application.task_key,
    version: application.version,
    stepCount: application.step_count,
    application: {
      externalId: application.external_id,
      businessDomain: application.business_domain,
      currency: data.currency,
      creditConditions: {
        productName: creditConditions.productName,
        loanAmount: creditConditions.loanAmount,
        loanPeriod: creditConditions.loanPeriod,
        loanPurpose: creditConditions.loanPurpose,
        interestRate: creditConditions.interestRate,
        monthlyPaymentDay: creditConditions.monthlyPaymentDay,
      },
      source: data.source,
      processData: data.processData ?? null,
      goodsName: data.goodsName ?? null,
      goodsPrice: data.goodsPrice ?? null,
      seller: data.seller ?? null,
      campaignCode: data.campaignCode ?? null,
      changeType: data.changeType ?? null,
      relatedPersons: {
        persons: persons.map(toPerson),
        relations: relations.map((relation) => ({
          personId: relation.person_id,
          relatedToPersonId: relation.related_to_person_id,
          relationType: relation.relation_type,
        })),
      },
    },
    // A draft belongs to one task: one of another task is never offered.
    draft: draft && draft.task_key === application.task_key ? { taskDefinitionKey: draft.task_key, version: draft.version, data: draft.data } : null,
    previousTaskDefinitionKey: taskKeyOverride === undefined ? previousTask : null,
  };
}
