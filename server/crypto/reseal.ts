/**
 * Issue 23 (docs/decisions/176-personal-data-at-rest.md, docs/operations/key-rotation.md): every
 * start seals what is not sealed under the current key: rows written before sealing existed (a
 * demonstration database of an earlier version) and rows sealed under a key rotated out of first
 * place. The SQL finds only those rows (their envelope names another key, or none), so a start with
 * nothing to do reads no personal data. A value sealed under a key no longer configured stops the
 * start: it could not be opened by anyone.
 *
 * Rows are addressed by `ctid` in batches: a row another process rewrote in between has a new ctid
 * and is left to that process (it wrote it sealed).
 */
import { ENVELOPE_VERSION, SealedValueError, openJson, openNullableText, openStoredBytes, sealBytes, sealJsonParam, sealText, type DataKeyring } from './data-cipher';
import type { Queryable } from '../db/database';
import { personalCodeHash } from '../applications/personal-code';

export interface SealedColumn {
  table: string;
  column: string;
  kind: 'text' | 'json' | 'bytes';
}

/** Every column that holds personal data at rest, sealed (the place of each value is `table.column`). */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'persons', column: 'personal_code', kind: 'text' },
  { table: 'persons', column: 'declared_data', kind: 'json' },
  { table: 'persons', column: 'consents', kind: 'json' },
  { table: 'drafts', column: 'data', kind: 'json' },
  { table: 'idempotency_keys', column: 'response', kind: 'json' },
  { table: 'documents', column: 'file_name', kind: 'text' },
  { table: 'documents', column: 'content', kind: 'bytes' },
  { table: 'contract_files', column: 'content', kind: 'bytes' },
  { table: 'sandbox_outbox', column: 'recipient', kind: 'text' },
  { table: 'sandbox_outbox', column: 'body', kind: 'json' },
  { table: 'signing_transactions', column: 'phone_number', kind: 'text' },
  { table: 'signing_transactions', column: 'signer_identity', kind: 'text' },
  { table: 'signing_transactions', column: 'signer_certificate', kind: 'text' },
  { table: 'psd2_consents', column: 'accounts', kind: 'json' },
  { table: 'psd2_consents', column: 'transactions', kind: 'json' },
  { table: 'back_office_checks', column: 'answer', kind: 'json' },
];

const BATCH = 200;

export class ResealError extends Error {
  override readonly name = 'ResealError';
}

function staleCondition(spec: SealedColumn): string {
  const column = spec.column;
  if (spec.kind === 'text') return `${column} is not null and ${column} not like $1`;
  if (spec.kind === 'json') {
    // Empty values ('{}', '[]', null) carry nothing: they stay as the columns' defaults write them.
    return `${column} is not null and ${column} not in ('{}'::jsonb, '[]'::jsonb, 'null'::jsonb) and not (jsonb_typeof(${column}) = 'string' and (${column} #>> '{}') like $1)`;
  }
  return `octet_length(${column}) > 0 and substring(${column} from 1 for octet_length($1::bytea)) <> $1::bytea`;
}

function resealed(spec: SealedColumn, value: unknown, keyring: DataKeyring): string | Uint8Array {
  const place = `${spec.table}.${spec.column}`;
  if (spec.kind === 'text') return sealText(place, openNullableText(place, value as string, keyring) ?? '', keyring);
  if (spec.kind === 'json') return sealJsonParam(place, openJson(place, value, keyring), keyring);
  return sealBytes(place, openStoredBytes(place, value as Uint8Array, keyring), keyring);
}

async function resealColumn(db: Queryable, spec: SealedColumn, keyring: DataKeyring): Promise<number> {
  const kid = keyring.keys[0]!.id;
  const pattern = `${ENVELOPE_VERSION}.${kid}.%`;
  const prefix = Buffer.from(`${ENVELOPE_VERSION}.${kid}.`, 'ascii');
  const params = spec.kind === 'bytes' ? [prefix] : [pattern];
  const cast = spec.kind === 'json' ? '::jsonb' : spec.kind === 'bytes' ? '::bytea' : '';
  let count = 0;
  for (;;) {
    const rows = await db.query<{ row: string; value: unknown }>(
      `select ctid::text as row, ${spec.column} as value from ${spec.table} where ${staleCondition(spec)} limit ${BATCH}`,
      params,
    );
    let changed = 0;
    for (const row of rows) {
      let sealed: string | Uint8Array;
      try {
        sealed = resealed(spec, row.value, keyring);
      } catch (error) {
        if (error instanceof SealedValueError) {
          throw new ResealError(`${spec.table}.${spec.column} holds a value that does not open with DATA_KEYS (${error.message}). Add the key it was sealed with back to DATA_KEYS (after the current one).`);
        }
        throw error;
      }
      const updated = await db.query<{ row: string }>(`update ${spec.table} set ${spec.column} = $1${cast} where ctid = $2::tid returning ctid::text as row`, [sealed, row.row]);
      changed += updated.length;
    }
    count += changed;
    if (rows.length < BATCH || changed === 0) return count;
  }
}

