import * as v from 'valibot';
import { MESSAGES } from '../messages';

/** Section 3: purpose of relationship values. */
export const PURPOSES_OF_RELATIONSHIP = ['DEPOSITS', 'EVERYDAY_BANKING', 'FINANCING', 'LEASING', 'LOAN', 'SAVING'] as const;
export type PurposeOfRelationship = (typeof PURPOSES_OF_RELATIONSHIP)[number];

/** Section 9: purpose of relationship max 3. */
export const PURPOSE_OF_RELATIONSHIP_MAX = 3;
/** Section 3: LOAN cannot be removed. */
export const FIXED_PURPOSE: PurposeOfRelationship = 'LOAN';

/** Whether an option can be unticked (LOAN cannot) or ticked (not when 3 are chosen). */
export function purposeOptionState(option: PurposeOfRelationship, chosen: readonly PurposeOfRelationship[]) {
  const isChosen = chosen.includes(option);
  return {
    removable: isChosen && option !== FIXED_PURPOSE,
    addable: !isChosen && chosen.length < PURPOSE_OF_RELATIONSHIP_MAX,
  };
}

/** Section 5: required multi-select, at most 3, always including LOAN, no repeats. */
export function purposeOfRelationshipSchema() {
  return v.pipe(
    v.array(v.picklist(PURPOSES_OF_RELATIONSHIP, MESSAGES.choiceInvalid), MESSAGES.required),
    v.transform((purposes) => [...new Set(purposes)]),
    v.minLength(1, MESSAGES.required),
    v.maxLength(PURPOSE_OF_RELATIONSHIP_MAX, MESSAGES.purposeOfRelationshipTooMany),
    v.includes(FIXED_PURPOSE, MESSAGES.purposeOfRelationshipLoanRequired),
  );
}
