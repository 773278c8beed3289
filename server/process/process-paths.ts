/**
 * Which steps each product asks, and in what order, per retail domain (issue 11), computed by
 * running the process definitions with facts (as the process runner does), never written by hand.
 * `docs/processes/` shows the result next to each diagram (server/process/process-diagram.ts), and
 * tests walk products through the processes with it, so a process change that drops or reorders a
 * product's step fails.
 */
import { initialTransition, transition, type AnyStateMachine, type StateValue } from 'xstate';
import type { BusinessDomain } from '../../core/domain/business-domains';
import { productCardsOf } from '../../core/domain/product-cards';
import type { ProductData } from '../../core/domain/product-data';
import { CATALOGUE, isWebProduct, productTypeOf, productsForChannel, productsOf, type ProductName } from '../../core/domain/products';
import { readPricingDataFile } from '../pricing/pricing-data-file';
import type { ApplicationFacts } from './application-facts';
import { PROCESS_DEFINITIONS, processDefinitionsFor, type ProcessDefinitionId } from './process-definitions';
import type { TaskStateMeta } from './process-setup';
import { leafOf } from './state-value';

export const RETAIL_DOMAINS = ['retail-banking-ee', 'retail-banking-lv', 'retail-banking-lt'] as const satisfies readonly BusinessDomain[];
export type RetailDomain = (typeof RETAIL_DOMAINS)[number];

/** One task on a walked path: where the process rested and whose step it is. */
export interface WalkedStep {
  /** The state's path in the definition (`coBorrower.submitPersonalInfo`): one step of one part. */
  state: string;
  /** The task (the step folder in src/steps/). */
  taskKey: string;
  role: 'APPLICANT' | 'COBORROWER';
  /** The process ended here (a thank-you page). */
  final: boolean;
}

/**
 * The facts a step is submitted with, by the task being submitted and whose step it is; `awaits`:
 * the bank's check whose answer moves the task on, where it waits for one (decisions 172, 173).
 */
export type FactsOf = (taskKey: string, role: WalkedStep['role'], awaits?: string) => ApplicationFacts;

/** The facts of the straight path: an identified applicant alone, nothing else true. */
export function baseFacts(productName: string): ApplicationFacts {
  return {
    productName,
    personRoles: ['APPLICANT'],
    applicantHasPersonalCode: true,
    hasCoBorrower: false,
    employmentTypes: {},
    dependants: 0,
    featureFlags: [],
    hasOtherActiveApplication: false,
    personalCodeChanged: false,
    // The straight path: approved (the other decision pages are the engine's, docs/decisions/130), and the offer accepted (decision 131).
    decision: 'POSITIVE',
    offerAnswer: 'ACCEPTED',
    // No card offered with the loan (decision 174: a PATH_CONDITION).
    crossSellCardOffered: false,
    // Signed online with Smart-ID, which every domain offers (decision 136).
    signingChoice: 'SMART_ID',
    campaignAsksDocuments: false,
    // Income a register confirms, no manual upload (decision 152).
    incomeEvidence: {},
    uploadBasManually: false,
    // The statements uploaded within the attempts, none skipped (decisions 133, 134).
    uploadSkipped: false,
    uploadRetriesExceeded: false,
    statementsAwaitAnalysis: false,
    // An offer of 15 000 € or less: no additional checks before the contract (decision 173).
    additionalChecksAsked: false,
    statementsGiven: false,
    // The bank handles no other application of the applicant; the bank's own web; signed (decision 175).
    duplicateApplication: false,
    shortApplication: false,
    signingRefused: false,
    returnsToMerchant: false,
  };
}

interface SnapshotView {
  value: StateValue;
  status: string;
  getMeta(): Record<string, TaskStateMeta | undefined>;
}

function statePath(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value)[0] ?? [];
  return key === undefined || inner === undefined ? '' : `${key}.${statePath(inner)}`;
}

function stepOf(snapshot: SnapshotView): WalkedStep {
  const metas = Object.values(snapshot.getMeta());
  return {
    state: statePath(snapshot.value),
    taskKey: leafOf(snapshot.value),
    role: metas.some((meta) => meta?.role === 'COBORROWER') ? 'COBORROWER' : 'APPLICANT',
    final: snapshot.status === 'done',
  };
}

