/**
 * Issue 27, items 1 and 2 (docs/decisions/204): the paths QA replays, generated from the server's
 * process definitions, never written by hand. For each process, domain and product, the process is
 * walked (server/process/process-paths.ts's `walkProcess`) under every combination of the answers
 * that make it ask more (`PATH_CONDITIONS`) and under each outcome the bank's side decides (a
 * decision, an offer declined, a way to sign, an upload skipped, ...); of those walks, the shortest
 * that reaches each task and each final state is kept. Each step carries the answer its contract's
 * `example` gives (the same field rules the form and the server use), so a rule change changes the
 * data. Pure: vitest, playwright and the `npm run test:paths` command import it.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ContractContext } from '../../core/contract/step-contract';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { Locale } from '../../core/domain/languages';
import { STEP_CONTRACTS } from '../../src/steps/_generated/contracts.gen';
import { DECISION_OUTCOMES } from '../../core/domain/decisions';
import { SIGNING_CHOICES, signingChoicesFor, type SigningChoice } from '../../core/domain/contracts';
import { UPLOAD_STEP_PURPOSES, uploadSkipAllowed } from '../../core/domain/documents';
import { statementsResetOnUpdateIn } from '../../core/domain/income-evidence';
import { ADDITIONAL_CHECK_AMOUNT, offerVariantOf } from '../../core/domain/offers';
import type { ProductTable } from '../../core/domain/product-data';
import { financesPrice, hasAmount, hasInstalments, isWebProduct, productTypeOf } from '../../core/domain/products';
import { partnerLinkChannel } from '../../server/applications/partner-link-channel';
import { readPricingDataFile } from '../../server/pricing/pricing-data-file';
import type { ApplicationFacts } from '../../server/process/application-facts';
import { PROCESS_DEFINITIONS, type ProcessDefinitionId } from '../../server/process/process-definitions';
import {
  PATH_CONDITIONS,
  ProcessPathError,
  RETAIL_DOMAINS,
  campaignAskingDocuments,
  factsWith,
  productDataOf,
  productNamesCard,
  productsFollowing,
  walkProcess,
  type FactsOf,
  type PathCondition,
  type WalkedStep,
} from '../../server/process/process-paths';

/** The domains whose products have paths: the retail ones and corporate banking. */
export const PATH_DOMAINS: readonly BusinessDomain[] = [...RETAIL_DOMAINS, 'corporate-banking'];

/** Where an outcome would be walked: the process, domain and product, and the conditions of the walk. */
export interface PathPlace {
  process: ProcessDefinitionId;
  domain: BusinessDomain;
  productName: string;
  conditions: readonly PathCondition[];
}

/**
 * An outcome the bank's side (the engine, the provider, the back office) or the applicant's last
 * answer decides, set for the whole walk: each is walked alone, with no condition and with all of them.
 * Decision 220: an outcome carries what it requires, read from what decides it on the server (the
 * product data, the signing rules, the offer's variant), and is walked only where it can hold.
 */
export interface PathOutcome {
  id: string;
  facts: Partial<ApplicationFacts>;
  /** Whether it can hold for this product and these conditions (left out: everywhere). */
  holds?: (place: PathPlace) => boolean;
  /** Conditions every walk of it has (the statements it needs shared). */
  needs?: readonly string[];
  /** Conditions no walk of it has (an upload by hand, where it needs open banking). */
  excludes?: readonly string[];
  /**
   * One more walk, with these conditions besides `needs`, kept as a path like the straight one even
   * where another walk reaches its states as soon (the additional checks after statements were given).
   */
  keeps?: readonly string[];
}

/**
 * Decision 220: the channel a path's application comes through as the replay starts it. A product
 * the bank's own pages do not offer (`isWebProduct`: a hire purchase, the partner's) comes from a
 * partner's link, whose channel is the shop's hosted flow unless the partner's goods say otherwise
 * (`partnerLinkChannel`); every other from the bank's own web (the current account at its own entrance).
 */
export function channelOfPath(path: Pick<PathPlace, 'productName'>): string {
  const partner = !isWebProduct(path.productName) && productTypeOf(path.productName) !== 'CURRENT_ACCOUNT';
  return partner ? partnerLinkChannel({ partner: true })! : 'WEB';
}

