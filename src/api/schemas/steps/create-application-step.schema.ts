import * as v from 'valibot';
import type { BusinessDomain } from '../../../domain/business-domains';
import { countryOfDomain } from '../../../domain/business-domains';
import { productsOf } from '../../../domain/products';
import { personNameSchema } from '../../../validation/general/person-name';
import { emailSchema } from '../../../validation/general/email';
import { phoneNumberSchema } from '../../../validation/general/phone';
import { personalCodeSchema } from '../../../validation/personal-code';
import { MESSAGES } from '../../../validation/messages';
import { withinProductBounds } from '../../../validation/general/product-bounds';

/**
 * The payload the create-application step sends (and the reference API re-validates with this same
 * schema). `application.applicationUpdates.creditConditions` carries the product choice, the single
 * `personUpdates` entry the applicant.
 */
export function createApplicationStepPayloadSchema(domain: BusinessDomain) {
  const country = countryOfDomain(domain);
  const products = productsOf(domain);
  // The same bound checks as the form's (src/validation/general/product-bounds.ts).
  const creditConditions = withinProductBounds(
    v.object({
      productName: v.picklist(products.map((p) => p.productName), MESSAGES.required),
      loanAmount: v.number(MESSAGES.required),
      loanPeriod: v.pipe(v.number(MESSAGES.required), v.integer(MESSAGES.integer)),
      monthlyPaymentDay: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31)), 15),
    }),
    products,
  );
  return v.object({
    applicationUpdates: v.object({ creditConditions }),
    personUpdates: v.tuple([
      v.object({
        role: v.literal('APPLICANT'),
        languageCode: v.string(),
        personalCode: personalCodeSchema(country),
        declaredData: v.object({
          firstName: personNameSchema(domain),
          surname: personNameSchema(domain),
          email: emailSchema(),
          phoneNumber: phoneNumberSchema(domain),
        }),
        consents: v.object({
          dataProcessing: v.literal(true, MESSAGES.consentRequired),
          marketing: v.boolean(),
        }),
      }),
    ]),
    addRelations: v.tuple([]),
    customData: v.object({}),
  });
}
