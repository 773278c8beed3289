/**
 * The credit card offered with a loan (decision 174). When the loan's offer page is reached with a
 * positive decision and the loan's product data names a card, the decision engine decides the card for
 * the applicant (decision.service.ts `decideCrossSell`); it is kept apart from the loan's decision as
 * `data.crossSellOffer`, with section 3's `contractData.showCreditCardOffer`. After the loan's offer is
 * accepted the process shows it on ViewCreditCardOffer; the answer sets `creditCardOfferAccepted` and
 * never touches the loan's offer, so declining the card keeps the loan.
 */
import * as v from 'valibot';
import { ApprovedOfferSchema } from '../../core/wire/offer.schema';
import type { ApprovedOffer } from '../../core/domain/offers';
import { productTypeOf } from '../../core/domain/products';
import { MESSAGES } from '../../core/validation/messages';
import { readApplicationData, type StoredApplicationData } from '../applications/application-data';
import type { ApplicationRow } from '../applications/application-repository';
import { listPersons } from '../applications/person-repository';
import type { Queryable } from '../db/database';
import { decideCrossSell } from '../decisions/decision.service';
import { ApiError } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { partnerScope, productTableFor } from '../pricing/pricing.service';

const AnswerSchema = v.object({ answer: v.picklist(['ACCEPTED', 'DECLINED']), answeredAt: v.string() });

/** `data.crossSellOffer` as stored: the engine's answer on the card, and the applicant's once given. */
const StoredCrossSellSchema = v.looseObject({
  productName: v.string(),
  outcome: v.picklist(['POSITIVE', 'NOT_OFFERED']),
  offer: v.nullable(ApprovedOfferSchema),
  answer: v.optional(AnswerSchema),
});

const LoanDecisionSchema = v.object({
  outcome: v.string(),
  reasons: v.array(v.string()),
  offer: v.nullable(ApprovedOfferSchema),
  stage: v.picklist(['INITIAL', 'FINAL']),
});

function field(data: unknown, key: string): unknown {
  return typeof data === 'object' && data !== null && key in data ? (data as Record<string, unknown>)[key] : undefined;
}

/** A card page of a loan application shows the card offered with the loan, not the application's own offer. */
export function isCrossSellCardPage(taskKey: string, data: unknown): boolean {
  if (taskKey !== 'viewCreditCardOffer') return false;
  const productName = field(field(data, 'creditConditions'), 'productName');
  return productTypeOf(typeof productName === 'string' ? productName : undefined) !== 'CREDIT_CARD';
}

/** The card offered with the loan (decision 174); undefined when none is offered. */
export function storedCrossSellOffer(data: unknown): ApprovedOffer | undefined {
  const parsed = v.safeParse(StoredCrossSellSchema, field(data, 'crossSellOffer'));
  const showCard = field(field(data, 'contractData'), 'showCreditCardOffer') === true;
  return showCard && parsed.success && parsed.output.outcome === 'POSITIVE' ? (parsed.output.offer ?? undefined) : undefined;
}

/** Whether a card offer waits for the applicant's answer (the process shows the card page then). */
export function crossSellCardOffered(data: unknown): boolean {
  const parsed = v.safeParse(StoredCrossSellSchema, field(data, 'crossSellOffer'));
  return storedCrossSellOffer(data) !== undefined && parsed.success && parsed.output.answer === undefined;
}

/** The card decision is the bank's, not an answer of the applicant: kept without a new version (as a drawn-up contract, decision 135). */
async function keepDecidedData(db: Queryable, applicationId: string, data: unknown, now: Date): Promise<void> {
  await db.query('update applications set data = $2::jsonb, updated_at = $3 where id = $1', [applicationId, JSON.stringify(data), now]);
}

/**
 * ReviewApproved reached (decision 174): the card the loan cross-sells, decided once for the loan's
 * decision shown there (again after a new decision, e.g. a final one, while the card is unanswered).
 * Answers the application as kept.
 */
export async function decideCrossSellOnOffer(deps: AppDeps, tx: Queryable, owner: Owner, application: ApplicationRow): Promise<ApplicationRow> {
  const data = application.data as Record<string, unknown>;
  const decision = v.safeParse(LoanDecisionSchema, data['decision']);
  const earlier = v.safeParse(StoredCrossSellSchema, data['crossSellOffer']);
  if (!decision.success || (earlier.success && earlier.output.answer !== undefined)) return application;
  const stored = readApplicationData(data);
  const products = await productTableFor(tx, partnerScope(deps, owner), { regCode: stored.source.partner?.regCode, goodsName: stored.goodsName });
  const persons = await listPersons(tx, application.id);
  const decided = decideCrossSell(deps, { decision: decision.output, persons, products, upsale: stored.changeType === 'UPSALE' });
  if (!decided) return application;
  const contractData = typeof data['contractData'] === 'object' && data['contractData'] !== null ? (data['contractData'] as Record<string, unknown>) : {};
  const kept = { ...data, crossSellOffer: decided, contractData: { ...contractData, showCreditCardOffer: decided.outcome === 'POSITIVE' } };
  await keepDecidedData(tx, application.id, kept, deps.clock());
  return { ...application, data: kept };
}

const SubmittedSchema = v.object({ offerAnswer: v.picklist(['ACCEPT', 'DECLINE']) });

/**
 * The answer to the card offered with the loan: accepted, `creditCardOfferAccepted` (decision 160 draws
 * up its contract with the loan's when cross-sell signing is on); declined, only the card is declined.
 * The loan's offer, conditions and answer stay as they are. STEP_OUT_OF_ORDER without a card offer.
 */
export function answerCrossSell(data: StoredApplicationData, submittedCustomData: Record<string, unknown>, now: Date): { data: StoredApplicationData; answer: 'ACCEPTED' | 'DECLINED' } {
  const offered = v.safeParse(StoredCrossSellSchema, data['crossSellOffer']);
  if (!offered.success || storedCrossSellOffer(data) === undefined) throw new ApiError('STEP_OUT_OF_ORDER', 'The application holds no card offer.');
  const submitted = v.safeParse(SubmittedSchema, submittedCustomData);
  if (!submitted.success) {
    throw new ApiError('VALIDATION_FAILED', 'The offer cannot be taken with these terms.', { fieldErrors: { 'customData.offerAnswer': [MESSAGES.choiceInvalid] } });
  }
  const answer = submitted.output.offerAnswer === 'ACCEPT' ? 'ACCEPTED' : 'DECLINED';
  return {
    answer,
    data: {
      ...data,
      crossSellOffer: { ...offered.output, answer: { answer, answeredAt: now.toISOString() } },
      creditCardOfferAccepted: answer === 'ACCEPTED',
    },
  };
}