/** The feature flags a walk's conditions turn on (`realEstateFlag`), as its facts carry them. */
function flagsOf(place: PathPlace): ReadonlySet<string> {
  return new Set(factsWith(place.productName, place.conditions)('viewContractAndChooseSigningMethod', 'APPLICANT').featureFlags);
}

/**
 * Decision 220: the ways the contract page offers on a path (core/domain/contracts.ts, as the
 * server and the page decide): the post office only in Latvian retail off the partner channels, the
 * partner's store only on a partner's channel (a hire purchase from a partner's link), eParaksts and a
 * payment only behind their flags, which no path's server turns on.
 */
export function signingChoicesOfPath(place: PathPlace): SigningChoice[] {
  return signingChoicesFor({ domain: place.domain, channel: channelOfPath(place), flags: flagsOf(place) });
}

/**
 * Decision 220 (decision 173): whether an accepted offer of the product can be of the
 * additional-check variant: the offer's variant (`offerVariantOf`, as the server computes it) for
 * the product's largest amount in its product data, above ADDITIONAL_CHECK_AMOUNT. Never for an
 * upsale (its offers are the upsale's variants), a card, a company's loan or lease.
 */
export function additionalChecksPossible(place: Pick<PathPlace, 'process' | 'domain' | 'productName'>): boolean {
  const product = productDataOf(place.domain, place.productName);
  if (!product) return false;
  const variant = offerVariantOf({ stage: 'INITIAL', upsale: place.process === 'retailUpsale', amount: product.maxAmount, productType: productTypeOf(place.productName) ?? '' });
  return variant === 'ADDITIONAL_CHECK';
}

/**
 * Decision 230 (decision 134): whether the bank statement step offers to go on without them, as the
 * server's upload hook and the upload page decide (`uploadSkipAllowed`): Estonian and Lithuanian
 * retail, never a loan secured by real estate, never Latvia.
 */
export function uploadSkipPossible(place: Pick<PathPlace, 'domain' | 'productName'>): boolean {
  return uploadSkipAllowed(place.domain, UPLOAD_STEP_PURPOSES['uploadBankAccountStatementDocuments'], place.productName);
}

export const PATH_OUTCOMES: readonly PathOutcome[] = [
  ...DECISION_OUTCOMES.filter((outcome) => outcome !== 'POSITIVE').map((outcome) => ({ id: `decision=${outcome}`, facts: { decision: outcome } })),
  { id: 'offerDeclined', facts: { offerAnswer: 'DECLINED' } },
  ...SIGNING_CHOICES.filter((choice) => choice !== 'SMART_ID').map((choice) => ({
    id: `signing=${choice}`,
    facts: { signingChoice: choice },
    holds: (place: PathPlace) => signingChoicesOfPath(place).includes(choice),
  })),
  // Decision 159: only with the code of a campaign whose terms ask for documents on the product.
  { id: 'campaignAsksDocuments', facts: { campaignAsksDocuments: true }, holds: (place) => campaignAskingDocuments(place.domain, place.productName) !== undefined },
  // Decision 230: only where the server lets the applicant go on without bank statements (`uploadSkipAllowed`).
  { id: 'uploadSkipped', facts: { uploadSkipped: true }, holds: uploadSkipPossible },
  { id: 'uploadRetriesExceeded', facts: { uploadRetriesExceeded: true } },
  // Decision 172: the analysis awaits statements shared through open banking, not uploaded by hand.
  { id: 'statementsAwaitAnalysis', facts: { statementsAwaitAnalysis: true }, needs: ['incomeEvidence'], excludes: ['manualUpload'] },
  // Decision 173: the checks come for an offer above the amount, and ask no statements given already.
  { id: 'additionalChecksAsked', facts: { additionalChecksAsked: true }, holds: additionalChecksPossible, keeps: ['incomeEvidence'] },
  { id: 'duplicateApplication', facts: { duplicateApplication: true } },
  { id: 'shortApplication', facts: { shortApplication: true } },
  { id: 'signingRefused', facts: { signingRefused: true } },
  // Decision 230 (decisions 147, 172): a partner's applicant, sent from the shop's hosted flow with its
  // return address, goes back to the shop while the statements shared through open banking are analysed.
  {
    id: 'returnsToMerchant',
    facts: { returnsToMerchant: true, statementsAwaitAnalysis: true },
    holds: (place: PathPlace) => channelOfPath(place) === 'PARTNER_HOSTED_FLOW',
    needs: ['incomeEvidence'],
    excludes: ['manualUpload'],
  },
] as PathOutcome[];

