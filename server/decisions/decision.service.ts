import * as v from 'valibot';
import type { CountryCode } from '../../core/domain/business-domains';
import { DECISION_OUTCOMES, type DecisionOutcome } from '../../core/domain/decisions';
import type { ProductTable } from '../../core/domain/product-data';
import { isProductName } from '../../core/domain/products';
import { parseIsoDate } from '../../core/validation/general/dates';
import { birthDateFromPersonalCode } from '../../core/validation/personal-code';
import type { Queryable } from '../db/database';
import type { AppDeps, Owner } from '../http/app-env';
import type { PersonRow } from '../applications/person-repository';
import type { ProductData } from '../../core/domain/product-data';
import { offerBoundsOf, offerVariantOf, type ApprovedOffer, type OfferFigures } from '../../core/domain/offers';
import {
  decide,
  decideCrossSellCard,
  longestPeriodForAge,
  offerOf,
  type Borrower,
  type BorrowerIncome,
  type BorrowerLiability,
  type CrossSellDecision,
  type Decision,
  type DecisionFindings,
  type DecisionReason,
  type DecisionStage,
  undecidedOf,
} from './decision-rules';
import { leastRefinancingAmount } from '../checks/refinancing-rules';
import { corporateOfferOf, decideCorporate, type CompanyFacts, type CorporateDecisionReason, type LeasingData } from './corporate-rules';
import { countedBorrower, type PersonFindings } from '../checks/statement-analysis-rules';

/**
 * The decision engine at work on an application (docs/decisions/130-decision-engine.md): the rules of
 * decision-rules.ts over what the application holds, unless a test set the outcome through the
 * sandbox (test mode only, for the application's owner; `POST /api/sandbox/decision`).
 */

const ForcedDecisionValue = v.object({ outcome: v.nullable(v.picklist(DECISION_OUTCOMES)) });

/** Test mode: the outcome the engine answers for this owner's applications from now on (null: the rules decide). */
export async function setSandboxDecision(db: Queryable, owner: Owner, outcome: DecisionOutcome | null, now: Date): Promise<void> {
  await db.query(
    `insert into sandbox_settings (owner_kind, owner_id, kind, key, value, created_at) values ($1, $2, 'decision', '', $3::jsonb, $4)
     on conflict (owner_kind, owner_id, kind, key) do update set value = excluded.value, created_at = excluded.created_at`,
    [owner.kind, owner.id, JSON.stringify({ outcome }), now],
  );
}

async function forcedOutcome(deps: AppDeps, db: Queryable, applicationId: string): Promise<DecisionOutcome | null> {
  if (deps.config.mode !== 'test') return null;
  // The application's owner (the applicant's session), whoever's step ends the application.
  const rows = await db.query<{ value: unknown }>(
    `select s.value from sandbox_settings s join applications a on a.owner_kind = s.owner_kind and a.owner_id = s.owner_id
     where a.id = $1 and s.kind = 'decision' and s.key = ''`,
    [applicationId],
  );
  return rows[0] ? v.parse(ForcedDecisionValue, rows[0].value).outcome : null;
}

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const objectsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];

/** A person's birth date: from the personal code, else the date of birth asked where the code has none. */
function birthDateOf(person: PersonRow, country: CountryCode): Date | null {
  const fromCode = person.personal_code ? birthDateFromPersonalCode(country, person.personal_code) : undefined;
  if (fromCode) return fromCode;
  const declared = person.declared_data['dateOfBirth'];
  return (typeof declared === 'string' && parseIsoDate(declared)) || null;
}

/** The borrowers of an application as the rules see them: the applicant and a co-borrower. */
export function borrowersOf(persons: readonly PersonRow[], country: CountryCode): Borrower[] {
  return persons
    .filter((person): person is PersonRow & { role: Borrower['role'] } => person.role === 'APPLICANT' || person.role === 'COBORROWER')
    .map((person) => {
      const declared = person.declared_data;
      const incomes: BorrowerIncome[] = objectsOf(declared['incomes']).map((income) => ({
        monthlyAmount: numberOf(income['monthlyAmount']) ?? 0,
        fromAbroad: income['fromAbroad'] === true,
      }));
      const liabilities: BorrowerLiability[] =
        declared['noObligations'] === true
          ? []
          : objectsOf(declared['liabilities']).map((liability) => ({
              type: String(liability['type'] ?? 'OTHER'),
              creditor: typeof liability['creditor'] === 'string' ? liability['creditor'] : null,
              monthlyPayment: numberOf(liability['monthlyPayment']),
              outstandingAmount: numberOf(liability['outstandingAmount']),
            }));
      return { role: person.role, birthDate: birthDateOf(person, country), incomes, liabilities };
    });
}

