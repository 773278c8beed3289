import * as v from 'valibot';
import { plainRecord } from '../../core/wire/plain-record';
import { withdrawCoBorrower } from './invitations';
import { deleteAt, parsePath, type PathSegment } from '../../core/contract/paths';
import type { FieldErrors } from '../../core/wire/envelope.schema';
import { companyCountryOf, isCorporate, type BusinessDomain } from '../../core/domain/business-domains';
import type { ProductTable } from '../../core/domain/product-data';
import { findProduct, findProductInAnyCountry } from '../../core/domain/products';
import { MESSAGES } from '../../core/validation/messages';
import type { Transaction } from '../db/database';
import { ApiError } from '../http/api-error';
import { factsOf, type ApplicationFacts } from '../process/application-facts';
import { deepMerge, readApplicationData, type StoredApplicationData } from './application-data';
import { hostingPlatformOf } from './channels';
import { DEPENDANT_RELATIONS, UNBORN_AGE, dependantCountOf, type RelationType, type StepRole } from '../../core/domain/persons';
import { deletePerson, insertPerson, insertRelation, listPersons, listRelations, updatePerson, type PersonFields, type PersonRow } from './person-repository';

/**
 * The generic shape every step payload has once its own contract (src/steps/<taskKey>/contract.ts) accepted
 * it. Each step's schema decides *which* fields are allowed; this only reads them.
 */
const PersonUpdateSchema = v.looseObject({
  id: v.optional(v.string()),
  /** The submitter's own role when left out (a step's person is the one whose step it is). */
  role: v.optional(v.string()),
  languageCode: v.optional(v.string()),
  personalCode: v.optional(v.string()),
  declaredData: v.optional(plainRecord(v.string(), v.unknown())),
  consents: v.optional(plainRecord(v.string(), v.unknown())),
});

const RelationUpdateSchema = v.object({
  personId: v.string(),
  relatedToPersonId: v.string(),
  relationType: v.string(),
});

export const AppliedPayloadSchema = v.object({
  applicationUpdates: v.optional(plainRecord(v.string(), v.unknown()), {}),
  personUpdates: v.optional(v.array(PersonUpdateSchema), []),
  addRelations: v.optional(v.array(RelationUpdateSchema), []),
  customData: v.optional(plainRecord(v.string(), v.unknown()), {}),
});
export type AppliedPayload = v.InferOutput<typeof AppliedPayloadSchema>;

/** Roles an application has at most one of: an update without an id changes that person. */
const SINGLE_ROLES = new Set(['APPLICANT', 'COBORROWER']);

/** The co-applicant the applicant adds on the background step (`applicationUpdates.coApplicant`). */
const CoApplicantSchema = v.object({
  firstName: v.string(),
  surname: v.string(),
  email: v.string(),
  phoneNumber: v.optional(v.unknown()),
});

export interface AppliedStep {
  data: StoredApplicationData;
  productName: string;
  facts: ApplicationFacts;
  /** The application's persons after the step, in id order (as `listPersons` lists them). */
  persons: PersonRow[];
  /** A co-borrower added (or changed) by this step, to be invited. */
  invite?: { person: PersonRow; email: string };
}