/**
 * Decision 209: whether the card is offered with a loan is the product data's (decision 174: a loan
 * whose data names `crossSellCard`) and then the engine's, not an answer of the applicant. A product
 * whose data names a card is walked with the card offered (the engine offers it to an applicant it
 * approves, as Mari), and once with the engine's `crossSell=NOT_OFFERED`; a product whose data names
 * none never meets the card page. `PATH_CONDITIONS`' `crossSellCard` is therefore no free condition here.
 */
export const CROSS_SELL_CONDITION = 'crossSellCard';
export { productNamesCard };
export const CROSS_SELL_NOT_OFFERED: PathOutcome = { id: 'crossSell=NOT_OFFERED', facts: { crossSellCardOffered: false } };

/** One generated path: a walk of one process for one product in one domain. */
export interface FlowPath {
  /** Stable and readable: `retailLoan/retail-banking-ee/SMALL_LOAN/employed+coApplicant`. */
  id: string;
  process: ProcessDefinitionId;
  domain: BusinessDomain;
  productName: string;
  /** The ids of the conditions and outcome this path is walked with (empty: the straight path). */
  conditions: string[];
  steps: WalkedStep[];
}

/** A step's name on a path line: a co-borrower's steps are marked. */
export function stepName(step: WalkedStep): string {
  return step.role === 'COBORROWER' ? `co:${step.taskKey}` : step.taskKey;
}

/** The line `--list` prints and `--grep` matches: process, domain and product, then the tasks joined by " > ". */
export function pathLine(path: FlowPath): string {
  const when = path.conditions.length > 0 ? ` [${path.conditions.join(', ')}]` : '';
  return `${path.process} ${path.domain} ${path.productName}${when}: ${path.steps.map(stepName).join(' > ')}`;
}

/** Every subset of `items`, smallest first. */
function subsets<T>(items: readonly T[]): T[][] {
  const all: T[][] = [[]];
  for (const item of items) for (const subset of [...all]) all.push([...subset, item]);
  return all.sort((a, b) => a.length - b.length);
}

function complete(conditions: readonly PathCondition[]): boolean {
  return conditions.every((condition) => !condition.requires || conditions.some((other) => other.id === condition.requires));
}

interface Walk {
  conditions: string[];
  steps: WalkedStep[];
  /** A path even where another walk reaches its states as soon (an outcome's `keeps`). */
  kept?: boolean;
}

/** A walk that stalls is a combination of facts the process cannot take: it is reported, not a path. */
export interface Stall {
  process: ProcessDefinitionId;
  domain: BusinessDomain;
  productName: string;
  conditions: string[];
  message: string;
}

/** The tasks whose submission gives the person's bank statements (the rest reset them in Latvia). */
const GIVES_STATEMENTS: ReadonlySet<string> = new Set(['provideBasViaOpenBanking', 'uploadBankAccountStatementDocuments']);

/**
 * Decision 220 (decision 173): the facts of a walk with what the offer pages' hook adds, which the
 * walk's history decides: `statementsGiven` when the applicant shared statements through open
 * banking or uploaded them before (and Latvia's reset on each other step has not taken them away).
 */
function withStatementsGiven(domain: BusinessDomain, factsOf: FactsOf): FactsOf {
  let given = false;
  return (taskKey, role, awaits) => {
    const facts = factsOf(taskKey, role, awaits);
    if (role !== 'APPLICANT') return facts;
    if (!GIVES_STATEMENTS.has(taskKey)) {
      if (statementsResetOnUpdateIn(domain)) given = false;
    } else if (taskKey === 'provideBasViaOpenBanking' ? !facts.uploadBasManually : !facts.uploadSkipped && !facts.uploadRetriesExceeded) {
      given = true;
    }
    return facts.additionalChecksAsked ? { ...facts, statementsGiven: given } : facts;
  };
}

/**
 * Decision 238 (decisions 172, 230): the statements await the analysis from their sharing through
 * open banking until the analysis answers. The server's fact is the analysis's status (PENDING,
 * `statementsAwaitAnalysis` in server/checks/statement-analysis.ts), so the answer of the task that
 * waits for the analysis, and every task after it, has the fact false, until statements are shared
 * through open banking again (which asks for a new analysis). Without this the walk re-entered the
 * analysis at its own answer (it rested twice on its page), and a refinancing loan's walk entered it
 * again after the lenders' check, a page the server never shows.
 */
