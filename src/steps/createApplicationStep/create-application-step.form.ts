import * as v from 'valibot';
import type { BusinessDomain } from '../../domain/business-domains';
import { countryOfDomain } from '../../domain/business-domains';
import { productsOf, resolveProduct } from '../../domain/products';
import { languageCodeFromLocale, type Locale } from '../../domain/languages';
import type { StartParameters } from '../../../machines/application/application.actors';
import { personNameSchema } from '../../validation/general/person-name';
import { emailSchema } from '../../validation/general/email';
import { DEFAULT_PHONE_CODE, phoneNumberSchema } from '../../validation/general/phone';
import { personalCodeSchema } from '../../validation/personal-code';
import { parseMoney } from '../../validation/money';
import { withinProductBounds } from '../../validation/general/product-bounds';
import { requiredTrimmedString } from '../../validation/general/rules';
import { MESSAGES } from '../../validation/messages';
import type { StepSubmission } from '../../api/schemas/process.schema';

/** What the create-application form holds: exactly what was typed (drafts store this as-is). */
export interface CreateApplicationFormValues {
  productName: string;
  loanAmount: string;
  loanPeriod: string;
  firstName: string;
  surname: string;
  personalCode: string;
  email: string;
  phoneNumber: { code: string; number: string };
  consentDataProcessing: boolean;
  consentMarketing: boolean;
}

/** A whole number typed as digits only ("36"); anything else is not one. */
export function parseWholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** Money typed with a comma or a point ("1 500,50", "1500.5") to a number. */
function typedMoney() {
  return v.pipe(
    requiredTrimmedString(),
    v.transform((text) => parseMoney(text)),
    v.number(MESSAGES.moneyInvalid),
  );
}

function typedWholeNumber() {
  return v.pipe(
    requiredTrimmedString(),
    v.transform((text) => parseWholeNumber(text) ?? Number.NaN),
    v.number(MESSAGES.integer),
  );
}

/**
 * The form's schema: the same rules as the payload schema the server applies
 * (src/api/schemas/steps/create-application-step.schema.ts), on what people type.
 */
export function createApplicationFormSchema(domain: BusinessDomain) {
  const products = productsOf(domain);
  return withinProductBounds(
    v.object({
      productName: v.picklist(
        products.map((p) => p.productName),
        MESSAGES.required,
      ),
      loanAmount: typedMoney(),
      loanPeriod: typedWholeNumber(),
      firstName: personNameSchema(domain),
      surname: personNameSchema(domain),
      personalCode: personalCodeSchema(countryOfDomain(domain)),
      email: emailSchema(),
      phoneNumber: phoneNumberSchema(domain),
      consentDataProcessing: v.literal(true, MESSAGES.consentRequired),
      consentMarketing: v.boolean(),
    }),
    products,
  );
}

export type CreateApplicationFormOutput = v.InferOutput<ReturnType<typeof createApplicationFormSchema>>;

function formatPlain(n: number): string {
  return String(n);
}

/** Starting values: a draft wins; else the query's product, amount and period; else the product's base values. */
export function initialValues(
  domain: BusinessDomain,
  start: StartParameters,
  draft: Record<string, unknown> | null,
): CreateApplicationFormValues {
  const product = resolveProduct(domain, start.productName);
  const defaults: CreateApplicationFormValues = {
    productName: product.productName,
    loanAmount: formatPlain(start.loanAmount ?? product.baseAmount),
    loanPeriod: formatPlain(start.loanPeriod ?? product.basePeriod),
    firstName: '',
    surname: '',
    personalCode: '',
    email: '',
    phoneNumber: { code: DEFAULT_PHONE_CODE[countryOfDomain(domain)], number: '' },
    consentDataProcessing: false,
    consentMarketing: false,
  };
  if (!draft) return defaults;
  const merged = { ...defaults } as unknown as Record<string, unknown>;
  for (const key of Object.keys(defaults) as (keyof CreateApplicationFormValues)[]) {
    const saved = draft[key];
    if (saved !== undefined && typeof saved === typeof defaults[key]) merged[key] = saved;
  }
  return merged as unknown as CreateApplicationFormValues;
}

/** The step's payload (section 7: applicationUpdates, personUpdates, addRelations, customData). */
export function toSubmission(values: CreateApplicationFormOutput, locale: Locale): Omit<StepSubmission, 'version'> {
  return {
    taskDefinitionKey: 'createApplicationStep',
    application: {
      applicationUpdates: {
        creditConditions: {
          productName: values.productName,
          loanAmount: values.loanAmount,
          loanPeriod: values.loanPeriod,
          monthlyPaymentDay: 15,
        },
      },
      personUpdates: [
        {
          role: 'APPLICANT',
          languageCode: languageCodeFromLocale(locale),
          personalCode: values.personalCode,
          declaredData: {
            firstName: values.firstName,
            surname: values.surname,
            email: values.email,
            phoneNumber: values.phoneNumber,
          },
          consents: { dataProcessing: values.consentDataProcessing, marketing: values.consentMarketing },
        },
      ],
      addRelations: [],
      customData: {},
    },
    variables: {},
  };
}

/** A server field error's payload path to the form field that shows it. */
export function fieldForPayloadPath(path: string): string | undefined {
  const creditConditions = /^applicationUpdates\.creditConditions\.(productName|loanAmount|loanPeriod)$/.exec(path);
  if (creditConditions) return creditConditions[1];
  const declared = /^personUpdates\.0\.declaredData\.(firstName|surname|email)$/.exec(path);
  if (declared) return declared[1];
  if (path.startsWith('personUpdates.0.declaredData.phoneNumber')) return 'phoneNumber.number';
  if (path === 'personUpdates.0.personalCode') return 'personalCode';
  if (path === 'personUpdates.0.consents.dataProcessing') return 'consentDataProcessing';
  return undefined;
}