/** Writes a validated step payload into the application document, persons and relations. */
export async function applyStep(
  tx: Transaction,
  target: {
    applicationId: string;
    businessDomain: BusinessDomain;
    data: unknown;
    submitterRole: StepRole;
    /**
     * Wire paths of the step's follow-up fields it did not send this time: earlier answers there, in
     * the person's declared data, are removed.
     */
    unanswered?: readonly string[];
    /** The feature flags on, for the process's facts. */
    featureFlags?: Iterable<string>;
    /** The product data the step's amounts are checked against (with a partner's terms). */
    products: ProductTable;
  },
  payload: AppliedPayload,
  now: Date,
): Promise<AppliedStep> {
  const unanswered = (target.unanswered ?? []).map(parsePath);
  const current = readApplicationData(target.data);
  const forgetOwn = unanswered.filter((path) => path[0] === 'personUpdates' && path[1] === 0 && path[2] === 'declaredData').map((path) => path.slice(3));
  assertOwnPersons(target.submitterRole, payload, await listPersons(tx, target.applicationId));
  const personUpdates = payload.personUpdates.map((update) => ({ ...update, role: update.role ?? target.submitterRole }));
  // The co-applicant is a person, not part of the application document.
  const { coApplicant, ...applicationUpdates } = payload.applicationUpdates;
  const merged = deepMerge(current, applicationUpdates);
  merged['customData'] = deepMerge(current.customData, payload.customData);
  const data = readApplicationData(merged);
  // Decision 188: the hosting platform follows the channel (a customer administrator's step makes it INTERNAL).
  data.source.hostingPlatform = hostingPlatformOf(data.source.channel);
  // The rate belongs to the product: the bank's product data prices it (a product change on a step
  // brings its rate along; a rate in a payload is never taken).
  // Issue 24: a corporate product is checked against the company's country once businessData gave it.
  const companyCountry = isCorporate(target.businessDomain) ? companyCountryOf(data) : undefined;
  const product =
    isCorporate(target.businessDomain) && !companyCountry
      ? findProductInAnyCountry(target.businessDomain, data.creditConditions.productName)
      : findProduct(target.businessDomain, data.creditConditions.productName, companyCountry);
  const productData = product ? target.products[product.productName] : undefined;
  if (!product || !productData) {
    throw new ApiError('VALIDATION_FAILED', 'The product is not offered.', {
      fieldErrors: { 'applicationUpdates.creditConditions.productName': [MESSAGES.choiceInvalid] },
    });
  }
  data.creditConditions.interestRate = productData.interestRate;
  // A price and an own contribution belong to a loan that finances a price (a housing loan, section
  // 5): switched to another product, they go.
  if (!product.financesPrice) {
    delete data.creditConditions.price;
    delete data.creditConditions.selfFinancingAmount;
  }

  let persons = await applyPersonUpdates(tx, target.applicationId, personUpdates, now, forgetOwn);
  await applyRelations(tx, target.applicationId, persons, payload.addRelations);
  for (const update of personUpdates) {
    const declared = update.declaredData ?? {};
    if ('dependants' in declared || 'adultDependants' in declared || 'expectingChild' in declared) {
      persons = await replaceDependants(tx, target.applicationId, persons, update.role, declared, now);
    }
  }
  let invite: AppliedStep['invite'];
  if (applicationUpdates['hasCoApplicant'] === false) {
    // The applicant no longer applies with a co-applicant: the co-borrower, their data, drafts,
    // unused link and any access their session had go (issue 11).
    const coBorrower = persons.find((person) => person.role === 'COBORROWER');
    if (coBorrower) {
      await withdrawCoBorrower(tx, target.applicationId, coBorrower);
      persons = persons.filter((person) => person !== coBorrower);
    }
  }
  if (coApplicant !== undefined) {
    const added = await upsertCoBorrower(tx, target.applicationId, persons, v.parse(CoApplicantSchema, coApplicant), now);
    persons = added.persons;
    invite = { person: added.coBorrower, email: added.email };
  }
  const relations = await listRelations(tx, target.applicationId);
  return {
    data,
    productName: product.productName,
    persons,
    facts: factsOf({ productName: product.productName, persons, relations, channel: data.source.channel }, target.featureFlags),
    ...(invite ? { invite } : {}),
  };
}

/**
 * Issue 11: a person's step writes only that person. A co-borrower cannot change the applicant's
 * data (or add a co-applicant), and the applicant cannot write the co-borrower's declared data, whatever
 * the payload says: each update is of the submitter's own role (or left to default to it) and names
 * no other person's id. Refused as a validation failure at the offending path.
 */
function assertOwnPersons(submitterRole: StepRole, payload: AppliedPayload, persons: readonly PersonRow[]): void {
  const fieldErrors: FieldErrors = {};
  payload.personUpdates.forEach((update, index) => {
    if (update.role !== undefined && update.role !== submitterRole) fieldErrors[`personUpdates.${index}.role`] = [MESSAGES.choiceInvalid];
    if (update.id !== undefined) {
      const named = persons.find((person) => person.external_id === update.id);
      if (named && named.role !== submitterRole) fieldErrors[`personUpdates.${index}.id`] = [MESSAGES.choiceInvalid];
    }
  });
  if (submitterRole !== 'APPLICANT' && payload.applicationUpdates['coApplicant'] !== undefined) {
    fieldErrors['applicationUpdates.coApplicant'] = [MESSAGES.choiceInvalid];
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new ApiError('VALIDATION_FAILED', 'A step may change only the data of the person whose step it is.', { fieldErrors });
  }
}

/**
 * Section 3: dependants are persons (role DEPENDENT) related to the person who declared them: a
 * child relation for each dependant, "other" for each adult dependant (both count as dependants).
 * A new answer replaces the persons of the previous one, so answering again never duplicates them.
 */