function withAnalysisAnswered(factsOf: FactsOf): FactsOf {
  let answered = false;
  return (taskKey, role, awaits) => {
    const facts = factsOf(taskKey, role, awaits);
    if (awaits === 'STATEMENT_ANALYSIS') answered = true;
    else if (taskKey === 'provideBasViaOpenBanking' && !facts.uploadBasManually) answered = false;
    return answered ? { ...facts, statementsAwaitAnalysis: false } : facts;
  };
}

function walksOf(process: ProcessDefinitionId, domain: BusinessDomain, productName: string, stalls: Stall[]): Walk[] {
  const machine = PROCESS_DEFINITIONS[process];
  const input = { businessDomain: domain, productName };
  const free = PATH_CONDITIONS.filter((condition) => condition.id !== CROSS_SELL_CONDITION);
  const card = productNamesCard(domain, productName) ? PATH_CONDITIONS.filter((condition) => condition.id === CROSS_SELL_CONDITION) : [];
  const combos = subsets(free).filter(complete);
  const runs: { conditions: readonly PathCondition[]; outcome?: PathOutcome; kept?: boolean }[] = combos.map((conditions) => ({ conditions }));
  const outcomes = card.length > 0 ? [...PATH_OUTCOMES, CROSS_SELL_NOT_OFFERED] : PATH_OUTCOMES;
  for (const outcome of outcomes) {
    const named = (ids: readonly string[] = []) => free.filter((condition) => ids.includes(condition.id) || outcome.needs?.includes(condition.id));
    const walked = [
      { conditions: named() },
      { conditions: free.filter((condition) => !outcome.excludes?.includes(condition.id)) },
      ...(outcome.keeps ? [{ conditions: named(outcome.keeps), kept: true }] : []),
    ];
    for (const { conditions, kept } of walked) {
      if (!complete(conditions) || outcome.holds?.({ process, domain, productName, conditions }) === false) continue;
      runs.push({ conditions, outcome, ...(kept ? { kept } : {}) });
    }
  }
  const walks: Walk[] = [];
  for (const { conditions, outcome, kept } of runs) {
    const ids = [...conditions.map((condition) => condition.id), ...(outcome ? [outcome.id] : [])];
    const base = factsWith(productName, [...conditions, ...card]);
    // The bank's answer comes once: a task met again (a wait polled) sees it no more, so a wait ends.
    const met = new Set<string>();
    const factsOf = outcome
      ? (taskKey: string, role: WalkedStep['role']) => {
          const key = `${role}:${taskKey}`;
          const again = met.has(key);
          met.add(key);
          return again ? base(taskKey, role) : { ...base(taskKey, role), ...outcome.facts };
        }
      : base;
    try {
      walks.push({ conditions: ids, steps: walkProcess(machine, input, withStatementsGiven(domain, withAnalysisAnswered(factsOf))), ...(kept ? { kept } : {}) });
    } catch (error) {
      if (!(error instanceof ProcessPathError)) throw error;
      stalls.push({ process, domain, productName, conditions: ids, message: error.message });
    }
  }
  return walks;
}

/**
 * The paths of one product: the shortest walk to each task (by its place in the definition) and to
 * each final state, fewest conditions first on a tie; each walk once.
 */