/** The personal codes' keyed hashes that are missing (rows from before sealing), or all of them after a new `DATA_HASH_KEY`. */
async function rehashPersonalCodes(db: Queryable, keyring: DataKeyring, all: boolean): Promise<number> {
  const rows = await db.query<{ row: string; code: string }>(
    `select ctid::text as row, personal_code as code from persons where personal_code is not null ${all ? '' : 'and personal_code_hash is null'}`,
  );
  for (const row of rows) {
    const code = openNullableText('persons.personal_code', row.code, keyring) ?? '';
    await db.query('update persons set personal_code_hash = $1 where ctid = $2::tid', [code === '' ? null : personalCodeHash(code, keyring), row.row]);
  }
  return rows.length;
}

/**
 * Sealed values inside a jsonb document (`applications.data`): the statement analysis' findings
 * (decision 176). Same rule: not under the current key (or clear), sealed again in place.
 */
export const SEALED_PATHS: readonly { table: string; column: string; path: readonly string[] }[] = [
  { table: 'applications', column: 'data', path: ['statementAnalysis', 'persons'] },
];

async function resealPath(db: Queryable, spec: (typeof SEALED_PATHS)[number], keyring: DataKeyring): Promise<number> {
  const place = `${spec.table}.${spec.column}.${spec.path.join('.')}`;
  const pointer = `'{${spec.path.join(',')}}'`;
  const value = `${spec.column} #> ${pointer}`;
  let count = 0;
  for (;;) {
    const rows = await db.query<{ row: string; value: unknown }>(
      `select ctid::text as row, ${value} as value from ${spec.table}
       where ${value} is not null and not (jsonb_typeof(${value}) = 'string' and (${value} #>> '{}') like $1) limit ${BATCH}`,
      [`${ENVELOPE_VERSION}.${keyring.keys[0]!.id}.%`],
    );
    let changed = 0;
    for (const row of rows) {
      let sealed: string;
      try {
        sealed = sealJsonParam(place, openJson(place, row.value, keyring), keyring);
      } catch (error) {
        if (error instanceof SealedValueError) throw new ResealError(`${place} holds a value that does not open with DATA_KEYS (${error.message}).`);
        throw error;
      }
      const updated = await db.query<{ row: string }>(`update ${spec.table} set ${spec.column} = jsonb_set(${spec.column}, ${pointer}, $1::jsonb) where ctid = $2::tid returning ctid::text as row`, [sealed, row.row]);
      changed += updated.length;
    }
    count += changed;
    if (rows.length < BATCH || changed === 0) return count;
  }
}

export interface ResealReport {
  /** Values sealed anew, per `table.column`. */
  sealed: Record<string, number>;
  /** Personal codes whose keyed hash was (re)computed. */
  hashed: number;
}

/**
 * Seals under the current key every value that is clear or under an older key, and fills the
 * personal codes' missing hashes (`rehash`: recomputes all, after `DATA_HASH_KEY` changed).
 */
export async function resealPersonalData(db: Queryable, keyring: DataKeyring, options: { rehash?: boolean } = {}): Promise<ResealReport> {
  const hashed = await rehashPersonalCodes(db, keyring, options.rehash ?? false);
  const sealed: Record<string, number> = {};
  for (const spec of SEALED_COLUMNS) {
    const count = await resealColumn(db, spec, keyring);
    if (count > 0) sealed[`${spec.table}.${spec.column}`] = count;
  }
  for (const spec of SEALED_PATHS) {
    const count = await resealPath(db, spec, keyring);
    if (count > 0) sealed[`${spec.table}.${spec.column}.${spec.path.join('.')}`] = count;
  }
  return { sealed, hashed };
}