export interface DecisionRequest {
  applicationId: string;
  /**
   * A corporate application's data (issue 24, decision 184): the company, its collaterals and
   * liabilities, a leasing's terms, and its country. The corporate rules decide on it.
   */
  corporate?: { data: unknown; country: CountryCode };
  productName: string;
  loanAmount: number | null;
  loanPeriod: number | null;
  persons: readonly PersonRow[];
  products: ProductTable;
  stage?: DecisionStage;
  /** An existing customer's upsale application (section 3: change type UPSALE): its offer's variants. */
  upsale?: boolean;
  /** What the bank's back office found before this decision (decision 173). */
  findings?: DecisionFindings;
  /** The bank's analysis of the statements shared through open banking, once answered (decision 172). */
  statementFindings?: readonly PersonFindings[] | undefined;
}

/**
 * The borrowers as the engine counts them where the bank analysed their statements (decision 172,
 * `countedBorrower`): the lower of declared and found income, loan payments found beyond those
 * declared; and why, for the decision's reasons.
 */
export function withStatementFindings(
  borrowers: readonly Borrower[],
  findings: readonly PersonFindings[] | undefined,
): { borrowers: Borrower[]; reasons: ('INCOME_FROM_STATEMENTS' | 'INCOME_NOT_IN_STATEMENTS')[] } {
  if (!findings) return { borrowers: [...borrowers], reasons: [] };
  let lowered = false;
  let notFound = false;
  const counted = borrowers.map((borrower) => {
    const result = countedBorrower(borrower, findings.find((person) => person.role === borrower.role));
    lowered ||= result.incomeLowered;
    notFound ||= result.incomeNotFound;
    return { ...borrower, incomes: result.incomes, liabilities: result.liabilities };
  });
  return { borrowers: counted, reasons: [...(lowered ? (['INCOME_FROM_STATEMENTS'] as const) : []), ...(notFound ? (['INCOME_NOT_IN_STATEMENTS'] as const) : [])] };
}

/** What the engine stores with the application (`data.decision`) once the process has acted on it. */
export interface StoredDecision extends Omit<Decision, 'offer' | 'reasons'> {
  reasons: (DecisionReason | CorporateDecisionReason)[];
  /** A company's (decision 184): expected yearly profit over the yearly debt service, and a secured loan's loan to value. */
  debtServiceCoverage?: number | null;
  loanToValue?: number | null;
  /** A positive decision's offer with ReviewApproved's variant and the bounds it may be changed in (decision 131). */
  offer: ApprovedOffer | null;
  decidedAt: string;
  stage: DecisionStage;
}

/** An offer as the applicant may take it (decision 131): its variant and the bounds it may be changed within. */
export function approvedOffer(
  product: ProductData,
  offer: OfferFigures,
  options: { borrowers: readonly Borrower[]; today: Date; stage: DecisionStage; upsale: boolean },
): ApprovedOffer {
  const bounds = offerBoundsOf(product, offer, longestPeriodForAge(options.borrowers, options.today));
  return {
    ...offer,
    variant: offerVariantOf({ stage: options.stage, upsale: options.upsale, amount: offer.amount, productType: product.productType }),
    // Decision 173: a refinancing offer pays off at least the obligations its decision counted on.
    bounds: product.productName === 'REFINANCING_LOAN' ? { ...bounds, minAmount: leastRefinancingAmount(options.borrowers, offer.amount, product) } : bounds,
  };
}

/** A forced (sandbox) or seeded positive: the amount and period asked, within the product's bounds. */
export function forcedOffer(product: ProductData, amount: number, period: number): OfferFigures {
  const inBounds = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
  return offerOf(product, inBounds(amount, product.minAmount, product.maxAmount), inBounds(period, product.minPeriod, product.maxPeriod));
}

/**
 * Decision 172: the reasons the statements gave join the decision's; statements that show no regular
 * income leave an approval to a person (a negative stands: the rules found enough against it).
 */
function withStatementReasons(decision: Decision, reasons: readonly DecisionReason[], input: { product: ProductData; borrowers: readonly Borrower[] }): Decision {
  if (reasons.length === 0) return decision;
  if (reasons.includes('INCOME_NOT_IN_STATEMENTS') && decision.outcome === 'POSITIVE') {
    return { ...decision, outcome: undecidedOf(input), reasons: [...decision.reasons, ...reasons], offer: null };
  }
  return { ...decision, reasons: [...decision.reasons, ...reasons] };
}

