/**
 * Section 6 (decision 191): for an embedded customer administrator "the person language is kept".
 * The administrator's interface language is theirs, the person's language (`languageCode`, the one
 * the bank contacts them in) is the customer's: the app neither switches the administrator's
 * interface to it nor writes the administrator's interface language over it. It changes only when
 * the administrator answers a step's language question for the customer.
 */
import type { ContractContext } from './step-contract';

/** Whether the step is filled in by an embedded customer administrator (the contract's prefill says so). */
export function filledInByAdministrator(context: Pick<ContractContext, 'prefill'>): boolean {
  return context.prefill?.['customerAdministrator'] === true;
}

/** The language the person already has (`prefill.personLanguage`, a section 3 language code), if any. */
export function personLanguageOf(context: Pick<ContractContext, 'prefill'>): string | undefined {
  const known = context.prefill?.['personLanguage'];
  return typeof known === 'string' && known !== '' ? known : undefined;
}

/**
 * The answer a language question starts with. An applicant: their interface language, the likeliest
 * (`fromInterface`). A customer administrator: the person's own language where it is offered, else
 * nothing (the administrator asks the customer; their own interface language is no answer).
 */
export function initialLanguageAnswer(context: Pick<ContractContext, 'prefill'>, offered: readonly string[], fromInterface: string): string {
  if (!filledInByAdministrator(context)) return offered.includes(fromInterface) ? fromInterface : '';
  const own = personLanguageOf(context);
  return own && offered.includes(own) ? own : '';
}
