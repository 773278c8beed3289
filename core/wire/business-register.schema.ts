import * as v from 'valibot';

/**
 * The business register as this API tells the app about a company (issue 24; decision 181):
 * `POST /api/v1/business-register/lookup`. Only what the applicant would see on the register's own
 * public page: the name, legal form, industry section and whether it may borrow.
 */
export const COMPANY_REGISTER_STATUSES = ['ACTIVE', 'IN_LIQUIDATION', 'DELETED'] as const;
export type CompanyRegisterStatus = (typeof COMPANY_REGISTER_STATUSES)[number];

export const CompanyLookupRequestSchema = v.object({
  registrationCode: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(256)),
  countryCode: v.picklist(['EE', 'LV', 'LT']),
});
export type CompanyLookupRequest = v.InferOutput<typeof CompanyLookupRequestSchema>;

export const CompanyLookupSchema = v.union([
  v.object({ found: v.literal(false) }),
  v.object({
    found: v.literal(true),
    businessName: v.string(),
    legalForm: v.string(),
    industryCode: v.nullable(v.string()),
    status: v.picklist(COMPANY_REGISTER_STATUSES),
  }),
]);
export type CompanyLookup = v.InferOutput<typeof CompanyLookupSchema>;
