/**
 * SubmitFinancialData's contract (section 2): a person's incomes and obligations (retail-contract.ts,
 * decision 116), or in the corporate domain the company's collaterals and liabilities
 * (corporate-contract.ts, decision 183). Each view imports its own table, so neither chunk carries
 * the other's rules.
 */
import { contractByContext } from '../../../core/contract/contract-by-context';
import { isCorporate } from '../../../core/domain/business-domains';
import corporateFinancialDataContract from './corporate-contract';
import { retailFinancialDataContract } from './retail-contract';

export { retailFinancialDataContract };

export default contractByContext((context) => (isCorporate(context.domain) ? corporateFinancialDataContract : retailFinancialDataContract));
