import * as v from 'valibot';
import type { ProductBounds } from '../../domain/products';
import { MESSAGES } from '../messages';

/** The product choice the bounds apply to: the same shape in the form's output and the step payload. */
type ProductChoice = {
  productName: string;
  loanAmount: number;
  loanPeriod: number;
};

type Dimension = 'amount' | 'period';

/**
 * Whether a loan amount or period is within the chosen product's bounds (spec sections 5 and 9).
 * An unknown product passes: the product field reports that on its own.
 */
export function isWithinProductBounds(products: readonly ProductBounds[], productName: string, dimension: Dimension, value: number): boolean {
  const product = products.find((p) => p.productName === productName);
  if (!product) return true;
  return dimension === 'amount'
    ? value >= product.minAmount && value <= product.maxAmount
    : value >= product.minPeriod && value <= product.maxPeriod;
}

/**
 * `schema` (any object schema with `productName`, `loanAmount` and `loanPeriod`) piped through the
 * amount and period bound checks. The create step's form schema and its payload schema both use
 * it, so the rule is written once. Each check runs as soon as the product and its own field are
 * valid (`partialCheck`), whatever the other fields hold, and reports on its own field.
 */
export function withinProductBounds<TSchema extends v.GenericSchema<unknown, ProductChoice>>(schema: TSchema, products: readonly ProductBounds[]) {
  const amount = v.forward<ProductChoice, v.PartialCheckIssue<Pick<ProductChoice, 'productName' | 'loanAmount'>>, ['loanAmount']>(
    v.partialCheck(
      [['productName'], ['loanAmount']],
      (input) => isWithinProductBounds(products, input.productName, 'amount', input.loanAmount),
      MESSAGES.amountOutOfRange,
    ),
    ['loanAmount'],
  );
  const period = v.forward<ProductChoice, v.PartialCheckIssue<Pick<ProductChoice, 'productName' | 'loanPeriod'>>, ['loanPeriod']>(
    v.partialCheck(
      [['productName'], ['loanPeriod']],
      (input) => isWithinProductBounds(products, input.productName, 'period', input.loanPeriod),
      MESSAGES.periodOutOfRange,
    ),
    ['loanPeriod'],
  );
  // Valibot types a pipe action by its exact input; these read only the three fields above, so
  // they apply unchanged to the schema's own (wider) output.
  type Action = v.BaseValidation<v.InferOutput<TSchema>, v.InferOutput<TSchema>, v.BaseIssue<unknown>>;
  return v.pipe(schema, amount as unknown as Action, period as unknown as Action);
}
