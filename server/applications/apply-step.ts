import * as v from 'valibot';
import type { FieldErrors } from '../../src/api/schemas/envelope.schema';
import type { BusinessDomain } from '../../src/domain/business-domains';
import type { ProductTable } from '../../src/domain/product-data';
import { findProduct } from '../../src/domain/products';
import { MESSAGES } from '../../src/validation/messages';
import type { Transaction } from '../db/database';
import { ApiError } from '../http/api-error';
import { factsOf, type ApplicationFacts } from '../process/application-facts';
import { deepMerge, readApplicationData, type StoredApplicationData } from './application-data';
import { insertPerson, insertRelation, listPersons, updatePerson, type PersonFields, type PersonRow } from './person-repository';

/**
 * The generic shape every step payload has once its own contract (src/steps/<taskKey>/contract.ts) accepted
 * it. Each step's schema decides *which* fields are allowed; this only reads them.
 */
const PersonUpdateSchema = v.looseObject({
  id: v.optional(v.string()),
  role: v.string(),
  languageCode: v.optional(v.string()),
  personalCode: v.optional(v.string()),
  declaredData: v.optional(v.record(v.string(), v.unknown())),
  consents: v.optional(v.record(v.string(), v.unknown())),
});

const RelationUpdateSchema = v.object({
  personId: v.string(),
  relatedToPersonId: v.string(),
  relationType: v.string(),
});

export const AppliedPayloadSchema = v.object({
  applicationUpdates: v.optional(v.record(v.string(), v.unknown()), {}),
  personUpdates: v.optional(v.array(PersonUpdateSchema), []),
  addRelations: v.optional(v.array(RelationUpdateSchema), []),
  customData: v.optional(v.record(v.string(), v.unknown()), {}),
});
export type AppliedPayload = v.InferOutput<typeof AppliedPayloadSchema>;

/** Roles an application has at most one of: an update without an id changes that person. */
const SINGLE_ROLES = new Set(['APPLICANT']);

export interface AppliedStep {
  data: StoredApplicationData;
  productName: string;
  facts: ApplicationFacts;
  /** The application's persons after the step, in id order (as `listPersons` lists them). */
  persons: PersonRow[];
}

/** Writes a validated step payload into the application document, persons and relations. */
export async function applyStep(
  tx: Transaction,
  target: { applicationId: string; businessDomain: BusinessDomain; data: unknown; products: ProductTable },
  payload: AppliedPayload,
  now: Date,
): Promise<AppliedStep> {
  const current = readApplicationData(target.data);
  const merged = deepMerge(current, payload.applicationUpdates);
  merged['customData'] = deepMerge(current.customData, payload.customData);
  const data = readApplicationData(merged);
  // The rate belongs to the product: the bank's product data prices it (a product change on a step
  // brings its rate along; a rate in a payload is never taken).
  const product = findProduct(target.businessDomain, data.creditConditions.productName);
  const productData = product ? target.products[product.productName] : undefined;
  if (!product || !productData) {
    throw new ApiError('VALIDATION_FAILED', 'The product is not offered.', {
      fieldErrors: { 'applicationUpdates.creditConditions.productName': [MESSAGES.choiceInvalid] },
    });
  }
  data.creditConditions.interestRate = productData.interestRate;

  const persons = await applyPersonUpdates(tx, target.applicationId, payload.personUpdates, now);
  await applyRelations(tx, target.applicationId, persons, payload.addRelations);

  return { data, productName: product.productName, persons, facts: factsOf({ productName: product.productName, persons }) };
}

async function applyPersonUpdates(
  tx: Transaction,
  applicationId: string,
  updates: AppliedPayload['personUpdates'],
  now: Date,
): Promise<PersonRow[]> {
  let persons = await listPersons(tx, applicationId);
  const unknownIds: FieldErrors = {};
  for (const [index, update] of updates.entries()) {
    const existing =
      update.id !== undefined
        ? persons.find((person) => person.external_id === update.id)
        : SINGLE_ROLES.has(update.role)
          ? persons.find((person) => person.role === update.role)
          : undefined;
    if (update.id !== undefined && !existing) {
      unknownIds[`personUpdates.${index}.id`] = [MESSAGES.choiceInvalid];
      continue;
    }
    const fields: PersonFields = {
      role: update.role,
      languageCode: update.languageCode ?? existing?.language_code ?? null,
      personalCode: update.personalCode ?? existing?.personal_code ?? null,
      declaredData: deepMerge(existing?.declared_data ?? {}, update.declaredData ?? {}),
      consents: deepMerge(existing?.consents ?? {}, update.consents ?? {}),
    };
    if (existing) {
      const updated = await updatePerson(tx, existing.id, fields, now);
      persons = persons.map((person) => (person.id === existing.id ? updated : person));
    } else {
      // A new id is larger than every other: appending keeps the id order.
      persons = [...persons, await insertPerson(tx, applicationId, fields, now)];
    }
  }
  if (Object.keys(unknownIds).length > 0) {
    throw new ApiError('VALIDATION_FAILED', 'A person update names a person this application does not have.', { fieldErrors: unknownIds });
  }
  return persons;
}

async function applyRelations(
  tx: Transaction,
  applicationId: string,
  persons: readonly PersonRow[],
  relations: AppliedPayload['addRelations'],
): Promise<void> {
  const known = new Set(persons.map((person) => person.external_id));
  const fieldErrors: FieldErrors = {};
  relations.forEach((relation, index) => {
    if (!known.has(relation.personId)) fieldErrors[`addRelations.${index}.personId`] = [MESSAGES.choiceInvalid];
    if (!known.has(relation.relatedToPersonId)) fieldErrors[`addRelations.${index}.relatedToPersonId`] = [MESSAGES.choiceInvalid];
  });
  if (Object.keys(fieldErrors).length > 0) {
    throw new ApiError('VALIDATION_FAILED', 'A relation names a person this application does not have.', { fieldErrors });
  }
  for (const relation of relations) {
    await insertRelation(tx, applicationId, {
      person_id: relation.personId,
      related_to_person_id: relation.relatedToPersonId,
      relation_type: relation.relationType,
    });
  }
}
