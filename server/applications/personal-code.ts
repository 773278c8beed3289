import { dataKeyring, lookupHash, type DataKeyring } from '../crypto/data-cipher';

/**
 * The personal code never leaves the server in clear once submitted (issue 2, Access): replies
 * carry this masked form, which keeps the last four characters so the applicant can recognise it.
 */
export function maskPersonalCode(code: string): string {
  const visible = code.length > 4 ? code.slice(-4) : '';
  return `${'*'.repeat(code.length - visible.length)}${visible}`;
}

/** A personal code as it is compared: without spaces and hyphens, upper case (LV "320190-12345"). */
export function comparablePersonalCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * Issue 23 (decision 176): the keyed hash SQL compares personal codes by (`persons.personal_code_hash`,
 * the session's login): HMAC-SHA-256 of the comparable code under `DATA_HASH_KEY`.
 */
export function personalCodeHash(code: string, keyring: DataKeyring = dataKeyring()): string {
  return lookupHash('personal-code', comparablePersonalCode(code), keyring);
}
