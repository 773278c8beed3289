/**
 * Nothing asked twice (issue 26 item 3; docs/decisions/196-nothing-asked-twice.md): a step that asks
 * again what the bank already holds of the person starts with that answer instead of an empty field.
 * The personal details step asks the personal code (section 2) that the first page, a partner or the
 * login service already gave: it comes prefilled, as the step's draft would hold it once typed, and
 * stays editable (a corrected code still leads to ChooseContinueOption, decision 121). Only the
 * person's own value, on their own step, and only while the step has no draft of its own (what they
 * typed there wins). Read from the persons the task response has loaded: no extra query.
 */
import type { StepRole } from '../../core/domain/persons';
import type { DraftRow } from './draft-repository';
import type { PersonRow } from './person-repository';

type Carried = (person: PersonRow) => Record<string, unknown>;

/** By task: the answers a person's stored data gives the step's form, by form field. */
const CARRIED_FROM_PERSON: Readonly<Record<string, Carried>> = {
  submitPersonalInfo: (person) => (person.personal_code ? { personalCode: person.personal_code } : {}),
};

/** The draft a step starts with when it has none: the carried answers (version 0: none saved yet). */
export function carriedDraft(taskKey: string, persons: readonly PersonRow[], role: StepRole): DraftRow | undefined {
  const carry = Object.prototype.hasOwnProperty.call(CARRIED_FROM_PERSON, taskKey) ? CARRIED_FROM_PERSON[taskKey] : undefined;
  const person = persons.find((row) => row.role === role);
  if (!carry || !person) return undefined;
  const data = carry(person);
  return Object.keys(data).length > 0 ? { task_key: taskKey, version: 0, data } : undefined;
}
