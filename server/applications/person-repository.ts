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

/**
 * Issue 26 item 7 (decision 199): what one transaction has read or written of an application's
 * persons and relations, so a submission reads them once, not at every stage that needs them
 * (the step's checks, its person updates, the reply). Kept only for a transaction (a database
 * handle's reads would outlive the request, and another process may write): it ends with it.
 * Every write of this module keeps it true; a write elsewhere (raw SQL on persons or relations)
 * calls `forgetPersons`.
 */
interface KnownRows {
  persons?: PersonRow[];
  relations?: RelationRow[];
}
const knownInTransaction = new WeakMap<Queryable, Map<string, KnownRows>>();

/** A transaction's memo of `applicationId`; undefined outside a transaction (a `Database` has `transaction`). */
function known(db: Queryable, applicationId: string): KnownRows | undefined {
  if ('transaction' in db) return undefined;
  let byApplication = knownInTransaction.get(db);
  if (!byApplication) knownInTransaction.set(db, (byApplication = new Map()));
  let rows = byApplication.get(applicationId);
  if (!rows) byApplication.set(applicationId, (rows = {}));
  return rows;
}

/** After a write to persons or relations outside this module: the transaction reads them again. */
export function forgetPersons(db: Queryable, applicationId?: string): void {
  if (applicationId === undefined) knownInTransaction.delete(db);
  else knownInTransaction.get(db)?.delete(applicationId);
}

/** The application's persons in id order (copies: a caller changing one changes nothing kept). */
export async function listPersons(db: Queryable, applicationId: string): Promise<PersonRow[]> {
  const memo = known(db, applicationId);
  if (memo?.persons) return structuredClone(memo.persons);
  if (!memo) return (await db.query<PersonRow>(`select ${COLUMNS} from persons where application_id = $1 order by id`, [applicationId])).map(opened);
  // In a transaction the relations come along (one round trip: a step needs both, decision 199).
  const rows = await db.query<PersonRow & { relations: [string, string, string][] | null }>(
    `select ${COLUMNS}, (select json_agg(json_build_array(r.person_id, r.related_to_person_id, r.relation_type) order by r.id)
       from relations r where r.application_id = $1) as relations
     from persons where application_id = $1 order by id`,
    [applicationId],
  );
  const persons = rows.map(({ relations: _relations, ...row }) => opened(row));
  memo.persons = structuredClone(persons);
  // An application without persons has no relations either (a relation names two of its persons).
  memo.relations ??= (rows[0]?.relations ?? []).map(([person_id, related_to_person_id, relation_type]) => ({ person_id, related_to_person_id, relation_type }));
  return persons;
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
  const person = opened(rows[0]!);
  // A new id is larger than every other: appended, the list keeps the id order.
  const memo = known(db, applicationId);
  memo?.persons?.push(structuredClone(person));
  return person;
}

/** Removes a person and the relations naming them (dependants replaced by a new answer). */
export async function deletePerson(db: Queryable, applicationId: string, person: Pick<PersonRow, 'id' | 'external_id'>): Promise<void> {
  await db.query('delete from relations where application_id = $1 and (person_id = $2 or related_to_person_id = $2)', [applicationId, person.external_id]);
  await db.query('delete from persons where application_id = $1 and id = $2', [applicationId, person.id]);
  const memo = known(db, applicationId);
  if (memo?.persons) memo.persons = memo.persons.filter((row) => row.id !== person.id);
  if (memo?.relations) memo.relations = memo.relations.filter((row) => row.person_id !== person.external_id && row.related_to_person_id !== person.external_id);
}

/** Updates a person and returns the row as `listPersons` would. */
export async function updatePerson(db: Queryable, personId: string, fields: PersonFields, now: Date): Promise<PersonRow> {
  const updated = await updatePersonRow(db, personId, fields, now);
  // The row names no application here: the transaction's memo holding this person takes the new row.
  const byApplication = 'transaction' in db ? undefined : knownInTransaction.get(db);
  for (const memo of byApplication?.values() ?? []) {
    if (memo.persons?.some((row) => row.id === updated.id)) memo.persons = memo.persons.map((row) => (row.id === updated.id ? structuredClone(updated) : row));
  }
  return updated;
}

async function updatePersonRow(db: Queryable, personId: string, fields: PersonFields, now: Date): Promise<PersonRow> {
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
  const memo = known(db, applicationId);
  if (memo?.relations) return memo.relations.map((row) => ({ ...row }));
  const relations = await db.query<RelationRow>(
    'select person_id, related_to_person_id, relation_type from relations where application_id = $1 order by id',
    [applicationId],
  );
  if (memo) memo.relations = relations.map((row) => ({ ...row }));
  return relations;
}

export async function insertRelation(db: Queryable, applicationId: string, relation: RelationRow): Promise<void> {
  await db.query('insert into relations (application_id, person_id, related_to_person_id, relation_type) values ($1, $2, $3, $4)', [
    applicationId,
    relation.person_id,
    relation.related_to_person_id,
    relation.relation_type,
  ]);
  // A new id is larger than every other: appended, the list keeps the id order.
  known(db, applicationId)?.relations?.push({ person_id: relation.person_id, related_to_person_id: relation.related_to_person_id, relation_type: relation.relation_type });
}
