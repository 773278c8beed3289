import { describe, expect, it } from 'vitest';
import { hasAtMostTwoDecimalDigits, isFinanceFormat } from '../../../core/validation/estonia/finance-format';

/** Section 5's finance format as a customer types it: spaces around the amount are not part of it. */
describe('an Estonian amount with spaces around it (section 5, finance format)', () => {
  it('counts the decimals of the amount, not of what follows it', () => {
    expect(hasAtMostTwoDecimalDigits('1,234 ')).toBe(false);
    expect(hasAtMostTwoDecimalDigits(' 10.5555\t')).toBe(false);
    expect(hasAtMostTwoDecimalDigits(' 10,55 ')).toBe(true);
    expect(hasAtMostTwoDecimalDigits('   ')).toBe(true);
  });

  it('accepts a well-formed amount however it is padded', () => {
    expect(isFinanceFormat(' 1 500,50 ')).toBe(true);
    expect(isFinanceFormat('\t1500.5\n')).toBe(true);
    expect(isFinanceFormat(' 1 50 ')).toBe(false);
  });
});
