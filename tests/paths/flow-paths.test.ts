import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PROCESS_DEFINITIONS, type ProcessDefinitionId } from '../../server/process/process-definitions';
import * as contracts from '../../src/steps/_generated/contracts.gen';
import { askedSteps, productsFollowing } from '../../server/process/process-paths';
import { signingChoicesFor } from '../../core/domain/contracts';
import { ADDITIONAL_CHECK_AMOUNT } from '../../core/domain/offers';
import { uploadSkipAllowed } from '../../core/domain/documents';
import { productCardsOf } from '../../core/domain/product-cards';
import { productTypeOf } from '../../core/domain/products';
import { readPricingDataFile } from '../../server/pricing/pricing-data-file';
import { PATH_DOMAINS, allFlowPaths, productNamesCard, grepPaths, pathLine, samplePaths, shardPaths, stepData, stepName, type FlowPath } from './flow-paths';
import { choosePaths, parseArgs, summarise } from './test-paths';

/**
 * Issue 27 (docs/decisions/204): the generated paths QA replays. Every step each product asks
 * appears on one of its paths, every final state is reached, each step's data is valid by its
 * contract's rules, and the command's choices (--list, --grep, --sample, --shard) are what they say.
 */
const { paths, stalls } = allFlowPaths();

const productKey = (path: Pick<FlowPath, 'process' | 'domain' | 'productName'>) => `${path.process} ${path.domain} ${path.productName}`;

