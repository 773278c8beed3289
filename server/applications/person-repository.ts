import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';

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

export async function listPersons(db: Queryable, applicationId: string): Promise<PersonRow[]> {
  return db.query<PersonRow>(`select ${COLUMNS} from persons where application_id = $1 order by id`, [applicationId]);
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
  const rows = await db.query<PersonRow>(
    `insert into persons (external_id, application_id, role, language_code, personal_code, declared_data, consents, created_at, updated_at, is_born, age)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $8, $9, $10)
     returning ${COLUMNS}`,
    [
      randomUUID(),
      applicationId,
      fields.role,
      fields.languageCode,
      fields.personalCode,
      JSON.stringify(fields.declaredData),
      JSON.stringify(fields.consents),
      now,
      fields.isBorn ?? true,
      fields.age ?? null,
    ],
  );
  return rows[0]!;
}

/** Removes a person and the relations naming them (dependants replaced by a new answer). */
export async function deletePerson(db: Queryable, applicationId: string, person: Pick<PersonRow, 'id' | 'external_id'>): Promise<void> {
  await db.query('delete from relations where application_id = $1 and (person_id = $2 or related_to_person_id = $2)', [applicationId, person.external_id]);
  await db.query('delete from persons where application_id = $1 and id = $2', [applicationId, person.id]);
}

/** Updates a person and returns the row as `listPersons` would. */
export async function updatePerson(db: Queryable, personId: string, fields: PersonFields, now: Date): Promise<PersonRow> {
  const rows = await db.query<PersonRow>(
    `update persons set role = $2, language_code = $3, personal_code = $4, declared_data = $5::jsonb, consents = $6::jsonb, updated_at = $7
     where id = $1
     returning ${COLUMNS}`,
    [personId, fields.role, fields.languageCode, fields.personalCode, JSON.stringify(fields.declaredData), JSON.stringify(fields.consents), now],
  );
  return rows[0]!;
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