/** A path that does not reach a final state: a gap (or a loop) in the definition. */
export class ProcessPathError extends Error {
  override readonly name = 'ProcessPathError';
}

/**
 * Runs a process from its start, submitting each task with the facts `factsOf` gives, until it
 * ends; answers every task it rested in, in order, the final one included.
 */
export function walkProcess(machine: AnyStateMachine, input: { businessDomain: BusinessDomain; productName: string }, factsOf: FactsOf): WalkedStep[] {
  let [snapshot] = initialTransition(machine, input);
  const steps: WalkedStep[] = [stepOf(snapshot as unknown as SnapshotView)];
  for (;;) {
    const current = steps[steps.length - 1]!;
    if (current.final) return steps;
    if (steps.length > 100) throw new ProcessPathError(`Process ${machine.id} does not end for ${input.productName}.`);
    // A task that waits for the bank's back office moves on by its answer (decisions 172, 173).
    const awaits = Object.values((snapshot as unknown as SnapshotView).getMeta()).find((meta) => meta?.awaits !== undefined)?.awaits;
    const facts = factsOf(current.taskKey, current.role, awaits);
    const event = awaits ? { type: 'check.completed', check: awaits, facts } : { type: 'step.submitted', taskDefinitionKey: current.taskKey, facts };
    if (!snapshot.can(event)) {
      throw new ProcessPathError(`Process ${machine.id} stalls at ${current.state} for ${input.productName} in ${input.businessDomain}.`);
    }
    [snapshot] = transition(machine, snapshot, event);
    steps.push(stepOf(snapshot as unknown as SnapshotView));
  }
}

/** An answer (or a setting of the bank) that makes a process ask more: what the documents name. */
export interface PathCondition {
  id: string;
  /** How the documents say it, after "when". */
  label: string;
  /** A condition that means something only together with another (its id): walked only with it. */
  requires?: string;
  /** The facts with the answer given, for a step of `role` at `taskKey`. */
  apply(facts: ApplicationFacts, taskKey: string, role: WalkedStep['role']): ApplicationFacts;
}

/** What the retail processes decide on (server/process/process-setup.ts's guards). */
export const PATH_CONDITIONS: readonly PathCondition[] = [
  {
    id: 'otherApplication',
    label: 'the applicant has another open application of the same owner',
    apply: (facts, taskKey) => (taskKey === 'createApplicationStep' ? { ...facts, hasOtherActiveApplication: true } : facts),
  },
  {
    id: 'personalCodeChanged',
    label: "the personal code is changed to one of another open application",
    apply: (facts, taskKey, role) =>
      taskKey === 'submitPersonalInfo' && role === 'APPLICANT' ? { ...facts, hasOtherActiveApplication: true, personalCodeChanged: true } : facts,
  },
  {
    id: 'employed',
    label: 'employed',
    apply: (facts, _taskKey, role) => ({ ...facts, employmentTypes: { ...facts.employmentTypes, [role]: 'PRIVATE_SECTOR' } }),
  },
  {
    id: 'realEstateFlag',
    label: 'the flag realEstateInHousingFlow is on',
    apply: (facts) => ({ ...facts, featureFlags: [...facts.featureFlags, 'realEstateInHousingFlow'].sort() }),
  },
  {
    id: 'coApplicant',
    label: 'a co-applicant is added',
    apply: (facts) => ({ ...facts, hasCoBorrower: true, personRoles: [...facts.personRoles, 'COBORROWER'] }),
  },
  {
    id: 'incomeEvidence',
    label: 'the income needs bank statements (always in Latvia)',
    apply: (facts, _taskKey, role) => ({ ...facts, incomeEvidence: { ...facts.incomeEvidence, [role]: true } }),
  },
  {
    id: 'crossSellCard',
    label: 'the bank offers the card the loan’s product data names (decisions 174, 209)',
    // Only a consumer loan's product data may name one (server/pricing/pricing-data-file.ts); `conditionsFor` drops it where none is named.
    apply: (facts, taskKey) => (taskKey === 'reviewApproved' && productTypeOf(facts.productName) === 'CONSUMER_LOAN' ? { ...facts, crossSellCardOffered: true } : facts),
  },
  {
    id: 'manualUpload',
    label: 'the statements are uploaded by hand',
    requires: 'incomeEvidence',
    apply: (facts, taskKey) => (taskKey === 'provideBasViaOpenBanking' ? { ...facts, uploadBasManually: true } : facts),
  },
];

