import { elevenDigitCheckDigit } from '../../core/validation/estonia/personal-code';

/**
 * The personal code of the bench's n-th applicant: each round is another person (born on one of
 * 336 days of 1980, serial 000-999 that day; 336,000 people), as real applicants are. One person
 * applying hundreds of times would make every submission's duplicate and open-application checks
 * read all of that person's earlier applications, which no applicant has.
 */
export function benchApplicantCode(n: number): string {
  const serial = n % 1000;
  const day = Math.floor(n / 1000) % 336;
  const firstTen = `380${String(1 + Math.floor(day / 28)).padStart(2, '0')}${String(1 + (day % 28)).padStart(2, '0')}${String(serial).padStart(3, '0')}`;
  return `${firstTen}${elevenDigitCheckDigit(firstTen)}`;
}