/**
 * The decision on an application. A product without data (none in the retail flow) is left to a
 * person (undecided). A forced outcome keeps the rules' figures; a forced positive offers the amount
 * and period applied for, within the product's bounds.
 */
export async function decideApplication(deps: AppDeps, db: Queryable, request: DecisionRequest): Promise<StoredDecision> {
  const stage = request.stage ?? 'INITIAL';
  const decidedAt = deps.clock().toISOString();
  const product = isProductName(request.productName) ? request.products[request.productName] : undefined;
  if (!product) return { outcome: 'UNDECIDED', reasons: [], debtServiceToIncome: null, offer: null, decidedAt, stage };
  if (request.corporate) return decideCorporateApplication(deps, db, request, { product, corporate: request.corporate, stage, decidedAt });
  const amount = request.loanAmount ?? product.baseAmount;
  const period = request.loanPeriod ?? product.basePeriod;
  const counted = withStatementFindings(borrowersOf(request.persons, deps.config.client.countryCode), request.statementFindings);
  const borrowers = counted.borrowers;
  const today = deps.clock();
  const decision = withStatementReasons(
    decide({ product, amount, period, borrowers, today, stage, ...(request.findings ? { findings: request.findings } : {}) }),
    counted.reasons,
    { product, borrowers },
  );
  const approved = (offer: OfferFigures | null) => (offer ? approvedOffer(product, offer, { borrowers, today, stage, upsale: request.upsale === true }) : null);
  const forced = await forcedOutcome(deps, db, request.applicationId);
  if (forced === null || forced === decision.outcome) return { ...decision, offer: approved(decision.offer), decidedAt, stage };
  const offer = forced === 'POSITIVE' ? forcedOffer(product, amount, period) : null;
  return { ...decision, outcome: forced, reasons: ['FORCED_BY_SANDBOX'], offer: approved(offer), decidedAt, stage };
}

/** What the engine stores of the card offered with a loan (decision 174: `data.crossSellOffer`), apart from the loan's decision. */
export interface StoredCrossSellDecision extends Omit<CrossSellDecision, 'offer'> {
  /** The card the loan's product data names. */
  productName: string;
  /** Only when offered: the card's offer as its page shows it (the limit is accepted as approved). */
  offer: ApprovedOffer | null;
  decidedAt: string;
  /** The stage of the loan's decision it was decided with. */
  stage: DecisionStage;
}

export interface CrossSellRequest {
  /** The loan's decision as the process acted on it. */
  decision: { outcome: string; reasons: readonly string[]; offer: ApprovedOffer | null; stage: DecisionStage };
  persons: readonly PersonRow[];
  products: ProductTable;
  upsale: boolean;
}

/**
 * The card a loan cross-sells (decision 174), decided when the loan's offer is shown: only beside a
 * positive decision of the rules (a sandbox-forced one decides the loan alone) on a product whose data
 * names a card the domain prices. Undefined when nothing is to be decided.
 */
export function decideCrossSell(deps: AppDeps, request: CrossSellRequest): StoredCrossSellDecision | undefined {
  const { decision, products } = request;
  const loanOffer = decision.offer;
  if (decision.outcome !== 'POSITIVE' || !loanOffer || decision.reasons.includes('FORCED_BY_SANDBOX')) return undefined;
  const loanProduct = isProductName(loanOffer.productName) ? products[loanOffer.productName] : undefined;
  const card = loanProduct?.crossSellCard ? products[loanProduct.crossSellCard] : undefined;
  if (!loanProduct || !card || card.productType !== 'CREDIT_CARD') return undefined;
  const borrowers = borrowersOf(request.persons, deps.config.client.countryCode);
  const today = deps.clock();
  const decided = decideCrossSellCard({ card, loanProduct, loanOffer, borrowers, today });
  return {
    ...decided,
    productName: card.productName,
    offer: decided.offer ? approvedOffer(card, decided.offer, { borrowers, today, stage: decision.stage, upsale: request.upsale }) : null,
    decidedAt: today.toISOString(),
    stage: decision.stage,
  };
}

const CompanyDataSchema = v.object({
  registerStatus: v.optional(v.nullable(v.string()), null),
  expectedProfit: v.optional(v.nullable(v.number()), null),
  expectedTurnover: v.optional(v.nullable(v.number()), null),
  collaterals: v.optional(v.array(v.looseObject({ asset: v.optional(v.looseObject({ type: v.optional(v.string()), marketValue: v.optional(v.nullable(v.number())) })) })), []),
  liabilities: v.optional(
    v.array(v.looseObject({ type: v.optional(v.string()), declaredAmount: v.optional(v.nullable(v.number())), declaredMonthlyPayment: v.optional(v.nullable(v.number())) })),
    [],
  ),
});