let cardNames: Set<string> | undefined;

/**
 * Whether the product data of `domain` names a card offered with `productName` (`crossSellCard` in
 * server/pricing/pricing-data.json, decision 174): only then can the card's page come (decision 209).
 */
export function productNamesCard(domain: BusinessDomain, productName: string): boolean {
  cardNames ??= new Set(
    readPricingDataFile()
      .products.filter((product) => product.data.crossSellCard)
      .map((product) => `${product.domain}|${product.data.productName}`),
  );
  return cardNames.has(`${domain}|${productName}`);
}

/** The product data of `productName` in `domain` (server/pricing/pricing-data.json, which the server seeds from), if it offers it. */
export function productDataOf(domain: BusinessDomain, productName: string): ProductData | undefined {
  productData ??= new Map(readPricingDataFile().products.map((product) => [`${product.domain}|${product.data.productName}`, product.data]));
  return productData.get(`${domain}|${productName}`);
}

let productData: Map<string, ProductData> | undefined;

/**
 * The code of a campaign of `domain` whose terms ask for documents on `productName` (the product data
 * file's `campaigns`, decision 159; what the service reads, `campaignDocumentsOf`): only with such a
 * code can an approved application reach UploadCampaignDocuments (decision 220). Undefined: none.
 */
export function campaignAskingDocuments(domain: BusinessDomain, productName: string): string | undefined {
  return readPricingDataFile().campaigns.find((campaign) => campaign.domain === domain && campaign.products.includes(productName as ProductName) && campaign.documents.length > 0)?.code;
}

/**
 * Decision 220: whether an upsale made without a product (the process `retailUpsale`) can end with
 * `productName`: it starts with the product choice (ChooseProduct's cards, `productCardsOf`) and its
 * first page's loan types (the bank's own pages' products, `isWebProduct`, as the first page lists
 * them). A hire purchase is a partner's product, offered by neither.
 */
export function upsaleOffers(domain: BusinessDomain, productName: string): boolean {
  if (productCardsOf(domain).some((card) => card.productName === productName)) return true;
  return isWebProduct(productName) && productsForChannel(domain, 'WEBPAGE').some((item) => item.productName === productName);
}

/** The conditions that can hold for a product in a domain: the card offer only where its product data names a card. */
export function conditionsFor(domain: BusinessDomain, productName: string): readonly PathCondition[] {
  return productNamesCard(domain, productName) ? PATH_CONDITIONS : PATH_CONDITIONS.filter((condition) => condition.id !== 'crossSellCard');
}

/** The facts with these conditions true. */
export function factsWith(productName: string, conditions: readonly PathCondition[]): FactsOf {
  return (taskKey, role) => conditions.reduce((facts, condition) => condition.apply(facts, taskKey, role), baseFacts(productName));
}

/** One step a product asks: unconditionally (`when` empty) or when all the named conditions hold. */
export interface AskedStep extends WalkedStep {
  when: string[];
}

/** Every subset of `items`, smallest first. */
function subsets<T>(items: readonly T[]): T[][] {
  const all: T[][] = [[]];
  for (const item of items) for (const subset of [...all]) all.push([...subset, item]);
  return all.sort((a, b) => a.length - b.length);
}

/**
 * The steps a product asks in a domain, in order: the straight path with the steps asked only under
 * some conditions marked with the smallest set of them that asks it. Computed by walking the process
 * under every combination of the conditions.
 */
export function askedSteps(definition: ProcessDefinitionId, domain: BusinessDomain, productName: string): readonly AskedStep[] {
  // The definitions do not change while a process runs: each product's walk is made once (the
  // process pictures and the paths' tests ask the same; decision 214).
  const key = `${definition} ${domain} ${productName}`;
  let asked = askedStepsMade.get(key);
  if (!asked) {
    asked = Object.freeze(walkAskedSteps(definition, domain, productName));
    askedStepsMade.set(key, asked);
  }
  return asked;
}

