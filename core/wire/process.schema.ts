import * as v from 'valibot';
import { plainRecord } from './plain-record';
import { APPLICATION_CHANNELS } from '../domain/channels';
import { localeFromLanguageCode } from '../domain/languages';
import { PRODUCT_NAMES } from '../domain/products';
import { MESSAGES } from '../validation/messages';

/** Section 9's text limits, as the wire contract applies them to free-text fields. */
const TEXT_LIMIT = { short: 200, name: 256, long: 1024 } as const;

function text(max: 200 | 256 | 1024) {
  const length = max === 1024 ? MESSAGES.textLength2To1024 : max === 200 ? MESSAGES.textLength2To200 : MESSAGES.textLength1To256;
  return v.pipe(v.string(MESSAGES.choiceInvalid), v.maxLength(max, length));
}

/** Section 1: the back end's three-letter codes (eng, est, lav, lit, rus) or the two-letter locales. */
const LanguageCodeSchema = v.pipe(
  v.string(MESSAGES.choiceInvalid),
  v.maxLength(3, MESSAGES.choiceInvalid),
  v.check((code) => localeFromLanguageCode(code) !== undefined, MESSAGES.choiceInvalid),
);

/** A finite number (JSON has no NaN or Infinity, but 1e308 times anything has). */
const AmountSchema = v.pipe(v.number(MESSAGES.numberInvalid), v.minValue(0, MESSAGES.numberInvalid), v.maxValue(999_999_999, MESSAGES.numberInvalid));

/**
 * Section 3: the partner parameters read from the query string, under the names the application
 * keeps them by (`processData.webShopRedirectUri`, `seller.businessName`, a numeric `goodsPrice`);
 * only those present are sent. Unknown keys are dropped, known ones bounded.
 */
export const PartnerParametersInputSchema = v.object({
  processData: v.optional(
    v.object({
      webShopRedirectUri: v.optional(text(TEXT_LIMIT.long)),
      webShopApplicationReferenceId: v.optional(text(TEXT_LIMIT.name)),
    }),
  ),
  regCode: v.optional(text(TEXT_LIMIT.name)),
  goodsName: v.optional(text(TEXT_LIMIT.name)),
  goodsPrice: v.optional(AmountSchema),
  seller: v.optional(
    v.object({
      businessName: v.optional(text(TEXT_LIMIT.name)),
      legalName: v.optional(text(TEXT_LIMIT.name)),
      regCode: v.optional(text(TEXT_LIMIT.name)),
      phoneNumber: v.optional(text(TEXT_LIMIT.name)),
    }),
  ),
});
export type PartnerParametersInput = v.InferOutput<typeof PartnerParametersInputSchema>;

/**
 * POST /api/v1/application-process (create) and POST /api/v1/application-process/upsale: the
 * applicant's choices so far and where they came from. `interestRate` is a display hint from a link
 * and never priced with (the server prices every offer from its product data). An upsale may leave
 * the product out: the applicant then chooses it first.
 */
export const CreateApplicationRequestSchema = v.object({
  application: v.object({
    creditConditions: v.object({
      productName: v.optional(text(TEXT_LIMIT.name)),
      loanAmount: v.optional(AmountSchema),
      loanPeriod: v.optional(AmountSchema),
      loanPurpose: v.optional(text(TEXT_LIMIT.name)),
      interestRate: v.optional(v.pipe(v.number(MESSAGES.numberInvalid), v.minValue(0, MESSAGES.numberInvalid), v.maxValue(100, MESSAGES.numberInvalid))),
    }),
    campaignCode: v.optional(text(TEXT_LIMIT.name)),
    source: v.optional(
      v.object({
        channel: v.optional(v.picklist(APPLICATION_CHANNELS, MESSAGES.choiceInvalid)),
        // Decision 190: checked by the server against core/wire/tracking.schema.ts (TrackingSchema), which
        // stays off the app's first page: the app sends it only after consent, from a lazy chunk.
        tracking: v.optional(v.unknown()),
      }),
    ),
    partner: v.optional(PartnerParametersInputSchema),
    languageCode: v.optional(LanguageCodeSchema),
  }),
  processableTasks: v.optional(v.pipe(v.array(text(TEXT_LIMIT.short)), v.maxLength(100, MESSAGES.choiceInvalid))),
});
export type CreateApplicationRequest = v.InferOutput<typeof CreateApplicationRequestSchema>;

/** What a draft holds: the form values of one step, as typed. */
export const DraftDataSchema = plainRecord(v.string(), v.unknown());

