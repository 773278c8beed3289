/**
 * A generated path opened for a developer (issue 27 item 3, decision 210): `npm run dev`, then
 * `/?inspect&path=<id>`. The dev server answers `/__paths/<id>` with this plan (server/dev.ts); the
 * app, in development only, starts the Stately inspector and prints the plan (src/app/inspector.ts),
 * so the developer walks the path's steps with the path's data and watches the machines take them.
 */
import { isBusinessDomain, type BusinessDomain } from '../../core/domain/business-domains';
import { PROCESS_DEFINITIONS, type ProcessDefinitionId } from '../../server/process/process-definitions';
import type { WalkedStep } from '../../server/process/process-paths';
import { pathLine, productPaths, stepData, stepName, type FlowPath } from './flow-paths';

export interface PathSessionStep {
  /** The task as `--list` names it (`co:` a co-borrower's). */
  task: string;
  /** Whose step it is (a co-borrower's is answered in a browser of his own). */
  role: WalkedStep['role'];
  /** The process ends here (a closing page). */
  final: boolean;
  /**
   * The step's answers on this path, as typed: its contract's example for the path, with what the
   * path's conditions say (decision 225, `pathValues`); undefined: a page without questions.
   */
  data: Record<string, unknown> | undefined;
}

export interface PathSession {
  id: string;
  line: string;
  process: ProcessDefinitionId;
  domain: BusinessDomain;
  productName: string;
  /** The conditions and outcome the path is walked with (`employed`, `decision=NEGATIVE_INITIAL`, ...). */
  conditions: string[];
  /** The page the path starts at: the app's first page (the path's first step answers it). */
  start: string;
  steps: PathSessionStep[];
  /** Set when the dev server serves another domain than the path's: how to restart it. */
  restart?: string;
}

export class UnknownPathError extends Error {}

/** The path named `id` (`process/domain/product/conditions`), generated for its product only. */
export function findPath(id: string): FlowPath {
  const [process, domain, productName] = id.split('/');
  if (!process || !(process in PROCESS_DEFINITIONS) || !domain || !isBusinessDomain(domain) || !productName) {
    throw new UnknownPathError(`No path "${id}": an id is process/domain/product/conditions, as \`npm run test:paths -- --list\` and docs/processes/ show them.`);
  }
  const found = productPaths(process as ProcessDefinitionId, domain, productName).find((each) => each.id === id);
  if (!found) throw new UnknownPathError(`No path "${id}" among the paths of ${process} ${domain} ${productName} (\`npm run test:paths -- --list --grep ${productName}\`).`);
  return found;
}

/** The plan a developer follows to watch `id` walked, on a dev server serving `servedDomain`. */
export function pathSession(id: string, servedDomain: BusinessDomain): PathSession {
  const path = findPath(id);
  return {
    id: path.id,
    line: pathLine(path),
    process: path.process,
    domain: path.domain,
    productName: path.productName,
    conditions: path.conditions,
    start: path.process === 'currentAccount' ? '/current-account' : '/',
    steps: path.steps.map((step) => ({ task: stepName(step), role: step.role, final: step.final, data: pathValues(path, step) })),
    ...(path.domain === servedDomain ? {} : { restart: `BUSINESS_DOMAIN=${path.domain} npm run dev` }),
  };
}

/** The Estonian campaigns whose terms ask for documents (server/pricing/pricing-data.json), as the replay's fillers name them. */
const CAMPAIGNS_ASKING_DOCUMENTS: Partial<Record<string, string>> = { CAR_LOAN: 'AUTO2026', RENOVATION_LOAN: 'RENO2026' };

/**
 * Decision 225: a step's answers on a path, as typed. The contract's example answers everything (a
 * small loan, employed, a co-applicant, two incomes); the path's conditions decide what the
 * applicant says, as the replay's fillers do (e2e/paths/fillers.ts): the path's product (a housing
 * loan as a price less the own contribution), `additionalChecksAsked` above 15 000 euros (decision
 * 173), employed or retired (`employed`), a co-applicant or none (`coApplicant`), business income
 * that needs statements or a pension that does not (`incomeEvidence`), the campaign code
 * (`campaignAsksDocuments`), the offer declined (`offerDeclined`), the card declined (as the replay),
 * the way to sign (`signing=`). The amount is brought within the product's bounds by the walker,
 * which has the product data the page loaded.
 */
export function pathValues(path: FlowPath, step: WalkedStep): Record<string, unknown> | undefined {
  const example = stepData(path, step)?.values;
  if (!example) return undefined;
  const has = (condition: string) => path.conditions.includes(condition);
  switch (step.taskKey) {
    case 'createApplicationStep': {
      if (path.process === 'currentAccount') return example;
      const amount = has('additionalChecksAsked') ? '16000' : String(example['loanAmount'] ?? '3000');
      if (path.productName === 'HOUSING_LOAN') return { ...example, productName: path.productName, price: String(Number(amount) + 20_000), ownContribution: '20000' };
      return { ...example, productName: path.productName, loanAmount: amount };
    }
    case 'submitPersonalInfo': {
      const campaign = CAMPAIGNS_ASKING_DOCUMENTS[path.productName];
      if (step.role !== 'APPLICANT') return example;
      return { ...example, ...('productName' in example ? { productName: path.productName } : {}), campaignCode: has('campaignAsksDocuments') && campaign ? campaign : '' };
    }
    case 'submitBackgroundData':
      return {
        ...example,
        employmentType: has('employed') ? 'PRIVATE_SECTOR' : 'PENSIONER',
        politicallyExposed: 'no',
        hasCoApplicant: has('coApplicant') && step.role === 'APPLICANT' ? 'yes' : 'no',
      };
    case 'submitFinancialData': {
      const [first] = (example['incomes'] as Record<string, unknown>[] | undefined) ?? [];
      if (!first) return example;
      return { ...example, incomes: [{ ...first, source: has('incomeEvidence') ? 'BUSINESS' : 'PENSION', monthlyAmount: '1850' }], noObligations: true, liabilities: [] };
    }
    case 'reviewApproved':
      return has('offerDeclined') ? { offerAnswer: 'DECLINE' } : example;
    case 'viewCreditCardOffer':
      return { offerAnswer: 'DECLINE' };
    case 'viewContractAndChooseSigningMethod': {
      const signing = path.conditions.find((condition) => condition.startsWith('signing='))?.slice('signing='.length);
      return signing ? { signingMethod: signing } : example;
    }
    default:
      return example;
  }
}

/** The dev server's answer to `/__paths/<id>` (server/dev.ts): the plan, or 404 naming what is wrong. */
export function pathPlanResponse(id: string, servedDomain: string): { status: number; body: string } {
  try {
    const domain = isBusinessDomain(servedDomain) ? servedDomain : 'retail-banking-ee';
    return { status: 200, body: JSON.stringify(pathSession(id, domain)) };
  } catch (error) {
    if (error instanceof UnknownPathError) return { status: 404, body: error.message };
    throw error;
  }
}