describe('paths generated from the process definitions', () => {
  it('every process, domain and product has paths, and no combination of answers stalls a process', () => {
    expect(stalls).toEqual([]);
    for (const process of Object.keys(PROCESS_DEFINITIONS) as ProcessDefinitionId[]) {
      for (const domain of PATH_DOMAINS) {
        for (const productName of productsFollowing(process, domain)) {
          expect(paths.some((path) => productKey(path) === `${process} ${domain} ${productName}`), `${process} ${domain} ${productName}`).toBe(true);
        }
      }
    }
  });

  it('every step a product asks (the documented list, docs/processes/) appears on one of its paths', () => {
    const byProduct = new Map<string, Set<string>>();
    for (const path of paths) {
      const seen = byProduct.get(productKey(path)) ?? new Set<string>();
      for (const step of path.steps) seen.add(step.state);
      byProduct.set(productKey(path), seen);
    }
    for (const process of Object.keys(PROCESS_DEFINITIONS) as ProcessDefinitionId[]) {
      for (const domain of PATH_DOMAINS) {
        for (const productName of productsFollowing(process, domain)) {
          const seen = byProduct.get(`${process} ${domain} ${productName}`)!;
          const missing = askedSteps(process, domain, productName).filter((step) => !seen.has(step.state));
          expect(missing.map((step) => step.state), `${process} ${domain} ${productName}`).toEqual([]);
        }
      }
    }
    // Walks every product under every combination of its conditions, unless the process pictures'
    // test has in this worker already (askedSteps keeps them): as long as that test, when first.
  }, 120_000);

  it('each path starts at its process start, ends in a final state, and is the shortest walk there', () => {
    for (const path of paths) {
      expect(path.steps.at(-1)!.final, path.id).toBe(true);
      expect(path.steps.slice(0, -1).every((step) => !step.final), path.id).toBe(true);
    }
    // The straight path of each product is its shortest to the signed contract: no other path of it is shorter there.
    const straight = paths.find((path) => path.id === 'retailLoan/retail-banking-ee/SMALL_LOAN/straight')!;
    expect(straight.steps.map(stepName)).toEqual([
      'createApplicationStep',
      'submitPersonalInfo',
      'submitBackgroundData',
      'submitAddress',
      'submitFinancialData',
      'submitBankDetailsAndIdentificationDocumentInfo',
      'checkAnswers',
      'reviewApproved',
      'viewCreditCardOffer',
      'viewContractAndChooseSigningMethod',
      'viewContractConditions',
      'viewContractSigned',
    ]);
  });

  it('the card page comes where the product data names a card, and only there (decision 209)', () => {
    const card = (path: FlowPath) => path.steps.some((step) => step.taskKey === 'viewCreditCardOffer');
    // The product data (server/pricing/pricing-data.json) names a card for the small and car loans, none for the renovation loan.
    expect(productNamesCard('retail-banking-ee', 'SMALL_LOAN')).toBe(true);
    expect(productNamesCard('retail-banking-ee', 'RENOVATION_LOAN')).toBe(false);
    const retail = paths.filter((path) => path.process === 'retailLoan');
    for (const path of retail.filter((path) => !path.productName.startsWith('CREDIT_CARD')).filter(card)) expect(productNamesCard(path.domain, path.productName), path.id).toBe(true);
    expect(retail.some((path) => path.id === 'retailLoan/retail-banking-ee/RENOVATION_LOAN/crossSellCard')).toBe(false);
    expect(retail.filter((path) => path.productName === 'RENOVATION_LOAN').some(card)).toBe(false);
    // A product naming a card meets it on its straight path; the engine's refusal is its own path, without it.
    const byId = (id: string) => paths.find((path) => path.id === id);
    expect(card(byId('retailLoan/retail-banking-ee/CAR_LOAN/straight')!)).toBe(true);
    expect(card(byId('retailLoan/retail-banking-ee/SMALL_LOAN/crossSell=NOT_OFFERED')!)).toBe(false);
    expect(byId('retailLoan/retail-banking-ee/RENOVATION_LOAN/crossSell=NOT_OFFERED')).toBeUndefined();
    expect(paths.some((path) => path.conditions.includes('crossSellCard'))).toBe(false);
  });

  it("the co-borrower's part leaves for one outside party only, his bank's open-banking page, whose return names his role (decisions 233, 239)", () => {
    // The steps whose page sends the browser to an outside party and back: found in the step's own files
    // (the login service's address, the redirect actors, the redirect signings' machines).
    const leaving = /SSO_PATH|redirectBrowser|openConsentPage|machines\/signing\/(contract-signing|eparaksts|payment-signing)\.machine/;
    const stepsRoot = fileURLToPath(new URL('../../src/steps', import.meta.url));
    const leavingSteps = readdirSync(stepsRoot, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
      .filter((step) =>
        readdirSync(join(stepsRoot, step))
          .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
          .some((file) => leaving.test(readFileSync(join(stepsRoot, step, file), 'utf8'))),
      )
      .sort();
    expect(leavingSteps).toEqual(['identifyCustomer', 'provideBasViaOpenBanking', 'signCurrentAccountContract', 'viewContractConditions']);
    const coBorrowers = new Set(paths.flatMap((walk) => walk.steps.filter((step) => step.role === 'COBORROWER').map((step) => step.taskKey)));
    expect(coBorrowers.size).toBeGreaterThan(5);
    // A step added here must make its party's return name the co-borrower's role, as the open-banking callback does.
    expect(leavingSteps.filter((step) => coBorrowers.has(step))).toEqual(['provideBasViaOpenBanking']);
  });

  it('ids are unique and say the process, domain, product and conditions', () => {
    expect(new Set(paths.map((path) => path.id)).size).toBe(paths.length);
    for (const path of paths) expect(path.id.startsWith(`${path.process}/${path.domain}/${path.productName}/`)).toBe(true);
  });

  it('--list prints one line a path: process, domain and product, then the tasks joined by " > "', () => {
    const straight = paths.find((path) => path.id === 'retailLoan/retail-banking-ee/SMALL_LOAN/straight')!;
    expect(pathLine(straight)).toBe(
      'retailLoan retail-banking-ee SMALL_LOAN: createApplicationStep > submitPersonalInfo > submitBackgroundData > submitAddress > submitFinancialData > submitBankDetailsAndIdentificationDocumentInfo > checkAnswers > reviewApproved > viewCreditCardOffer > viewContractAndChooseSigningMethod > viewContractConditions > viewContractSigned',
    );
    const co = paths.find((path) => path.steps.some((step) => step.role === 'COBORROWER'))!;
    expect(pathLine(co)).toContain(' > co:submitInitialDataCoBorrower > ');
    expect(pathLine(co)).toMatch(/\[.*coApplicant.*\]: /);
  });

  it('each step the contracts know is answered with its contract’s example, valid by the form’s own rules', () => {
    const checked = new Set<string>();
    for (const path of paths) {
      for (const step of path.steps) {
        const data = stepData(path, step);
        if (!data?.values) continue;
        const key = `${path.domain}|${path.productName}|${step.taskKey}|${step.role}|${[...(data.context.flags ?? [])].join()}`;
        if (checked.has(key)) continue;
        checked.add(key);
        const { STEP_CONTRACTS } = contracts;
        const contract = STEP_CONTRACTS[step.taskKey as keyof typeof STEP_CONTRACTS].contract;
        const read = v.safeParse(contract.formSchema(data.context), data.values);
        expect(read.success ? [] : read.issues.map((issue) => `${issue.path?.map((item) => String(item.key)).join('.')}: ${issue.message}`), `${path.id} ${stepName(step)}`).toEqual([]);
      }
    }
    expect(checked.size).toBeGreaterThan(100);
  });
});


/**
 * Decision 220 (decisions 215 and 216 found them): an outcome is walked only where it can hold, by
 * what decides it on the server, read here from the same sources, never from a list of the paths'.
 */
describe('the outcomes are walked only where they can hold (decision 220)', () => {
  const withCondition = (condition: string) => paths.filter((path) => path.conditions.includes(condition));
  const taskKeys = (path: FlowPath) => path.steps.map(stepName);
  const firstPage = (path: FlowPath) => stepData(path, path.steps.find((step) => step.taskKey === 'createApplicationStep')!)!.values!;

  it('a way to sign only where the contract page offers it: the post office in Latvian retail off the partner channels, the store on a partner’s', () => {
    const signing = paths.filter((path) => path.conditions.some((condition) => condition.startsWith('signing=')));
    for (const path of signing) {
      const choice = path.conditions.find((condition) => condition.startsWith('signing='))!.slice('signing='.length);
      // A hire purchase is replayed from a partner's link (the shop's hosted flow); every other product from the bank's own web.
      const channel = productTypeOf(path.productName) === 'HIRE_PURCHASE' ? 'PARTNER_HOSTED_FLOW' : 'WEB';
      expect(signingChoicesFor({ domain: path.domain, channel }), path.id).toContain(choice);
    }
    const post = withCondition('signing=POST');
    expect(post.length).toBeGreaterThan(0);
    expect(post.every((path) => path.domain === 'retail-banking-lv' && productTypeOf(path.productName) !== 'HIRE_PURCHASE'), post.map((path) => path.id).join()).toBe(true);
    const store = withCondition('signing=PARTNER_STORE');
    expect(store.length).toBeGreaterThan(0);
    expect(store.every((path) => productTypeOf(path.productName) === 'HIRE_PURCHASE'), store.map((path) => path.id).join()).toBe(true);
    expect(paths.some((path) => path.id === 'retailLoan/retail-banking-lv/CAR_LOAN/signing=POST')).toBe(true);
    expect(paths.some((path) => path.id === 'retailLoan/retail-banking-ee/SMALL_LOAN/signing=POST')).toBe(false);
  });

  it('campaign documents only for a product a campaign asking for documents names, whose code the path gives', () => {
    const { campaigns } = readPricingDataFile();
    const asking = (path: FlowPath) => campaigns.find((campaign) => campaign.domain === path.domain && campaign.products.includes(path.productName as never) && campaign.documents.length > 0);
    const found = withCondition('campaignAsksDocuments');
    expect(found.map((path) => `${path.domain} ${path.productName}`)).toContain('retail-banking-ee CAR_LOAN');
    expect(found.map((path) => `${path.domain} ${path.productName}`)).toContain('retail-banking-ee RENOVATION_LOAN');
    for (const path of found) {
      expect(asking(path), path.id).toBeDefined();
      expect(taskKeys(path), path.id).toContain('uploadCampaignDocuments');
      const personal = path.steps.find((step) => step.taskKey === 'submitPersonalInfo' && step.role === 'APPLICANT')!;
      expect(stepData(path, personal)!.values!['campaignCode'], path.id).toBe(asking(path)!.code);
    }
    expect(paths.some((path) => path.id === 'retailLoan/retail-banking-ee/SMALL_LOAN/campaignAsksDocuments')).toBe(false);
  });

  it('additional checks only for a product that can be lent above the threshold, and the path asks for more than it', () => {
    const products = readPricingDataFile().products;
    const checked = withCondition('additionalChecksAsked');
    expect(checked.length).toBeGreaterThan(0);
    for (const path of checked) {
      const product = products.find((item) => item.domain === path.domain && item.data.productName === path.productName)!.data;
      expect(product.maxAmount, path.id).toBeGreaterThan(ADDITIONAL_CHECK_AMOUNT);
      // An upsale's offer is of the upsale's variants, never the additional-check one.
      expect(path.process, path.id).toBe('retailLoan');
      expect(Number(firstPage(path)['loanAmount']), path.id).toBeGreaterThan(ADDITIONAL_CHECK_AMOUNT);
    }
    for (const name of ['SMALL_LOAN', 'CREDIT_CARD_VISA_GOLD', 'COMP_HIRE_PURCHASE']) expect(checked.some((path) => path.productName === name), name).toBe(false);
    // Every other path asks for no more than the threshold, within its product's bounds.
    for (const path of paths.filter((each) => !each.conditions.includes('additionalChecksAsked') && each.steps.some((step) => step.taskKey === 'createApplicationStep'))) {
      const values = firstPage(path);
      expect(values['productName'], path.id).toBe(path.productName);
      if (values['loanAmount'] !== '') expect(Number(values['loanAmount']), path.id).toBeLessThanOrEqual(ADDITIONAL_CHECK_AMOUNT);
    }
  });

  it('statements await analysis only after statements shared through open banking', () => {
    const waiting = withCondition('statementsAwaitAnalysis');
    expect(waiting.length).toBeGreaterThan(0);
    for (const path of waiting) {
      expect(path.conditions, path.id).toContain('incomeEvidence');
      expect(path.conditions, path.id).not.toContain('manualUpload');
      const names = taskKeys(path);
      expect(names.indexOf('provideBasViaOpenBanking'), path.id).toBeGreaterThanOrEqual(0);
      expect(names.indexOf('provideBasViaOpenBanking'), path.id).toBeLessThan(names.indexOf('viewBankStatementsBeingProcessed'));
    }
  });

  it('a walk meets the analysis once for each sharing through open banking, and never rests twice on its page (decision 238)', () => {
    const analyses = new Set(['viewBankStatementsBeingProcessed', 'viewProcessingTakesTime', 'viewReturnToMerchant']);
    const waiting = paths.filter((path) => path.steps.some((step) => analyses.has(step.taskKey)));
    expect(waiting.length).toBeGreaterThan(0);
    for (const path of waiting) {
      // The server's fact is the analysis's status: pending from the sharing until the analysis answers.
      let pending = false;
      for (const [index, step] of path.steps.entries()) {
        const before = path.steps[index - 1];
        if (before?.taskKey === 'provideBasViaOpenBanking' && !path.conditions.includes('manualUpload')) pending = true;
        if (!analyses.has(step.taskKey)) continue;
        expect(pending, `${path.id}: step ${index + 1} (${step.taskKey}) waits for an analysis no sharing asked for`).toBe(true);
        pending = false;
      }
    }
    // A refinancing loan's walk: the analysis, then the lenders' check, then the decision (not the analysis again).
    const refinancing = paths.find((path) => path.id === 'retailUpsale/retail-banking-lv/REFINANCING_LOAN/incomeEvidence+statementsAwaitAnalysis');
    expect(refinancing && taskKeys(refinancing).slice(taskKeys(refinancing).indexOf('provideBasViaOpenBanking'))).toEqual([
      'provideBasViaOpenBanking',
      'viewBankStatementsBeingProcessed',
      'viewAdditionalDataSubmitted',
      'reviewApproved',
      'viewAdditionalDataSubmitted',
      'viewContractAndChooseSigningMethod',
      'viewContractConditions',
      'viewContractSigned',
    ]);
  });

  it('an upload skipped only where the server lets the bank statements be skipped (decision 230): never Latvia, never a real-estate loan', () => {
    const skipped = withCondition('uploadSkipped');
    expect(skipped.length).toBeGreaterThan(0);
    for (const path of skipped) {
      expect(uploadSkipAllowed(path.domain, 'BANK_STATEMENT', path.productName), path.id).toBe(true);
      expect(taskKeys(path), path.id).toContain('viewUploadSkipped');
    }
    expect(skipped.some((path) => path.domain === 'retail-banking-lv'), skipped.map((path) => path.id).join()).toBe(false);
    expect(skipped.some((path) => productTypeOf(path.productName) === 'REAL_ESTATE_LOAN'), skipped.map((path) => path.id).join()).toBe(false);
    const skips = (domain: string, productName: string) => skipped.some((path) => path.process === 'retailLoan' && path.domain === domain && path.productName === productName);
    expect(skips('retail-banking-ee', 'SMALL_LOAN')).toBe(true);
    expect(skips('retail-banking-lt', 'CAR_LOAN')).toBe(true);
    expect(skips('retail-banking-ee', 'HOUSING_LOAN')).toBe(false);
    expect(skips('retail-banking-lv', 'SMALL_LOAN')).toBe(false);
  });

  it('back to the shop only for a partner’s applicant whose statements, shared through open banking, await analysis (decision 230)', () => {
    const back = withCondition('returnsToMerchant');
    expect(back.length).toBeGreaterThan(0);
    for (const path of back) {
      expect(productTypeOf(path.productName), path.id).toBe('HIRE_PURCHASE');
      expect(path.conditions, path.id).toContain('incomeEvidence');
      expect(path.conditions, path.id).not.toContain('manualUpload');
      const names = taskKeys(path);
      expect(names[names.indexOf('provideBasViaOpenBanking') + 1], path.id).toBe('viewReturnToMerchant');
    }
    expect(paths.some((path) => path.steps.some((step) => step.taskKey === 'viewReturnToMerchant'))).toBe(true);
  });

  it('an upsale only for a product its product choice and first page offer: never a hire purchase', () => {
    const upsales = paths.filter((path) => path.process === 'retailUpsale');
    expect(upsales.length).toBeGreaterThan(0);
    expect(upsales.filter((path) => productTypeOf(path.productName) === 'HIRE_PURCHASE').map((path) => path.id)).toEqual([]);
    // The product choice's own cards all have upsale paths.
    for (const domain of ['retail-banking-ee', 'retail-banking-lv', 'retail-banking-lt'] as const) {
      for (const card of productCardsOf(domain)) expect(upsales.some((path) => path.domain === domain && path.productName === card.productName), `${domain} ${card.productName}`).toBe(true);
    }
  });

  it('the additional checks do not ask again for statements given before the offer (decision 173), except where Latvia reset them', () => {
    const given = paths.find((path) => path.id === 'retailLoan/retail-banking-ee/CAR_LOAN/incomeEvidence+additionalChecksAsked')!;
    expect(given).toBeDefined();
    const names = taskKeys(given);
    const offer = names.indexOf('reviewApproved');
    expect(names.slice(offer, offer + 3)).toEqual(['reviewApproved', 'viewAdditionalDataSubmitted', 'reviewApproved']);
    expect(names.filter((name) => name === 'provideBasViaOpenBanking')).toHaveLength(1);
    for (const path of withCondition('additionalChecksAsked')) {
      const at = taskKeys(path).indexOf('reviewApproved');
      const before = path.steps.slice(0, at).some((step) => step.role === 'APPLICANT' && (step.taskKey === 'provideBasViaOpenBanking' || step.taskKey === 'uploadBankAccountStatementDocuments'));
      const asksAgain = path.steps[at + 1]!.taskKey !== 'viewAdditionalDataSubmitted';
      expect(asksAgain, path.id).toBe(!before || path.domain === 'retail-banking-lv');
    }
  });
});

describe('npm run test:paths: choosing the paths', () => {
  it('--grep keeps the paths whose line contains the text, whatever its case', () => {
    const found = grepPaths(paths, 'retail-banking-lv housing_loan');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((path) => path.domain === 'retail-banking-lv' && path.productName === 'HOUSING_LOAN')).toBe(true);
    expect(grepPaths(paths, 'no such path at all')).toEqual([]);
  });

  it('--sample n picks the paths that add the most tasks, the same every run, and covers every task soon', () => {
    const tasks = new Set(paths.flatMap((path) => path.steps.map(stepName)));
    const [first] = samplePaths(paths, 1);
    const most = Math.max(...paths.map((path) => new Set(path.steps.map(stepName)).size));
    expect(new Set(first!.steps.map(stepName)).size).toBe(most);
    const sample = samplePaths(paths, 12);
    expect(samplePaths(paths, 12).map((path) => path.id)).toEqual(sample.map((path) => path.id));
    expect(new Set(sample.map((path) => path.id)).size).toBe(12);
    // Each pick adds at least as many new tasks as any later one.
    const covered = new Set<string>();
    const gains = sample.map((path) => {
      const fresh = new Set(path.steps.map(stepName).filter((task) => !covered.has(task)));
      for (const task of fresh) covered.add(task);
      return fresh.size;
    });
    expect([...gains].sort((a, b) => b - a)).toEqual(gains);
    const enough = samplePaths(paths, 40);
    expect(tasks.size - new Set(enough.flatMap((path) => path.steps.map(stepName))).size).toBe(0);
  });

  it('--shard i/n splits the paths into n chunks that together are every path once', () => {
    const chunks = [1, 2, 3].map((index) => shardPaths(paths, `${index}/3`));
    expect(chunks.flat().map((path) => path.id).sort()).toEqual(paths.map((path) => path.id).sort());
    expect(Math.max(...chunks.map((chunk) => chunk.length)) - Math.min(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(1);
    expect(() => shardPaths(paths, '4/3')).toThrow(/--shard/);
    expect(() => shardPaths(paths, 'half')).toThrow(/--shard/);
  });

  it('reads its options and combines them: grep, then sample, then shard', () => {
    expect(parseArgs(['--list', '--grep', 'SMALL_LOAN', '--sample', '3', '--shard', '1/2'])).toEqual({ list: true, grep: 'SMALL_LOAN', sample: 3, shard: '1/2' });
    expect(() => parseArgs(['--sample', 'x'])).toThrow(/--sample/);
    // Decision 215: fewer browsers on a shared machine.
    expect(parseArgs(['--workers', '2'])).toEqual({ list: false, workers: 2 });
    expect(() => parseArgs(['--workers', '0'])).toThrow(/--workers/);
    expect(() => parseArgs(['--grep'])).toThrow(/needs a value/);
    expect(() => parseArgs(['--fast'])).toThrow(/unknown option/);
    const chosen = choosePaths({ list: true, grep: 'SMALL_LOAN', sample: 3 }, paths);
    expect(chosen).toHaveLength(3);
    expect(chosen.every((path) => pathLine(path).includes('SMALL_LOAN'))).toBe(true);
  });

  it('ends its report with "N passed, M failed", each failure with its path, message, screenshot and trace', () => {
    const report = {
      suites: [
        {
          suites: [
            {
              specs: [
                { title: 'retailLoan/retail-banking-ee/SMALL_LOAN/straight', tests: [{ results: [{ status: 'passed' }] }] },
                {
                  title: 'retailLoan/retail-banking-ee/SMALL_LOAN/offerDeclined',
                  tests: [
                    {
                      results: [
                        {
                          status: 'failed',
                          error: { message: 'path retailLoan/retail-banking-ee/SMALL_LOAN/offerDeclined, step 9 (viewThankYouPage): expected viewThankYouPage to be shown' },
                          attachments: [
                            { name: 'screenshot', path: '/tmp/a.png' },
                            { name: 'trace', path: '/tmp/trace.zip' },
                          ],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const summary = summarise(report);
    expect(summary).toMatchObject({ passed: 1, failed: 1 });
    expect(summary.lines).toEqual([
      'FAILED retailLoan/retail-banking-ee/SMALL_LOAN/offerDeclined',
      '  path retailLoan/retail-banking-ee/SMALL_LOAN/offerDeclined, step 9 (viewThankYouPage): expected viewThankYouPage to be shown',
      '  screenshot: /tmp/a.png',
      '  trace: /tmp/trace.zip',
    ]);
  });
});
