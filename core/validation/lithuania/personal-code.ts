import { birthDateFromEstonianPersonalCode, isValidEstonianPersonalCode } from '../estonia/personal-code';

/**
 * Lithuania (docs/decisions/010-lithuanian-rules.md): the Lithuanian asmens kodas has the Estonian
 * structure and check digit. First digits 1 and 2 (born in the 1800s) are refused as for Estonia:
 * no living applicant has them.
 */
export function isValidLithuanianPersonalCode(code: string, today: Date = new Date()): boolean {
  return isValidEstonianPersonalCode(code, today);
}

export function birthDateFromLithuanianPersonalCode(code: string): Date | undefined {
  return birthDateFromEstonianPersonalCode(code);
}
