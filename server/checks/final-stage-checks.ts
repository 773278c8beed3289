/**
 * The back office's checks around the decision engine's final stage (issue 22, docs/decisions/173),
 * each the answer a bank's back office gives when a waiting task's check is due (the service:
 * back-office.service.ts): the refinancing check before a refinancing loan's decision, the
 * underwriter's review before the FINAL decision, and the payoff of an accepted refinancing offer
 * before its contract. The rules themselves are pure (refinancing-rules.ts, underwriter-rules.ts).
 */
import { applicationReference } from '../../core/domain/application-reference';
import { isProductName } from '../../core/domain/products';
import { borrowersOf } from '../decisions/decision.service';
import type { CheckRule } from './check-rules';
import { FINDING_KEYS, type StoredRefinancingCheck, type StoredRefinancingPayoff, type StoredUnderwriterReview } from './check-findings';
import { checkRefinancing, payoffOf } from './refinancing-rules';
import { incomeEvidenceOf } from './statement-evidence';
import { STATEMENT_ANALYSIS, statementsAwaitAnalysis } from './statement-analysis';
import { reviewApplication } from './underwriter-rules';

/** The refinancing check: the lenders confirm (or not) the obligations to refinance; the INITIAL decision follows. */
export const REFINANCING_CHECK: CheckRule = {
  answer: ({ deps, data, persons, now }) => {
    const checked: StoredRefinancingCheck = { ...checkRefinancing(borrowersOf(persons, deps.config.client.countryCode)), checkedAt: now.toISOString() };
    return { data: { ...data, [FINDING_KEYS.refinancingCheck]: checked }, answer: checked };
  },
};

/**
 * The underwriter's review: the statements shared for it are analysed first (where the analysis of
 * decision 172 is still pending), then the underwriter's rules give their verdict, and the engine
 * decides at its FINAL stage. The amount at stake is the application's credit conditions: the
 * accepted offer's (decision 131 stores them there), or those applied for.
 */
export const UNDERWRITER_REVIEW: CheckRule = {
  answer: async (context) => {
    const { deps, tx, application, persons, products, now } = context;
    const analysed = statementsAwaitAnalysis(context.data) ? (await STATEMENT_ANALYSIS.answer(context)).data : context.data;
    const { productName } = analysed.creditConditions;
    const product = isProductName(productName) ? products[productName] : undefined;
    const amount = analysed.creditConditions.loanAmount ?? product?.baseAmount ?? 0;
    const period = analysed.creditConditions.loanPeriod ?? product?.basePeriod ?? 0;
    const review = reviewApplication({
      product,
      amount,
      period,
      borrowers: borrowersOf(persons, deps.config.client.countryCode),
      evidence: await incomeEvidenceOf(tx, application.id),
    });
    const stored: StoredUnderwriterReview = { ...review, amount, period, reviewedAt: now.toISOString() };
    return { data: { ...analysed, [FINDING_KEYS.underwriterReview]: stored }, answer: stored, stage: 'FINAL' };
  },
};

/** The payoff of an accepted refinancing offer: each lender's amount and account, for the contract. */
export const REFINANCING_PAYOFF: CheckRule = {
  answer: ({ deps, application, data, persons, now }) => {
    const amount = data.creditConditions.loanAmount ?? 0;
    const payoff: StoredRefinancingPayoff = {
      ...payoffOf(borrowersOf(persons, deps.config.client.countryCode), amount, {
        country: deps.config.client.countryCode,
        reference: applicationReference(application.external_id),
        today: now,
      }),
      collectedAt: now.toISOString(),
    };
    return { data: { ...data, [FINDING_KEYS.refinancingPayoff]: payoff }, answer: payoff };
  },
};