/** Versions are PostgreSQL integers: whole numbers from 0 (a draft's "none yet") to 2^31 - 1. */
const VersionSchema = v.pipe(v.number(MESSAGES.integer), v.integer(MESSAGES.integer), v.minValue(0, MESSAGES.integer), v.maxValue(2_147_483_647, MESSAGES.integer));
const TaskKeySchema = v.pipe(v.string(MESSAGES.choiceInvalid), v.maxLength(TEXT_LIMIT.short, MESSAGES.choiceInvalid));

/**
 * POST /api/v1/application-process/{externalId}/step (section 7). `taskDefinitionKey` names the
 * step the client believes it submits (a stale or out-of-order one is refused) and `version` the
 * application version it read.
 */
export const StepSubmissionSchema = v.object({
  taskDefinitionKey: TaskKeySchema,
  version: VersionSchema,
  application: v.object({
    applicationUpdates: plainRecord(v.string(), v.unknown()),
    personUpdates: v.array(plainRecord(v.string(), v.unknown())),
    addRelations: v.array(plainRecord(v.string(), v.unknown())),
    customData: plainRecord(v.string(), v.unknown()),
  }),
  variables: plainRecord(v.string(), v.unknown()),
  /**
   * The form values as typed when the step was submitted: kept as the step's draft, so Back to this
   * step shows what was answered (issue 8). Optional: a back end may ignore it.
   */
  draft: v.optional(DraftDataSchema),
});
export type StepSubmission = v.InferOutput<typeof StepSubmissionSchema>;

/** PUT /api/v1/application-process/{externalId}/step: what was typed on the current step, unsubmitted. */
export const DraftSaveRequestSchema = v.object({
  taskDefinitionKey: TaskKeySchema,
  /** The draft version the client last saw; 0 when it has none. */
  version: VersionSchema,
  data: DraftDataSchema,
});
export type DraftSaveRequest = v.InferOutput<typeof DraftSaveRequestSchema>;

export const DraftSaveResponseSchema = v.object({ version: v.number() });

/** POST /api/v1/application-process/{externalId}/back: leave the current task for the previous one. */
export const ReturnRequestSchema = v.object({
  taskDefinitionKey: TaskKeySchema,
  version: VersionSchema,
});
export type ReturnRequest = v.InferOutput<typeof ReturnRequestSchema>;

/** POST /api/v1/application-process/{externalId}/change: from check answers, back to an answered task (issue 11). */
export const ChangeRequestSchema = v.object({
  /** The task to change. */
  taskDefinitionKey: TaskKeySchema,
  /** The task being left (the check-answers page) and the version it was read at. */
  fromTaskDefinitionKey: TaskKeySchema,
  version: VersionSchema,
});
export type ChangeRequest = v.InferOutput<typeof ChangeRequestSchema>;

/** GET /api/v1/application-process/{externalId}/answers: each answered task's form values (issue 11). */
export const AnswersSchema = v.object({
  tasks: v.array(v.object({ taskDefinitionKey: v.string(), data: plainRecord(v.string(), v.unknown()) })),
});
export type Answers = v.InferOutput<typeof AnswersSchema>;

/** POST /api/v1/invitations/accept: a co-borrower opens their invitation (issue 11). */
export const AcceptInvitationSchema = v.object({ token: v.pipe(v.string(), v.maxLength(100)) });
/** Decision 188: `role` is APPLICANT for the link a server-to-server channel answered (the applicant's own). */
export const AcceptedInvitationSchema = v.object({ externalId: v.string(), role: v.optional(v.picklist(['APPLICANT', 'COBORROWER'])) });
export type AcceptedInvitation = v.InferOutput<typeof AcceptedInvitationSchema>;

export const PreviousExternalIdSchema = v.object({ externalId: v.nullable(v.string()) });
/** Its query: a product narrows the look-up to that product's unfinished application (decision 239). */
export const PreviousExternalIdQuerySchema = v.object({ productName: v.optional(v.picklist(PRODUCT_NAMES, MESSAGES.choiceInvalid)) });

export const SessionInfoSchema = v.object({
  expiresAt: v.string(),
  authenticated: v.boolean(),
});
export type SessionInfo = v.InferOutput<typeof SessionInfoSchema>;

export const HeartbeatSchema = v.object({ alive: v.boolean() });

export const FeatureFlagSchema = v.object({ feature: v.string(), enabled: v.boolean() });
export const FeatureFlagsSchema = v.object({ flags: plainRecord(v.string(), v.boolean()) });

/** POST .../{externalId}/continue: the partner redirect URL of the link, stored when none is stored yet (section 4). */
export const ContinueRequestSchema = v.optional(v.object({ webShopRedirectUri: v.optional(text(TEXT_LIMIT.long)) }), {});
