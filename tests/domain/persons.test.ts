import { describe, expect, it } from 'vitest';
import { UNBORN_AGE, acceptsCoApplicant, dependantCountOf, dependantsOf, roleQueryOf, stepRoleOf } from '../../core/domain/persons';

/** Section 3 (persons, relations, dependants), section 6 and 7 (roles), decision 120 (co-applicants). */
describe('dependantCountOf', () => {
  it('reads the dependants option, 5_OR_MORE as five', () => {
    expect(dependantCountOf('0')).toBe(0);
    expect(dependantCountOf('1')).toBe(1);
    expect(dependantCountOf('4')).toBe(4);
    expect(dependantCountOf('5_OR_MORE')).toBe(5);
  });

  it('counts nothing for a missing or unreadable option, and at most five', () => {
    expect(dependantCountOf(undefined)).toBe(0);
    expect(dependantCountOf(null)).toBe(0);
    expect(dependantCountOf('')).toBe(0);
    expect(dependantCountOf('two')).toBe(0);
    expect(dependantCountOf('1.5')).toBe(0);
    expect(dependantCountOf('-1')).toBe(0);
    expect(dependantCountOf('9')).toBe(5);
    expect(dependantCountOf('5')).toBe(5);
  });
});

describe('dependantsOf', () => {
  it('counts the persons related to this one as a child or other, each once', () => {
    const relations = [
      { personId: 'c1', relatedToPersonId: 'p', relationType: 'CHILD' },
      { personId: 'c1', relatedToPersonId: 'p', relationType: 'OTHER' },
      { personId: 'o1', relatedToPersonId: 'p', relationType: 'OTHER' },
      { personId: 's1', relatedToPersonId: 'p', relationType: 'SPOUSE' },
      { personId: 'c2', relatedToPersonId: 'q', relationType: 'CHILD' },
      { personId: 'p', relatedToPersonId: 'c3', relationType: 'CHILD' },
    ];
    expect(dependantsOf('p', relations)).toBe(2);
    expect(dependantsOf('q', relations)).toBe(1);
    expect(dependantsOf('s1', relations)).toBe(0);
    expect(dependantsOf('p', [])).toBe(0);
  });

  it('marks an unborn child’s age with -1', () => {
    expect(UNBORN_AGE).toBe(-1);
  });
});

describe('step roles (section 7’s ?role=)', () => {
  it('reads coborrower in any case; anything else is the applicant', () => {
    expect(stepRoleOf('coborrower')).toBe('COBORROWER');
    expect(stepRoleOf('CoBorrower')).toBe('COBORROWER');
    expect(stepRoleOf('applicant')).toBe('APPLICANT');
    expect(stepRoleOf('spouse')).toBe('APPLICANT');
    expect(stepRoleOf(null)).toBe('APPLICANT');
    expect(stepRoleOf(undefined)).toBe('APPLICANT');
  });

  it('names the role in the query in lower case, and reads it back', () => {
    expect(roleQueryOf('COBORROWER')).toBe('coborrower');
    expect(roleQueryOf('APPLICANT')).toBe('applicant');
    expect(stepRoleOf(roleQueryOf('COBORROWER'))).toBe('COBORROWER');
  });
});

describe('acceptsCoApplicant (decision 120)', () => {
  it('accepts instalment and real-estate loans, and a product not known yet', () => {
    for (const product of ['SMALL_LOAN', 'CAR_LOAN', 'RENOVATION_LOAN', 'REFINANCING_LOAN', 'HOUSING_LOAN', 'REAL_ESTATE_LOAN']) expect(acceptsCoApplicant(product)).toBe(true);
    expect(acceptsCoApplicant(null)).toBe(true);
    expect(acceptsCoApplicant(undefined)).toBe(true);
  });

  it('refuses a credit card and a hire purchase, which have one holder', () => {
    expect(acceptsCoApplicant('CREDIT_CARD_VISA_CLASSIC')).toBe(false);
    expect(acceptsCoApplicant('REG_HIRE_PURCHASE')).toBe(false);
    expect(acceptsCoApplicant('')).toBe(false);
  });
});
