import * as v from 'valibot';
import { plainRecord } from './plain-record';
import { BUSINESS_DOMAINS } from '../domain/business-domains';

/** Section 3: the application entity as the API returns it (the parts the flow reads so far). */
export const CreditConditionsSchema = v.object({
  loanAmount: v.nullish(v.number()),
  loanPeriod: v.nullish(v.number()),
  loanPurpose: v.nullish(v.string()),
  productName: v.nullish(v.string()),
  interestRate: v.nullish(v.number()),
  monthlyPaymentDay: v.nullish(v.number()),
  /** A housing loan (section 5): the price of the home and the applicant's own contribution; the amount is their difference. */
  price: v.nullish(v.number()),
  selfFinancingAmount: v.nullish(v.number()),
});

export const PersonSchema = v.object({
  id: v.string(),
  role: v.string(),
  languageCode: v.nullish(v.string()),
  declaredData: v.nullish(
    v.object({
      firstName: v.nullish(v.string()),
      surname: v.nullish(v.string()),
      email: v.nullish(v.string()),
      phoneNumber: v.nullish(v.object({ code: v.string(), number: v.string() })),
      /** The person's own citizenships (the background step's answer; a US citizen's first tax residency is the USA). */
      citizenships: v.nullish(v.array(v.string())),
    }),
  ),
  /** Masked by the server: the full personal code never leaves it after submission. */
  personalCodeMasked: v.nullish(v.string()),
  /** Section 3: an unborn child is a person with `isBorn` false and the age marker (-1). */
  isBorn: v.nullish(v.boolean()),
  age: v.nullish(v.number()),
  identification: v.nullish(v.object({ isIdentified: v.boolean() })),
  authentication: v.nullish(v.object({ isAuthenticated: v.boolean() })),
});

export const RelationSchema = v.object({
  personId: v.string(),
  relatedToPersonId: v.string(),
  relationType: v.string(),
});

export const ApplicationSchema = v.object({
  externalId: v.string(),
  businessDomain: v.picklist(BUSINESS_DOMAINS),
  currency: v.string(),
  creditConditions: CreditConditionsSchema,
  source: v.nullish(
    v.object({
      channel: v.nullish(v.string()),
      applicationOrigin: v.nullish(v.string()),
      countryCode: v.nullish(v.string()),
      /** Section 3: the partner a partner-hosted application came from. */
      partner: v.nullish(v.object({ id: v.nullish(v.string()), regCode: v.nullish(v.string()), redirectUrl: v.nullish(v.string()) })),
    }),
  ),
  /** Section 3: the partner parameters of the link, under the names the spec gives them. */
  processData: v.nullish(v.object({ webShopRedirectUri: v.nullish(v.string()), webShopApplicationReferenceId: v.nullish(v.string()) })),
  goodsName: v.nullish(v.string()),
  goodsPrice: v.nullish(v.number()),
  seller: v.nullish(
    v.object({ businessName: v.nullish(v.string()), legalName: v.nullish(v.string()), regCode: v.nullish(v.string()), phoneNumber: v.nullish(v.string()) }),
  ),
  campaignCode: v.nullish(v.string()),
  /**
   * A corporate application's company (issue 24, decision 181): what businessData answered and the
   * business register's name for it; its country is the application's (ContractContext.country).
   * `hasLiabilities`: whether the financial-data step asks its liabilities (decision 183).
   */
  company: v.nullish(
    v.object({
      registrationCode: v.nullish(v.string()),
      businessName: v.nullish(v.string()),
      countryCode: v.nullish(v.picklist(['EE', 'LV', 'LT'])),
      legalForm: v.nullish(v.string()),
      hasLiabilities: v.nullish(v.boolean()),
    }),
  ),
  /** Section 3: UPSALE for an application made as an offer to an existing customer. */
  changeType: v.nullish(v.string()),
  /**
   * Section 3: the bank's decision once the application is sent (issue 12; core/domain/decisions.ts
   * names the outcomes). Only the outcome, and a positive one's offer (decision 131; read by the
   * offer pages with their own schema, so the first page carries none): why the engine decided so
   * stays with the bank. `crossSellOffer`: the card offered with the loan (decision 174), read by
   * ViewCreditCardOffer the same way.
   */
  decision: v.nullish(v.object({ outcome: v.string(), offer: v.optional(v.unknown()), crossSellOffer: v.optional(v.unknown()) })),
  relatedPersons: v.object({
    persons: v.array(PersonSchema),
    relations: v.array(RelationSchema),
  }),
});
export type Application = v.InferOutput<typeof ApplicationSchema>;
export type Person = v.InferOutput<typeof PersonSchema>;

export const DraftSchema = v.object({
  taskDefinitionKey: v.string(),
  version: v.number(),
  data: plainRecord(v.string(), v.unknown()),
});
export type Draft = v.InferOutput<typeof DraftSchema>;

/**
 * What create, submit-step and continue return: the current task and the application around it.
 * `taskDefinitionKey` is a plain string: an unknown key must reach the client so it can show the
 * spec's error rather than fail parsing.
 */
export const TaskResponseSchema = v.object({
  externalId: v.string(),
  taskDefinitionKey: v.string(),
  /** Application version: every write carries it so two tabs cannot silently overwrite each other. */
  version: v.number(),
  /** Steps loaded so far in this process; drives the progress bar and survives reloads. */
  stepCount: v.number(),
  application: ApplicationSchema,
  draft: v.nullable(DraftSchema),
  /**
   * The task the browser's Back returns to (issue 8): set when the process allows going back to the
   * previous task, null when it does not (the first task, or the application is already sent on).
   */
  previousTaskDefinitionKey: v.nullish(v.string()),
  /**
   * The bank's own work the task waits for (issue 22, decision 172; the kinds of
   * core/domain/back-office-checks.ts): while it is set the page moves on by itself once the back office
   * answers (the app looks again every few seconds). Any text: a kind of check the bank adds later is
   * still waited for (the page says the bank is at work), not a reply the app refuses.
   */
  awaitingCheck: v.nullish(v.string()),
});
export type TaskResponse = v.InferOutput<typeof TaskResponseSchema>;