const LeasingDataSchema = v.object({
  leaseType: v.string(),
  price: v.number(),
  priceIncludesVat: v.optional(v.boolean(), false),
  period: v.number(),
  paymentMode: v.optional(v.picklist(['percent', 'amount']), 'amount'),
  downPayment: v.optional(v.number(), 0),
  residual: v.optional(v.number(), 0),
  vatPaymentMethod: v.optional(v.string(), ''),
});

const fieldOf = (data: unknown, key: string): unknown => (typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined);

/** The company as the corporate rules read it (`data.company`, as businessData and submitFinancialData stored it). */
export function companyFactsOf(data: unknown): CompanyFacts {
  const parsed = v.safeParse(CompanyDataSchema, fieldOf(data, 'company') ?? {});
  const company = parsed.success ? parsed.output : v.parse(CompanyDataSchema, {});
  return {
    registerStatus: company.registerStatus,
    expectedProfit: company.expectedProfit,
    expectedTurnover: company.expectedTurnover,
    collaterals: company.collaterals.map((row) => ({ type: row.asset?.type ?? 'OTHER', marketValue: row.asset?.marketValue ?? null })),
    liabilities: company.liabilities.map((row) => ({ type: row.type ?? 'OTHER', declaredAmount: row.declaredAmount ?? null, declaredMonthlyPayment: row.declaredMonthlyPayment ?? null })),
  };
}

/** A leasing's terms (`data.leasing`, as submitLeasingData stored them); undefined when not given. */
export function leasingDataOf(data: unknown): LeasingData | undefined {
  const parsed = v.safeParse(LeasingDataSchema, fieldOf(data, 'leasing'));
  return parsed.success ? parsed.output : undefined;
}

/**
 * Decision 184: the offer's bounds. A loan's as any (a smaller amount, a longer period; no age limit
 * for a company); a leasing's are its terms: the price, down payment and residual were chosen on
 * submitLeasingData, and changing them is done there, so its offer is taken as approved.
 */
function corporateApprovedOffer(product: ProductData, offer: OfferFigures, options: { stage: DecisionStage; upsale: boolean }): ApprovedOffer {
  const bounds = offer.leasing
    ? { minAmount: offer.amount, maxAmount: offer.amount, minPeriod: offer.period, maxPeriod: offer.period }
    : offerBoundsOf(product, offer);
  return { ...offer, variant: offerVariantOf({ stage: options.stage, upsale: options.upsale, amount: offer.amount, productType: product.productType }), bounds };
}

/** The corporate rules on a company's application (decision 184), or the outcome a test forced through the sandbox. */
async function decideCorporateApplication(
  deps: AppDeps,
  db: Queryable,
  request: DecisionRequest,
  at: { product: ProductData; corporate: NonNullable<DecisionRequest['corporate']>; stage: DecisionStage; decidedAt: string },
): Promise<StoredDecision> {
  const { product, corporate, stage, decidedAt } = at;
  const leasing = product.productType === 'LEASING' ? leasingDataOf(corporate.data) : undefined;
  const input = {
    product,
    country: corporate.country,
    amount: request.loanAmount ?? product.baseAmount,
    period: request.loanPeriod ?? product.basePeriod,
    company: companyFactsOf(corporate.data),
    ...(leasing ? { leasing } : {}),
  };
  const decision = decideCorporate(input);
  const options = { stage, upsale: request.upsale === true };
  const stored = (outcome: StoredDecision['outcome'], reasons: StoredDecision['reasons'], offer: OfferFigures | null): StoredDecision => ({
    outcome,
    reasons,
    debtServiceToIncome: null,
    debtServiceCoverage: decision.debtServiceCoverage,
    loanToValue: decision.loanToValue,
    offer: offer ? corporateApprovedOffer(product, offer, options) : null,
    decidedAt,
    stage,
  });
  const forced = await forcedOutcome(deps, db, request.applicationId);
  if (forced === null || forced === decision.outcome) return stored(decision.outcome, decision.reasons, decision.offer);
  // A forced positive offers the application as applied for (a leasing without its terms cannot be offered: a person decides).
  const offer = forced === 'POSITIVE' && (product.productType !== 'LEASING' || leasing) ? corporateOfferOf(input) : null;
  return stored(forced === 'POSITIVE' && !offer ? 'UNDECIDED' : forced, ['FORCED_BY_SANDBOX'], offer);
}
