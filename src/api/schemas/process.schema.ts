import * as v from 'valibot';

/** POST /api/v1/application-process: create. The applicant's choices so far and where they came from. */
export const CreateApplicationRequestSchema = v.object({
  application: v.object({
    creditConditions: v.object({
      productName: v.string(),
      loanAmount: v.optional(v.number()),
      loanPeriod: v.optional(v.number()),
      loanPurpose: v.optional(v.string()),
    }),
    source: v.optional(
      v.object({
        channel: v.optional(v.string()),
        tracking: v.optional(v.record(v.string(), v.string())),
        partner: v.optional(v.record(v.string(), v.string())),
      }),
    ),
    languageCode: v.optional(v.string()),
  }),
  processableTasks: v.optional(v.array(v.string())),
});
export type CreateApplicationRequest = v.InferOutput<typeof CreateApplicationRequestSchema>;

/** What a draft holds: the form values of one step, as typed. */
export const DraftDataSchema = v.record(v.string(), v.unknown());

/**
 * POST /api/v1/application-process/{externalId}/step (section 7). `taskDefinitionKey` names the
 * step the client believes it submits (a stale or out-of-order one is refused) and `version` the
 * application version it read.
 */
export const StepSubmissionSchema = v.object({
  taskDefinitionKey: v.string(),
  version: v.number(),
  application: v.object({
    applicationUpdates: v.record(v.string(), v.unknown()),
    personUpdates: v.array(v.record(v.string(), v.unknown())),
    addRelations: v.array(v.record(v.string(), v.unknown())),
    customData: v.record(v.string(), v.unknown()),
  }),
  variables: v.record(v.string(), v.unknown()),
  /**
   * The form values as typed when the step was submitted: kept as the step's draft, so Back to this
   * step shows what was answered (issue 8). Optional: a back end may ignore it.
   */
  draft: v.optional(DraftDataSchema),
});
export type StepSubmission = v.InferOutput<typeof StepSubmissionSchema>;

/** PUT /api/v1/application-process/{externalId}/step: what was typed on the current step, unsubmitted. */
export const DraftSaveRequestSchema = v.object({
  taskDefinitionKey: v.string(),
  /** The draft version the client last saw; 0 when it has none. */
  version: v.number(),
  data: DraftDataSchema,
});
export type DraftSaveRequest = v.InferOutput<typeof DraftSaveRequestSchema>;

export const DraftSaveResponseSchema = v.object({ version: v.number() });

/** POST /api/v1/application-process/{externalId}/back: leave the current task for the previous one. */
export const ReturnRequestSchema = v.object({
  taskDefinitionKey: v.string(),
  version: v.number(),
});
export type ReturnRequest = v.InferOutput<typeof ReturnRequestSchema>;

export const PreviousExternalIdSchema = v.object({ externalId: v.nullable(v.string()) });

export const SessionInfoSchema = v.object({
  expiresAt: v.string(),
  authenticated: v.boolean(),
});
export type SessionInfo = v.InferOutput<typeof SessionInfoSchema>;

export const HeartbeatSchema = v.object({ alive: v.boolean() });

export const FeatureFlagSchema = v.object({ feature: v.string(), enabled: v.boolean() });
export const FeatureFlagsSchema = v.object({ flags: v.record(v.string(), v.boolean()) });

/** POST /api/v1/loan/calculate (section 7). */
export const LoanCalculateRequestSchema = v.object({
  currency: v.literal('EUR'),
  productType: v.string(),
  maturity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(600)),
  administrationFee: v.pipe(v.number(), v.minValue(0)),
  conclusionFee: v.pipe(v.number(), v.minValue(0)),
  amount: v.pipe(v.number(), v.minValue(0), v.maxValue(999999999)),
  monthlyPaymentDay: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31)), 15),
  interestRate: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
});
export type LoanCalculateRequest = v.InferOutput<typeof LoanCalculateRequestSchema>;

export const LoanCalculateResponseSchema = v.pipe(
  v.array(v.object({ monthlyPayment: v.number(), totalRepaymentAmount: v.number() })),
  v.minLength(1),
);
