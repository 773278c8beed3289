import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  corporateIbanSchema,
  estonianIbanSchema,
  ibanSchema,
  isValidIban,
  latvianIbanSchema,
  payoutIbanSchema,
} from '../../../core/validation/general/iban';
import { MESSAGES } from '../../../core/validation/messages';
import { firstMessage, output } from '../support';

/** ISO 13616 check digits, computed independently of the library. */
function checkDigits(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return String(98 - remainder).padStart(2, '0');
}

/** Estonian national check digit (7-3-1 over the account part). */
function estonianBban(bank: string, account: string): string {
  const weights = [7, 1, 3];
  const body = `${bank.slice(0, 2)}${account}`;
  const sum = body
    .slice(2)
    .split('')
    .reduce((acc, d, i) => acc + Number(d) * (weights[i % 3] as number), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const digits = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
const upper = (length: number) => fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: length, maxLength: length });
const alnum = (length: number) => fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: length, maxLength: length });

const ibans = fc.oneof(
  fc.tuple(digits(2), digits(13)).map(([bank, account]) => ['EE', estonianBban(bank, account)] as const),
  digits(16).map((bban) => ['LT', bban] as const),
  fc.tuple(upper(4), alnum(13)).map(([bank, account]) => ['LV', `${bank}${account}`] as const),
  digits(18).map((bban) => ['DE', bban] as const),
).map(([country, bban]) => `${country}${checkDigits(country, bban)}${bban}`);

describe('IBAN (section 5, General)', () => {
  it('accepts real-format IBANs, in any spacing and case, and outputs the electronic form', () => {
    expect(output(ibanSchema(), ' ee38 2200 2210 2014 5685 ')).toBe('EE382200221020145685');
    expect(output(ibanSchema(), 'LV80BANK0000435195001')).toBe('LV80BANK0000435195001');
    expect(output(ibanSchema(), 'LT12 1000 0111 0100 1000')).toBe('LT121000011101001000');
    expect(firstMessage(ibanSchema(), '')).toBe(MESSAGES.required);
    expect(firstMessage(ibanSchema(), 'EE382200221020145686')).toBe(MESSAGES.ibanInvalid);
    expect(firstMessage(ibanSchema(), 'EE38220022102014568')).toBe(MESSAGES.ibanInvalid);
  });

  it('country prefixes: Latvian LV, Estonian EE, corporate EE, LT or LV, payout EE', () => {
    expect(firstMessage(latvianIbanSchema(), 'LV80BANK0000435195001')).toBeUndefined();
    expect(firstMessage(latvianIbanSchema(), 'EE382200221020145685')).toBe(MESSAGES.ibanNotLatvian);
    expect(firstMessage(estonianIbanSchema(), 'LV80BANK0000435195001')).toBe(MESSAGES.ibanNotEstonian);
    for (const iban of ['EE382200221020145685', 'LT121000011101001000', 'LV80BANK0000435195001']) {
      expect(firstMessage(corporateIbanSchema(), iban)).toBeUndefined();
    }
    expect(firstMessage(corporateIbanSchema(), 'DE89370400440532013000')).toBe(MESSAGES.ibanNotBaltic);
    expect(firstMessage(payoutIbanSchema(), 'EE382200221020145685')).toBeUndefined();
    expect(firstMessage(payoutIbanSchema(), 'LT121000011101001000')).toBe(MESSAGES.ibanNotEstonian);
    expect(firstMessage(payoutIbanSchema(), '')).toBe(MESSAGES.required);
  });

  it('property: generated IBANs with a correct check pair pass', () => {
    fc.assert(
      fc.property(ibans, (iban) => {
        expect(isValidIban(iban)).toBe(true);
      }),
    );
  });

  // ISO 7064 MOD 97-10 catches every substitution of a digit by a digit and of a letter by a
  // letter. A letter swapped for a digit changes the length of the expanded number (A = 10 ... Z =
  // 35), so its check is not guaranteed: LV10OJKAZ5N43RFAAAAAA with F at 14 made 0 still passes.
  it('property: any single-character substitution of the same kind (digit for digit, letter for letter) fails', () => {
    fc.assert(
      fc.property(ibans, fc.nat(), fc.nat(), (iban, at, pick) => {
        const position = at % iban.length;
        const original = iban.charAt(position);
        const kind = /\d/.test(original) ? '0123456789' : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
        const replacement = kind.charAt(pick % kind.length);
        fc.pre(original !== replacement);
        const changed = `${iban.slice(0, position)}${replacement}${iban.slice(position + 1)}`;
        expect(isValidIban(changed)).toBe(false);
      }),
    );
  });
});
