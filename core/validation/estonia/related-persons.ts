import * as v from 'valibot';
import type { CountryCode } from '../../domain/business-domains';
import { MESSAGES } from '../messages';
import type { MessageKey } from '../messages';
import { birthDateFromPersonalCode, normalisePersonalCode, personalCodeSchema } from '../personal-code';
import { listItemPath } from '../general/rules';

/** Section 3: relation types (of the co-owner to the applicant). */
export const RELATION_TYPES = ['PARENT', 'CHILD', 'SPOUSE', 'COHABITING', 'COHABITANT', 'SIBLING', 'RELATIVE', 'OTHER'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** Section 5: at most 2 distinct parents among owners. */
export const MAX_PARENTS_AMONG_OWNERS = 2;

export interface CoOwner {
  idCode: string;
  relation: RelationType;
}

export interface RelatedPersonProblem {
  index: number;
  message: MessageKey;
}

/**
 * Section 5 (Estonia; applied in Lithuania too, see docs/decisions/010-lithuanian-rules.md): the
 * collateral owners (section 3: otherOwners with idCode and relation) against the applicant:
 * - the applicant's code differs from a co-owner's;
 * - the same person appears once: repeated with another relation is a conflict, otherwise a
 *   duplicate code;
 * - a parent is older and a child younger than the applicant (birth dates from the codes);
 * - at most 2 distinct parents.
 * Returns one problem per offending row (the first that applies).
 */
export function relatedPersonProblems(
  country: CountryCode,
  applicantCode: string,
  owners: readonly CoOwner[],
): RelatedPersonProblem[] {
  const applicant = normalisePersonalCode(country, applicantCode);
  const applicantBirth = birthDateFromPersonalCode(country, applicant);
  const problems: RelatedPersonProblem[] = [];
  const parents = new Set<string>();
  owners.forEach((owner, index) => {
    const code = normalisePersonalCode(country, owner.idCode);
    const earlier = owners.slice(0, index).filter((other) => normalisePersonalCode(country, other.idCode) === code);
    const birth = birthDateFromPersonalCode(country, code);
    let message: MessageKey | undefined;
    if (code === applicant) message = MESSAGES.relatedPersonSameAsApplicant;
    else if (earlier.some((other) => other.relation !== owner.relation)) message = MESSAGES.relatedPersonConflictingRelations;
    else if (earlier.length > 0) message = MESSAGES.relatedPersonDuplicateCode;
    else if (owner.relation === 'PARENT' && birth && applicantBirth && birth.getTime() >= applicantBirth.getTime()) {
      message = MESSAGES.relatedPersonParentNotOlder;
    } else if (owner.relation === 'CHILD' && birth && applicantBirth && birth.getTime() <= applicantBirth.getTime()) {
      message = MESSAGES.relatedPersonChildNotYounger;
    } else if (owner.relation === 'PARENT') {
      parents.add(code);
      if (parents.size > MAX_PARENTS_AMONG_OWNERS) message = MESSAGES.relatedPersonTooManyParents;
    }
    if (message) problems.push({ index, message });
  });
  return problems;
}

/**
 * The collateral owners block: each co-owner's personal code (local checks, no age bound) and
 * relation, then the cross-row rules, reported on the offending row's idCode.
 */
export function collateralOwnersSchema(country: CountryCode, applicantCode: () => string) {
  return v.pipe(
    v.array(
      v.object({
        idCode: personalCodeSchema(country, { checkAge: false }),
        relation: v.picklist(RELATION_TYPES, MESSAGES.required),
      }, MESSAGES.required),
      MESSAGES.required,
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const problem of relatedPersonProblems(country, applicantCode(), dataset.value)) {
        addIssue({ message: problem.message, path: listItemPath(dataset.value, problem.index, 'idCode') });
      }
    }),
  );
}
