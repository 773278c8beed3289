import { randomUUID } from 'node:crypto';
import { openJson, openNullableText, sealJsonParam, sealNullableText } from '../crypto/data-cipher';
import type { Queryable } from '../db/database';
import { personalCodeHash } from './personal-code';

export { comparablePersonalCode, personalCodeHash } from './personal-code';

export interface PersonRow {
  id: string;
  external_id: string;
  role: string;
  language_code: string | null;
  personal_code: string | null;
  declared_data: Record<string, unknown>;
  consents: Record<string, unknown>;
  /** Section 3: an unborn child is a person too, with the age marker instead of an age. */
  is_born: boolean;
  age: number | null;
  /** Issue 13: logged in through the login service (decision 156); absent on rows made before reading. */
  authenticated_at?: Date | null;
  /** Issue 13: identified (a remote identification completed, decision 157). */
  identified_at?: Date | null;
}

export interface RelationRow {
  person_id: string;
  related_to_person_id: string;
  relation_type: string;
}

const COLUMNS = 'id::text as id, external_id, role, language_code, personal_code, declared_data, consents, is_born, age, authenticated_at, identified_at';

/**
 * Issue 23 (decision 176): a person's personal code, declared data (names, contacts, address,
 * income, IBAN...) and consents are sealed at rest; the personal code is also kept as a keyed hash
 * of its comparable form, the only thing SQL compares it by.
 */
export const PERSON_SEALED = { personalCode: 'persons.personal_code', declaredData: 'persons.declared_data', consents: 'persons.consents' } as const;

function opened(row: PersonRow): PersonRow {
  return {
    ...row,
    personal_code: openNullableText(PERSON_SEALED.personalCode, row.personal_code),
    declared_data: openJson<Record<string, unknown>>(PERSON_SEALED.declaredData, row.declared_data),
    consents: openJson<Record<string, unknown>>(PERSON_SEALED.consents, row.consents),
  };
}

function sealedParams(fields: PersonFields): [string | null, string | null, string, string] {
  return [
    sealNullableText(PERSON_SEALED.personalCode, fields.personalCode),
    fields.personalCode ? personalCodeHash(fields.personalCode) : null,
    sealJsonParam(PERSON_SEALED.declaredData, fields.declaredData),
    sealJsonParam(PERSON_SEALED.consents, fields.consents),
  ];
}

export async function listPersons(db: Queryable, applicationId: string): Promise<PersonRow[]> {
  return (await db.query<PersonRow>(`select ${COLUMNS} from persons where application_id = $1 order by id`, [applicationId])).map(opened);
}

/** One person's personal code (opened), by the application and the person's external id. */
export async function personalCodeOf(db: Queryable, applicationId: string, externalId: string): Promise<string | null> {
  const rows = await db.query<{ personal_code: string | null }>('select personal_code from persons where application_id = $1 and external_id = $2', [
    applicationId,
    externalId,
  ]);
  return openNullableText(PERSON_SEALED.personalCode, rows[0]?.personal_code ?? null);
}

export interface PersonFields {
  role: string;
  languageCode: string | null;
  personalCode: string | null;
  declaredData: Record<string, unknown>;
  consents: Record<string, unknown>;
  isBorn?: boolean;
  age?: number | null;
}

/** Inserts a person and returns the row as `listPersons` would. */
export async function insertPerson(db: Queryable, applicationId: string, fields: PersonFields, now: Date): Promise<PersonRow> {
  const [personalCode, personalCodeHash, declaredData, consents] = sealedParams(fields);
  const rows = await db.query<PersonRow>(
    `insert into persons (external_id, application_id, role, language_code, personal_code, declared_data, consents, created_at, updated_at, is_born, age, personal_code_hash)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $8, $9, $10, $11)
     returning ${COLUMNS}`,
    [randomUUID(), applicationId, fields.role, fields.languageCode, personalCode, declaredData, consents, now, fields.isBorn ?? true, fields.age ?? null, personalCodeHash],
  );
  return opened(rows[0]!);
}

/** Removes a person and the relations naming them (dependants replaced by a new answer). */
export async function deletePerson(db: Queryable, applicationId: string, person: Pick<PersonRow, 'id' | 'external_id'>): Promise<void> {
  await db.query('delete from relations where application_id = $1 and (person_id = $2 or related_to_person_id = $2)', [applicationId, person.external_id]);
  await db.query('delete from persons where application_id = $1 and id = $2', [applicationId, person.id]);
}

/** Updates a person and returns the row as `listPersons` would. */
export async function updatePerson(db: Queryable, personId: string, fields: PersonFields, now: Date): Promise<PersonRow> {
  const [personalCode, personalCodeHash, declaredData, consents] = sealedParams(fields);
  const rows = await db.query<PersonRow>(
    `update persons set role = $2, language_code = $3, personal_code = $4, declared_data = $5::jsonb, consents = $6::jsonb, updated_at = $7, personal_code_hash = $8
     where id = $1
     returning ${COLUMNS}`,
    [personId, fields.role, fields.languageCode, personalCode, declaredData, consents, now, personalCodeHash],
  );
  return opened(rows[0]!);
}

export async function listRelations(db: Queryable, applicationId: string): Promise<RelationRow[]> {
  return db.query<RelationRow>(
    'select person_id, related_to_person_id, relation_type from relations where application_id = $1 order by id',
    [applicationId],
  );
}

export async function insertRelation(db: Queryable, applicationId: string, relation: RelationRow): Promise<void> {
  await db.query('insert into relations (application_id, person_id, related_to_person_id, relation_type) values ($1, $2, $3, $4)', [
    applicationId,
    relation.person_id,
    relation.related_to_person_id,
    relation.relation_type,
  ]);
}
