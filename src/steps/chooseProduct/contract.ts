/**
 * ChooseProduct (section 2, product selection): a product card (product and purpose), the amount and
 * the period. Submitted as `loanAmount`, `loanPeriod`, `loanPurpose` and `productName` of the credit
 * conditions: on the choose-product step the application is updated, on `/choose-product` an upsale
 * application is made with them. Bounds from the product data (docs/decisions/091).
 */
import { choice, money, wholeNumber } from '../../../core/contract/fields';
import { defineStepContract } from '../../../core/contract/step-contract';
import { showNumber } from '../../../core/contract/show';
import { LOAN_PURPOSES, isPurposeOf } from '../../../core/domain/loan-purposes';
import { PRODUCT_CARDS, cardOfChoice, productCardsOf } from '../../../core/domain/product-cards';
import type { ProductName } from '../../../core/domain/products';
import { productBoundsProblem } from '../../../core/validation/general/product-bounds';
import { MESSAGES } from '../../../core/validation/messages';

/** Whole months; the product's own bounds are checked across fields below. */
const PERIOD_LIMITS = { min: 1, max: 600 };

export default defineStepContract({
  fields: ({ domain }) => ({
    productName: choice('applicationUpdates.creditConditions.productName', [...new Set(productCardsOf(domain).map((card) => card.productName))]),
    loanPurpose: choice('applicationUpdates.creditConditions.loanPurpose', LOAN_PURPOSES),
    loanAmount: money('applicationUpdates.creditConditions.loanAmount'),
    loanPeriod: wholeNumber('applicationUpdates.creditConditions.loanPeriod', PERIOD_LIMITS),
  }),
  checks: ({ products, flags }) => [
    {
      on: 'loanPurpose',
      uses: ['productName'],
      problem: (values) => (isPurposeOf(values.productName, values.loanPurpose, { renewableLoan: flags?.has('renewableLoan') === true }) ? undefined : MESSAGES.loanPurposeNotOffered),
    },
    {
      on: 'loanAmount',
      uses: ['productName'],
      problem: (values) => productBoundsProblem(products?.[values.productName as ProductName], 'amount', values.loanAmount),
    },
    {
      on: 'loanPeriod',
      uses: ['productName'],
      problem: (values) => productBoundsProblem(products?.[values.productName as ProductName], 'period', values.loanPeriod),
    },
  ],
  example: () => ({ productName: 'SMALL_LOAN', loanPurpose: 'TRAVELING', loanAmount: '3000', loanPeriod: '36' }),
  // The card the application (or the link) chose, else the small loan; its product's base values.
  initial: ({ domain, locale, prefill, products }) => {
    const asked = cardOfChoice(prefill?.productName as string | undefined, prefill?.loanPurpose as string | undefined);
    const card = asked && productCardsOf(domain).includes(asked) ? asked : (productCardsOf(domain).find((item) => item.id === 'small-loan') ?? PRODUCT_CARDS[1]);
    if (!card) return {};
    const data = products?.[card.productName];
    const sameProduct = prefill?.productName === card.productName;
    const amount = sameProduct && typeof prefill?.loanAmount === 'number' ? prefill.loanAmount : data?.baseAmount;
    const period = sameProduct && typeof prefill?.loanPeriod === 'number' ? prefill.loanPeriod : data?.basePeriod;
    return {
      productName: card.productName,
      loanPurpose: card.loanPurpose,
      loanAmount: amount === undefined ? '' : showNumber(amount, locale),
      loanPeriod: period === undefined ? '' : String(period),
    };
  },
});
