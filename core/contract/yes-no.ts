/**
 * A yes/no question answered with radios ("Are you a politically exposed person?"), sent as a
 * boolean. Unlike a checkbox (`flag`), nothing is assumed: the applicant has to answer, which is what
 * a declaration to the bank needs. Built from the kit's value-field shape, so the generic contract
 * test covers it like any other (decision 111).
 */
import * as v from 'valibot';
import type { ValueField } from './fields';
import { MESSAGES } from '../validation/messages';

export const YES_NO = ['yes', 'no'] as const;

/** The wire rule: a boolean; nothing given is "required", anything else "choose an option". */
const answered = v.pipe(
  v.unknown(),
  v.rawTransform<unknown, boolean>(({ dataset, addIssue, NEVER }) => {
    const value = dataset.value;
    if (typeof value === 'boolean') return value;
    addIssue({ message: value === undefined || value === null || value === '' ? MESSAGES.required : MESSAGES.choiceInvalid });
    return NEVER;
  }),
);

export function yesNo(path: string): ValueField<string, boolean> {
  return {
    kind: 'value',
    path,
    control: 'choice',
    options: YES_NO,
    empty: '',
    read: () =>
      v.pipe(
        v.string(MESSAGES.required),
        v.nonEmpty(MESSAGES.required),
        v.picklist(YES_NO, MESSAGES.choiceInvalid),
        v.transform((answer) => answer === 'yes'),
      ),
    wire: answered,
    show: (value) => (value ? 'yes' : 'no'),
  };
}
