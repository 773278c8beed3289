/** Section 5 (Phone): "digits only kept". */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** A country calling code in its canonical form: '+' and digits ("00372" and "372" -> "+372"). */
export function normalisePhoneCode(code: string): string {
  const digits = digitsOnly(code).replace(/^00/, '');
  return digits === '' ? '' : `+${digits}`;
}

/** The number in E.164 form, e.g. "+372 5123 4567" -> "+37251234567". */
export function toE164(code: string, number: string): string {
  return `${normalisePhoneCode(code)}${digitsOnly(number)}`;
}

/**
 * A number typed with its international prefix ("+372 5123 4567", "00 372 5123 4567") split into
 * one of `codes` and the national number, so the prefix is not doubled (issue 8). The longest code
 * that fits wins (+358 before +35); undefined when the text has no international prefix or no
 * offered code fits.
 */
export function splitInternationalNumber(text: string, codes: readonly string[]): { code: string; number: string } | undefined {
  const trimmed = text.trim();
  if (!/^(\+|00)/.test(trimmed)) return undefined;
  const digits = digitsOnly(trimmed).replace(/^00/, '');
  const code = [...codes].sort((a, b) => b.length - a.length).find((candidate) => digits.startsWith(digitsOnly(candidate)));
  if (!code) return undefined;
  return { code, number: digits.slice(digitsOnly(code).length) };
}