const askedStepsMade = new Map<string, readonly AskedStep[]>();

function walkAskedSteps(definition: ProcessDefinitionId, domain: BusinessDomain, productName: string): AskedStep[] {
  const machine = PROCESS_DEFINITIONS[definition];
  const input = { businessDomain: domain, productName };
  const walks = subsets(conditionsFor(domain, productName))
    .filter((conditions) => conditions.every((condition) => !condition.requires || conditions.some((other) => other.id === condition.requires)))
    .map((conditions) => ({ conditions, steps: walkProcess(machine, input, factsWith(productName, conditions)) }));
  // The order: the path with every condition true (every guard of these processes only adds steps).
  const longest = walks[walks.length - 1]!.steps;
  const order = longest.map((step) => step.state);
  const found = new Map<string, AskedStep>();
  for (const { conditions, steps } of walks) {
    for (const step of steps) {
      if (!order.includes(step.state)) {
        throw new ProcessPathError(`Process ${definition} asks ${step.state} for ${productName} only when some condition is false: mark it by hand.`);
      }
      // Smallest sets first: the first walk that asks a step names what it takes.
      if (!found.has(step.state)) found.set(step.state, { ...step, when: conditions.map((condition) => condition.label) });
    }
  }
  return order.map((state) => found.get(state)!);
}

/**
 * The products of a domain that follow a process (the catalogue's, in its order; corporate banking's
 * of every country it serves); an upsale's only those its product choice offers (decision 220).
 */
export function productsFollowing(definition: ProcessDefinitionId, domain: BusinessDomain): ProductName[] {
  const offered = domain === 'corporate-banking' ? CATALOGUE.filter((item) => item.domains.includes(domain)) : productsOf(domain);
  return offered
    .map((product) => product.productName)
    .filter((productName) => processDefinitionsFor(domain, productName).includes(definition))
    .filter((productName) => definition !== 'retailUpsale' || upsaleOffers(domain, productName));
}

const DOMAIN_TITLES: Record<BusinessDomain, string> = {
  'retail-banking-ee': 'Estonia (`retail-banking-ee`)',
  'retail-banking-lv': 'Latvia (`retail-banking-lv`)',
  'retail-banking-lt': 'Lithuania (`retail-banking-lt`)',
  'corporate-banking': 'Business customers in Estonia, Latvia and Lithuania (`corporate-banking`; no small business loan in Estonia)',
};

/** The domains whose products the documents list: the retail ones, and corporate banking (issue 24). */
const DOCUMENTED_DOMAINS: readonly BusinessDomain[] = [...RETAIL_DOMAINS, 'corporate-banking'];

function describeStep(step: AskedStep, index: number): string {
  const who = step.role === 'COBORROWER' ? "co-borrower's part: " : '';
  const when = step.when.length > 0 ? ` — when ${step.when.join(' and ')}` : '';
  const end = step.final ? ' (the end)' : '';
  return `${index + 1}. ${who}\`${step.taskKey}\`${end}${when}`;
}

/**
 * The Markdown of the steps each product of each domain asks in a process, in order; the
 * products of a domain whose steps are the same share one list.
 */
export function askedStepsMarkdown(definition: ProcessDefinitionId): string {
  const lines: string[] = [];
  for (const domain of DOCUMENTED_DOMAINS) {
    const products = productsFollowing(definition, domain);
    if (products.length === 0) continue;
    lines.push(`### ${DOMAIN_TITLES[domain]}`, '');
    const groups = new Map<string, ProductName[]>();
    const lists = new Map<string, string[]>();
    for (const productName of products) {
      const list = askedSteps(definition, domain, productName).map(describeStep);
      const key = list.join('\n');
      groups.set(key, [...(groups.get(key) ?? []), productName]);
      lists.set(key, list);
    }
    for (const [key, names] of groups) {
      lines.push(`${names.map((name) => `\`${name}\``).join(', ')}:`, '', ...lists.get(key)!, '');
    }
  }
  return lines.join('\n');
}