async function replaceDependants(
  tx: Transaction,
  applicationId: string,
  persons: PersonRow[],
  declaringRole: string,
  declared: Record<string, unknown>,
  now: Date,
): Promise<PersonRow[]> {
  const declaring = persons.find((person) => person.role === declaringRole);
  if (!declaring) return persons;
  const relations = await listRelations(tx, applicationId);
  const theirs = new Set(
    relations
      .filter((relation) => relation.related_to_person_id === declaring.external_id && DEPENDANT_RELATIONS.includes(relation.relation_type as RelationType))
      .map((relation) => relation.person_id),
  );
  const previous = persons.filter((person) => person.role === 'DEPENDENT' && theirs.has(person.external_id));
  for (const person of previous) await deletePerson(tx, applicationId, person);
  const kept = persons.filter((person) => !previous.includes(person));
  const wanted: RelationType[] = [
    ...Array.from({ length: dependantCountOf(declared['dependants'] as string | undefined) }, (): RelationType => 'CHILD'),
    ...Array.from({ length: dependantCountOf(declared['adultDependants'] as string | undefined) }, (): RelationType => 'OTHER'),
  ];
  const added: PersonRow[] = [];
  for (const relationType of wanted) {
    const dependant = await insertPerson(tx, applicationId, { role: 'DEPENDENT', languageCode: null, personalCode: null, declaredData: {}, consents: {} }, now);
    await insertRelation(tx, applicationId, { person_id: dependant.external_id, related_to_person_id: declaring.external_id, relation_type: relationType });
    added.push(dependant);
  }
  // Section 3: an expected child is a child dependant with the unborn marker (decision 123).
  if (declared['expectingChild'] === true) {
    const unborn = await insertPerson(
      tx,
      applicationId,
      { role: 'DEPENDENT', languageCode: null, personalCode: null, declaredData: {}, consents: {}, isBorn: false, age: UNBORN_AGE },
      now,
    );
    await insertRelation(tx, applicationId, { person_id: unborn.external_id, related_to_person_id: declaring.external_id, relation_type: 'CHILD' });
    added.push(unborn);
  }
  return [...kept, ...added];
}

/** The co-applicant as the application's co-borrower person (one per application), with their name and contacts. */
async function upsertCoBorrower(
  tx: Transaction,
  applicationId: string,
  persons: PersonRow[],
  coApplicant: v.InferOutput<typeof CoApplicantSchema>,
  now: Date,
): Promise<{ persons: PersonRow[]; coBorrower: PersonRow; email: string }> {
  const existing = persons.find((person) => person.role === 'COBORROWER');
  const declaredData = { firstName: coApplicant.firstName, surname: coApplicant.surname, email: coApplicant.email, phoneNumber: coApplicant.phoneNumber ?? null };
  const fields: PersonFields = {
    role: 'COBORROWER',
    languageCode: existing?.language_code ?? null,
    personalCode: existing?.personal_code ?? null,
    declaredData: deepMerge(existing?.declared_data ?? {}, declaredData),
    consents: existing?.consents ?? {},
  };
  const coBorrower = existing ? await updatePerson(tx, existing.id, fields, now) : await insertPerson(tx, applicationId, fields, now);
  const rest = persons.filter((person) => person !== existing);
  return { persons: [...rest, coBorrower].sort((a, b) => Number(a.id) - Number(b.id)), coBorrower, email: coApplicant.email };
}

async function applyPersonUpdates(
  tx: Transaction,
  applicationId: string,
  updates: readonly (AppliedPayload['personUpdates'][number] & { role: string })[],
  now: Date,
  /** Declared data the first update's person no longer has (follow-ups not asked any more). */
  forget: readonly PathSegment[][] = [],
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
    // Section 5: no duplicate personal code among related persons (the co-borrower is not the applicant).
    const code = update.personalCode?.replace(/[\s-]/g, '');
    const holder = code ? persons.find((person) => person !== existing && person.personal_code?.replace(/[\s-]/g, '') === code) : undefined;
    if (holder) {
      unknownIds[`personUpdates.${index}.personalCode`] = [
        holder.role === 'APPLICANT' ? MESSAGES.coBorrowerSameAsApplicant : MESSAGES.relatedPersonDuplicateCode,
      ];
      continue;
    }
    const fields: PersonFields = {
      role: update.role,
      languageCode: update.languageCode ?? existing?.language_code ?? null,
      personalCode: update.personalCode ?? existing?.personal_code ?? null,
      declaredData: deepMerge(index === 0 ? without(existing?.declared_data ?? {}, forget) : (existing?.declared_data ?? {}), update.declaredData ?? {}),
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
    throw new ApiError('VALIDATION_FAILED', 'A person update names an unknown person or repeats another person\'s personal code.', { fieldErrors: unknownIds });
  }
  return persons;
}

/** A copy of `data` without the values at these paths. */
function without(data: Record<string, unknown>, paths: readonly PathSegment[][]): Record<string, unknown> {
  if (paths.length === 0) return data;
  const copy = structuredClone(data);
  for (const path of paths) deleteAt(copy, path);
  return copy;
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
