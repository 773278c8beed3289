/**
 * SubmitEmployerInfo (section 2): more about the employer the background step named, the person's
 * job title and on what contract. One field table for the form and the server (core/contract);
 * decision 113. The employer's name and the start date are the background step's answers (section 2
 * lists "employment start, declared employer name" there) and are not asked again (decision 196).
 */
import * as v from 'valibot';
import { askedWhen, choice, date, fixed, text, type ValueField } from '../../../core/contract/fields';
import { dateRuleOptions, defineStepContract } from '../../../core/contract/step-contract';
import { stepPersonRole } from '../../../core/domain/applicant';
import { EMPLOYMENT_CONTRACT_TYPES } from '../../../core/domain/background';
import { countryOfDomain, type BusinessDomain, type CountryCode } from '../../../core/domain/business-domains';
import { deadlineSchema } from '../../../core/validation/general/date-rules';
import { DEFAULT_PHONE_CODE, phoneNumberSchema, type PhoneNumberInput } from '../../../core/validation/general/phone';
import { optionalTextSchema, requiredTextSchema } from '../../../core/validation/general/text-fields';
import { latvianAlphanumericCharacters, latvianTextCharacters } from '../../../core/validation/latvia/address';

/**
 * A phone number the applicant may leave out (section 5: "required unless overridden"): sent as
 * null when left empty, so a number given earlier is cleared rather than kept (decision 113).
 */
export function optionalPhone(path: string, domain: BusinessDomain, defaultCode: string): ValueField<PhoneNumberInput, PhoneNumberInput | null> {
  const given = phoneNumberSchema(domain);
  const wire = v.nullable(given);
  return {
    kind: 'value',
    path,
    control: 'phone',
    empty: { code: defaultCode, number: '' },
    read: () =>
      v.pipe(
        phoneNumberSchema(domain, { optional: true }),
        v.transform((phone): PhoneNumberInput | null => (phone.number === '' ? null : phone)),
      ),
    wire,
    show: (value) => value ?? { code: defaultCode, number: '' },
    focus: 'number',
  };
}

/**
 * The employer's registration code: optional ('' when left empty), 2 to 256 characters; in Latvia
 * letters and digits (section 5, the alphanumeric check). A text field always holds a string, so
 * only the rule's string input is used.
 */
function registrationCodeRule(latvian: boolean): v.GenericSchema<string, string> {
  const length = optionalTextSchema({ min: 2, max: 256 });
  return (latvian ? v.pipe(length, latvianAlphanumericCharacters()) : length) as v.GenericSchema<string, string>;
}

const EXAMPLE_PHONES: Record<CountryCode, PhoneNumberInput> = {
  EE: { code: '+372', number: '6123456' },
  LV: { code: '+371', number: '67123456' },
  LT: { code: '+370', number: '52123456' },
};

export default defineStepContract({
  fields: (context) => {
    const { domain } = context;
    const country = countryOfDomain(domain);
    const latvian = country === 'LV';
    const employer = 'personUpdates.0.declaredData.employer';
    return {
      role: fixed('personUpdates.0.role', stepPersonRole(context.role)),
      registrationCode: text(`${employer}.registrationCode`, registrationCodeRule(latvian)),
      position: text(`${employer}.position`, latvian ? v.pipe(requiredTextSchema({ min: 2, max: 256 }), latvianTextCharacters()) : requiredTextSchema({ min: 2, max: 256 })),
      contractType: choice(`${employer}.contractType`, EMPLOYMENT_CONTRACT_TYPES),
      // A fixed-term contract that has not ended: from today up to 25 years ahead (section 5, deadline).
      contractEndDate: askedWhen(date(`${employer}.contractEndDate`, deadlineSchema(dateRuleOptions(context)), { twoDigitYears: 'near' }), (values) => values['contractType'] === 'FIXED_TERM'),
      phoneNumber: optionalPhone(`${employer}.phoneNumber`, domain, DEFAULT_PHONE_CODE[country]),
    };
  },
  example: ({ domain }) => {
    const country = countryOfDomain(domain);
    const nextYear = new Date().getFullYear() + 1;
    return {
      registrationCode: '10137025',
      position: 'Accountant',
      contractType: 'FIXED_TERM',
      contractEndDate: { day: '31', month: '12', year: String(nextYear) },
      phoneNumber: EXAMPLE_PHONES[country],
    };
  },
});
