/**
 * SubmitInitialDataCoBorrower (section 2; issue 11): the co-borrower's first step after opening
 * their invitation. What the applicant said about them (name, e-mail, phone) is shown for them to
 * confirm or correct, with their consent to the processing of their data. Their personal code and
 * language come on their personal-info step, as for the applicant.
 */
import * as v from 'valibot';
import { consent, fixed, flag, hidden, phone, text } from '../../../core/contract/fields';
import { defineStepContract } from '../../../core/contract/step-contract';
import { countryOfDomain } from '../../../core/domain/business-domains';
import { LANGUAGE_CODES, languageCodeFromLocale } from '../../../core/domain/languages';
import { emailSchema } from '../../../core/validation/general/email';
import { personNameSchema } from '../../../core/validation/general/person-name';
import { DEFAULT_PHONE_CODE } from '../../../core/validation/general/phone';
import { MESSAGES } from '../../../core/validation/messages';

const EXAMPLE_CO_BORROWERS = {
  EE: { firstName: 'Jaan', surname: 'Tamm', email: 'jaan.tamm@example.com', phoneNumber: { code: '+372', number: '52345678' } },
  LV: { firstName: 'Jānis', surname: 'Kalniņš', email: 'janis.kalnins@example.com', phoneNumber: { code: '+371', number: '22345678' } },
  LT: { firstName: 'Jonas', surname: 'Jonaitis', email: 'jonas.jonaitis@example.com', phoneNumber: { code: '+370', number: '62345678' } },
} as const;

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export default defineStepContract({
  fields: ({ domain }) => {
    const country = countryOfDomain(domain);
    return {
      role: fixed('personUpdates.0.role', 'COBORROWER'),
      languageCode: hidden('personUpdates.0.languageCode', v.picklist(LANGUAGE_CODES, MESSAGES.choiceInvalid), ({ locale }) => languageCodeFromLocale(locale)),
      firstName: text('personUpdates.0.declaredData.firstName', personNameSchema(domain)),
      surname: text('personUpdates.0.declaredData.surname', personNameSchema(domain)),
      email: text('personUpdates.0.declaredData.email', emailSchema()),
      phoneNumber: phone('personUpdates.0.declaredData.phoneNumber', domain, DEFAULT_PHONE_CODE[country]),
      consentDataProcessing: consent('personUpdates.0.consents.dataProcessing'),
      consentMarketing: flag('personUpdates.0.consents.marketing'),
    };
  },
  example: ({ domain }) => ({ ...EXAMPLE_CO_BORROWERS[countryOfDomain(domain)], consentDataProcessing: true, consentMarketing: false }),
  // What the applicant told us about the co-borrower, for them to confirm.
  initial: ({ prefill }) => {
    const person = (prefill?.['person'] ?? {}) as Record<string, unknown>;
    const phoneNumber = person['phoneNumber'] as { code?: unknown; number?: unknown } | undefined;
    const code = stringOf(phoneNumber?.code);
    const number = stringOf(phoneNumber?.number);
    return {
      ...(stringOf(person['firstName']) ? { firstName: stringOf(person['firstName']) } : {}),
      ...(stringOf(person['surname']) ? { surname: stringOf(person['surname']) } : {}),
      ...(stringOf(person['email']) ? { email: stringOf(person['email']) } : {}),
      ...(code && number ? { phoneNumber: { code, number } } : {}),
    };
  },
});