export function productPaths(process: ProcessDefinitionId, domain: BusinessDomain, productName: string, stalls: Stall[] = []): FlowPath[] {
  const walks = walksOf(process, domain, productName, stalls);
  // The straight walk (no condition, no outcome) is always a path: the one QA reads first (decision 209).
  const chosen: Walk[] = [...walks.filter((walk) => walk.conditions.length === 0).slice(0, 1), ...walks.filter((walk) => walk.kept)];
  const targets = new Set(walks.flatMap((walk) => walk.steps.map((step) => step.state)));
  for (const target of targets) {
    let best: Walk | undefined;
    for (const walk of walks) {
      if (!walk.steps.some((step) => step.state === target)) continue;
      if (!best || walk.steps.length < best.steps.length || (walk.steps.length === best.steps.length && walk.conditions.length < best.conditions.length)) best = walk;
    }
    if (best && !chosen.includes(best)) chosen.push(best);
  }
  // The straight path first, then by length.
  chosen.sort((a, b) => a.conditions.length - b.conditions.length || a.steps.length - b.steps.length);
  const seen = new Set<string>();
  return chosen
    .filter((walk) => {
      const key = walk.steps.map((step) => step.state).join('>');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((walk) => ({
      id: [process, domain, productName, walk.conditions.length > 0 ? walk.conditions.join('+') : 'straight'].join('/'),
      process,
      domain,
      productName,
      conditions: walk.conditions,
      steps: walk.steps,
    }));
}

export interface PathCatalogue {
  paths: FlowPath[];
  stalls: Stall[];
}

let cached: PathCatalogue | undefined;

/**
 * Where one Vitest run keeps the catalogue once made (decision 214): about 8 s of processor time,
 * which the paths' tests, the process pictures' test and the command's would otherwise spend again
 * in each worker. Set by the "node" project's setup, named after the run and removed after it, so
 * it is never older than the sources; unset elsewhere (the command, Playwright), which compute.
 */
export const FLOW_PATHS_CACHE_VARIABLE = 'SOLIS_FLOW_PATHS_CACHE';

/** Every path of every process, domain and product the catalogue offers, in a stable order. */
export function allFlowPaths(): PathCatalogue {
  if (cached) return cached;
  const shared = process.env[FLOW_PATHS_CACHE_VARIABLE];
  if (shared && existsSync(shared)) {
    cached = JSON.parse(readFileSync(shared, 'utf8')) as PathCatalogue;
    return cached;
  }
  const paths: FlowPath[] = [];
  const stalls: Stall[] = [];
  for (const process of Object.keys(PROCESS_DEFINITIONS) as ProcessDefinitionId[]) {
    for (const domain of PATH_DOMAINS) {
      for (const productName of productsFollowing(process, domain)) paths.push(...productPaths(process, domain, productName, stalls));
    }
  }
  cached = { paths, stalls };
  if (shared) {
    // Written whole, then renamed into place: a worker reading it never sees half a file.
    const partial = `${shared}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(cached));
    renameSync(partial, shared);
  }
  return cached;
}

/** The paths whose line contains `text` (case-insensitive). */
export function grepPaths(paths: readonly FlowPath[], text: string): FlowPath[] {
  const needle = text.toLowerCase();
  return paths.filter((path) => pathLine(path).toLowerCase().includes(needle) || path.id.toLowerCase().includes(needle));
}

/** The tasks a path covers (a co-borrower's apart), and the same per process, domain and product. */
function coverageOf(path: FlowPath): PathCoverage {
  const tasks = path.steps.map(stepName);
  return { tasks, productTasks: tasks.map((task) => `${path.process}|${path.domain}|${path.productName}|${task}`) };
}

/** What a path covers, for `--sample`: its tasks anywhere, and its tasks for its product (or machine variant). */
export interface PathCoverage {
  tasks: string[];
  productTasks: string[];
}

/**
 * `--sample n` over any kind of path: n paths chosen greedily, each the one that adds the most tasks
 * not yet covered anywhere, then the most tasks not yet covered for its product; the earliest on a
 * tie, so the choice is the same every run.
 */
export function greedySample<T>(paths: readonly T[], n: number, coverage: (path: T) => PathCoverage): T[] {
  const tasks = new Set<string>();
  const productTasks = new Set<string>();
  const left = [...paths];
  const sample: T[] = [];
  while (sample.length < n && left.length > 0) {
    let bestIndex = 0;
    let bestGain = -1;
    left.forEach((path, index) => {
      const covers = coverage(path);
      const gain = new Set(covers.tasks.filter((key) => !tasks.has(key))).size * 10_000 + new Set(covers.productTasks.filter((key) => !productTasks.has(key))).size;
      if (gain > bestGain) {
        bestGain = gain;
        bestIndex = index;
      }
    });
    const [best] = left.splice(bestIndex, 1);
    sample.push(best!);
    const covers = coverage(best!);
    for (const key of covers.tasks) tasks.add(key);
    for (const key of covers.productTasks) productTasks.add(key);
  }
  return sample;
}

/** `--sample n` over the process paths (`greedySample` with their tasks). */
export function samplePaths(paths: readonly FlowPath[], n: number): FlowPath[] {
  return greedySample(paths, n, coverageOf);
}

/** `--shard i/n` (1-based, as playwright's): every n-th path from the i-th, so each shard mixes long and short. */
export function shardPaths<T>(paths: readonly T[], shard: string): T[] {
  const match = /^(\d+)\/(\d+)$/.exec(shard);
  const index = match ? Number(match[1]) : NaN;
  const total = match ? Number(match[2]) : NaN;
  if (!match || total < 1 || index < 1 || index > total) throw new Error(`--shard takes i/n with 1 <= i <= n, not ${shard}`);
  return paths.filter((_, position) => position % total === index - 1);
}

/** What a step of a path is answered with: its contract's context, and the contract's own `example`. */
export interface StepData {
  context: ContractContext & { locale: Locale };
  /** The contract's example answer as typed (undefined for a page without questions). */
  values: Record<string, unknown> | undefined;
}

let productTables: Map<BusinessDomain, ProductTable> | undefined;

/** A domain's product data (server/pricing/pricing-data.json, which the server seeds from), as a contract checks bounds with. */
export function productTableOf(domain: BusinessDomain): ProductTable {
  productTables ??= new Map();
  let table = productTables.get(domain);
  if (!table) {
    table = Object.fromEntries(
      readPricingDataFile()
        .products.filter((product) => product.domain === domain)
        .map((product) => [product.data.productName, product.data]),
    ) as ProductTable;
    productTables.set(domain, table);
  }
  return table;
}

const within = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Decision 220: the loan a path's first page asks for. The contract's example is one small loan of
 * 3 000 € over 36 months whatever the product (its callers in the server's tests build on it); the
 * path asks for its own product, the example's loan brought within the product's bounds (its product
 * data), at most ADDITIONAL_CHECK_AMOUNT, above it on an `additionalChecksAsked` path (the bank
 * checks more above it, decision 173); a housing loan as a price less an own contribution (section
 * 5), a card's limit without a period, a current account without either.
 */
export function firstPageLoan(path: FlowPath, example: Record<string, unknown>): Record<string, unknown> {
  const product = productDataOf(path.domain, path.productName);
  const { productName } = path;
  if (!product || !hasAmount(productName)) return { ...example, productName, loanAmount: '', loanPeriod: '', price: '', ownContribution: '' };
  const amount = path.conditions.includes('additionalChecksAsked')
    ? within(ADDITIONAL_CHECK_AMOUNT + 1_000, product.minAmount, product.maxAmount)
    : within(Number(example['loanAmount']), product.minAmount, Math.min(product.maxAmount, ADDITIONAL_CHECK_AMOUNT));
  const period = hasInstalments(productName) ? String(within(Number(example['loanPeriod']), product.minPeriod, product.maxPeriod)) : '';
  // The own contribution as much as the loan: half the price, within section 9's 90 %.
  const price = financesPrice(productName) ? { price: String(amount * 2), ownContribution: String(amount) } : { price: '', ownContribution: '' };
  return { ...example, productName, loanAmount: String(amount), loanPeriod: period, ...price };
}

/**
 * The data a step needs on a path, drawn from its contract (src/steps/<task>/contract.ts): the
 * example answer for the path's domain, product, role and flags, which the contract tests prove
 * valid under the same rules the form and the server use; a rule change changes it. What an example
 * cannot know is the path's (decision 220): the first page's loan (`firstPageLoan`) and, on a
 * `campaignAsksDocuments` path, the code of the product data's campaign that asks for documents.
 */
export function stepData(path: FlowPath, step: WalkedStep): StepData | undefined {
  const entry = (STEP_CONTRACTS as Record<string, { contract: (typeof STEP_CONTRACTS)[keyof typeof STEP_CONTRACTS]['contract'] } | undefined>)[step.taskKey];
  if (!entry) return undefined;
  const flags = new Set(path.conditions.includes('realEstateFlag') ? ['realEstateInHousingFlow'] : []);
  const context = { domain: path.domain, role: step.role, productName: path.productName, flags, locale: 'en' as Locale, products: productTableOf(path.domain) };
  const example = (entry.contract.example as ((context: ContractContext) => Record<string, unknown>) | undefined)?.(context);
  if (!example) return { context, values: undefined };
  if (step.taskKey === 'createApplicationStep') return { context, values: firstPageLoan(path, example) };
  const campaign = path.conditions.includes('campaignAsksDocuments') ? campaignAskingDocuments(path.domain, path.productName) : undefined;
  if (step.taskKey === 'submitPersonalInfo' && step.role === 'APPLICANT' && campaign && 'campaignCode' in example) return { context, values: { ...example, campaignCode: campaign } };
  return { context, values: example };
}
