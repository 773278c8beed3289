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
