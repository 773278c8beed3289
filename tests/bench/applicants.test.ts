import { describe, expect, it } from 'vitest';
import { isValidEstonianPersonalCode } from '../../core/validation/estonia/personal-code';
import { benchApplicantCode } from './applicants';

describe('the bench applicants', () => {
  it('are valid Estonian personal codes, a different person each round', () => {
    const codes = Array.from({ length: 5000 }, (_, n) => benchApplicantCode(n * 67));
    expect(codes.filter((code) => !isValidEstonianPersonalCode(code))).toEqual([]);
    expect(new Set(codes).size).toBe(codes.length);
    expect(benchApplicantCode(0)).not.toBe(benchApplicantCode(1));
  });
});
