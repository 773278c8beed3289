import { readFileSync } from 'node:fs';
import { expect, sandbox, test } from '../support/domain-server';
import { allFlowPaths, pathLine, stepData, stepName, type FlowPath } from '../../tests/paths/flow-paths';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { TestLocale } from '../support/i18n';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { WalkedStep } from '../../server/process/process-paths';
import { MARI, externalIdOf } from '../support/create-application';
import { CHANGED_PERSONAL_CODE, CONTINUES, FILLERS, continueStep, isHirePurchase } from './fillers';
import { domainFiller, earlierApplicationCodes, serverEnvOf as domainServerEnvOf } from './fillers-domains';

/**
 * Issue 27 (docs/decisions/204): each generated path replayed in Chromium against the reference API,
 * step by step: the step the path names must be the one shown, answered by its filler; the test is
 * named by the path's id, and a failure names the path, the step and what was expected (the
 * screenshot and trace are playwright's, kept on failure). The paths to run come from
 * `npm run test:paths` (tests/paths/test-paths.ts) through SOLIS_PATHS_FILE; without it, every path.
 */
function selected(): FlowPath[] {
  const all = allFlowPaths().paths;
  const file = process.env.SOLIS_PATHS_FILE;
  if (!file) return all;
  const ids = new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]);
  return all.filter((path) => ids.has(path.id));
}

/** The language each domain's paths are replayed in: the domain's own. */
const LOCALES: Record<BusinessDomain, TestLocale> = {
  'retail-banking-ee': 'et',
  'retail-banking-lv': 'lv',
  'retail-banking-lt': 'lt',
  'corporate-banking': 'en',
};

/** A failure of a path, worded for QA: which path, at which step, what was expected. */
class PathFailure extends Error {
  override readonly name = 'PathFailure';
}

/**
 * Decision 215: the feature flags a path's server runs with. `realEstateFlag` is a condition of the
 * path (the real estate step in the housing flow); the manual upload of statements is behind its flag
 * (section 4), on for the paths that upload by hand.
 */
function featureFlagsOf(path: FlowPath): string {
  return [...(path.conditions.includes('realEstateFlag') ? ['realEstateInHousingFlow'] : []), ...(path.conditions.includes('manualUpload') ? ['manualBankStatementUpload'] : [])].join(',');
}

/** The languageCode of the sandbox's seed for a locale. */
const LANGUAGE_CODES: Record<TestLocale, 'eng' | 'est' | 'lav' | 'lit' | 'rus'> = { en: 'eng', et: 'est', lv: 'lav', lt: 'lit', ru: 'rus' };

/**
 * Decision 215: where a path starts, with what the bank's side answers set through the sandbox first.
 * - the decision (`decision=`, else POSITIVE) and the outcomes no screen brings about
 *   (`crossSell=NOT_OFFERED`, `duplicateApplication`, `shortApplication`);
 * - `otherApplication` / `personalCodeChanged`: an earlier open application of this session with the
 *   applicant's code / the code she changes to, so the process asks how to go on (decision 121),
 *   seeded once the first page is shown (a `/` opened after it would continue the earlier one);
 * - a retailUpsale path at its product choice (an upsale application seeded at chooseProduct), the
 *   current account at its own entrance (/current-account), any other at the first page.
 */
async function start(page: Page, path: FlowPath, locale: TestLocale): Promise<void> {
  await page.goto(`/?lang=${locale}`);
  const decision = path.conditions.find((condition) => condition.startsWith('decision='))?.slice('decision='.length) ?? 'POSITIVE';
  await sandbox.setDecision(page, decision as Parameters<typeof sandbox.setDecision>[1]);
  const has = (condition: string) => path.conditions.includes(condition);
  if (has('crossSell=NOT_OFFERED') || has('duplicateApplication') || has('shortApplication')) {
    await sandbox.setOutcomes(page, {
      crossSell: has('crossSell=NOT_OFFERED') ? 'NOT_OFFERED' : null,
      duplicateApplication: has('duplicateApplication'),
      shortApplication: has('shortApplication'),
    });
  }
  // Smart-ID signs after one poll where a path signs the current account (the loan's contract is signed on the simulator's phone page).
  if (path.process === 'currentAccount') await sandbox.setSmartId(page, { result: 'SIGNED_CONTRACT', runningPolls: 1 });
  // A Latvian or Lithuanian path's applicant and changed code are that country's (decision 224).
  const earlier = earlierApplicationCodes(path) ?? [...(has('otherApplication') ? [MARI.personalCode] : []), ...(has('personalCodeChanged') ? [CHANGED_PERSONAL_CODE] : [])];
  for (const personalCode of earlier) {
    await sandbox.seedApplication(page, {
      taskDefinitionKey: 'submitPersonalInfo',
      previousTasks: ['createApplicationStep'],
      productName: 'CAR_LOAN',
      application: {
        applicationUpdates: { creditConditions: { loanAmount: 12000, loanPeriod: 48 } },
        personUpdates: [{ role: 'APPLICANT', personalCode, declaredData: { firstName: MARI.firstName, surname: MARI.surname, email: MARI.email, phoneNumber: { code: '+372', number: MARI.phone } } }],
      },
      languageCode: LANGUAGE_CODES[locale],
    });
  }
  if (path.process === 'retailUpsale') {
    const seeded = await sandbox.seedApplication(page, { taskDefinitionKey: 'chooseProduct', languageCode: LANGUAGE_CODES[locale] });
    await page.goto(`/?externalId=${seeded.externalId}&lang=${locale}`);
  } else if (isHirePurchase(path.productName)) {
    // A hire purchase comes from a partner's link (section 3): a shop of this session selling goods on it.
    await sandbox.registerPartner(page, { regCode: 'PATHS-SHOP', name: 'Paths shop', returnAddresses: ['https://shop.paths.example/return'], products: [{ goodsName: 'goods', productName: path.productName }] });
    // The goods' price is the path's loan (decision 220: above 15 000 € where the bank checks more).
    const first = path.steps.find((step) => step.taskKey === 'createApplicationStep');
    const amount = String((first && stepData(path, first)?.values?.['loanAmount']) || '1500');
    const query = new URLSearchParams({ lang: locale, reg_code: 'PATHS-SHOP', goods_name: 'goods', amount });
    // The shop's return address (decision 230), except where the path's applicant waits for the
    // statements' analysis on the bank's page (`statementsAwaitAnalysis` without `returnsToMerchant`,
    // decision 233): the server sends back to the shop every applicant whose shop gave one.
    if (!(has('statementsAwaitAnalysis') && !has('returnsToMerchant'))) query.set('redirect_uri', 'https://shop.paths.example/return');
    await page.goto(`/?${query.toString()}`);
  } else if (path.process === 'currentAccount') {
    await page.goto(`/current-account?lang=${locale}`);
  }
  // The earlier applications were seeded after the first page had started afresh: reloading `/` would
  // continue the latest of them instead (the session's unfinished application).
}

/**
 * Decision 215: the co-borrower answers in a browser of his own, opened at the invitation link the
 * sandbox outbox holds for the applicant's application; the applicant's page, waiting meanwhile, is
 * loaded again when her turn comes back (its own look comes every 20 s).
 */
async function coBorrowerPage(page: Page, browser: Browser, baseURL: string | undefined, locale: TestLocale, contexts: BrowserContext[]): Promise<Page> {
  const externalId = await externalIdOf(page);
  let link: string | undefined;
  for (let tries = 0; tries < 20 && !link; tries++) {
    link = (await sandbox.outbox(page, externalId)).find((message) => message.kind === 'coBorrowerInvitation')?.body.link;
    if (!link) await page.waitForTimeout(500);
  }
  if (!link) throw new Error(`no co-borrower invitation in the outbox of ${externalId}`);
  const context = await browser.newContext({ baseURL, locale: 'et-EE', timezoneId: 'Europe/Tallinn' });
  contexts.push(context);
  const co = await context.newPage();
  await co.goto(`${link}?lang=${locale}`);
  return co;
}

/**
 * Decision 215: a path that shows the back office's waiting page (`viewAdditionalDataSubmitted`: the
 * refinancing check, the underwriter) needs a back office that takes a moment: the tests' servers
 * answer every check at once (BACK_OFFICE_ANSWERS_AT_ONCE), and the page would never be shown.
 */
const CHECKS_TAKE_A_MOMENT = { UNDERWRITER_REVIEW_SECONDS: '3', REFINANCING_CHECK_SECONDS: '3', REFINANCING_PAYOFF_SECONDS: '3' };

/**
 * Decision 230: a path that shows "we are checking your bank statements" (`viewBankStatementsBeingProcessed`)
 * needs an analysis that takes a moment (the tests' servers answer it at once, and the offer would
 * come straight away); the page says it takes time only after the patience, longer than the replay waits.
 */
const ANALYSIS_TAKES_A_MOMENT = { STATEMENT_ANALYSIS_SECONDS: '3', STATEMENT_ANALYSIS_PATIENCE_SECONDS: '600' };

/** The domain's server (decision 216: corporate banking per country served) with the path's flags and waits (decision 215). */
function serverEnvOf(path: FlowPath): Record<string, string> {
  const domainEnv = domainServerEnvOf(path);
  const flags = [domainEnv['FEATURE_FLAGS'], featureFlagsOf(path)].filter(Boolean).join(',');
  const waits = path.steps.some((step) => step.taskKey === 'viewAdditionalDataSubmitted' && !step.final);
  const analyses = path.steps.some((step) => (step.taskKey === 'viewBankStatementsBeingProcessed' || step.taskKey === 'viewReturnToMerchant') && !step.final);
  return { ...domainEnv, ...(flags ? { FEATURE_FLAGS: flags } : {}), ...(waits ? CHECKS_TAKE_A_MOMENT : {}), ...(analyses ? ANALYSIS_TAKES_A_MOMENT : {}) };
}

const groups = new Map<string, { env: Record<string, string>; domain: BusinessDomain; paths: FlowPath[] }>();
for (const path of selected()) {
  const env = serverEnvOf(path);
  const extra = Object.entries(env)
    .filter(([name]) => name !== 'BUSINESS_DOMAIN')
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  const key = `${path.domain}${extra ? ` (${extra})` : ''}`;
  const group = groups.get(key) ?? { env, domain: path.domain, paths: [] };
  group.paths.push(path);
  groups.set(key, group);
}

for (const [key, { env, domain, paths }] of groups) {
  test.describe(key, () => {
    test.use({ serverEnv: env });
    for (const path of paths) {
      test(path.id, async ({ page, browser, baseURL }) => {
        test.setTimeout(60_000 + path.steps.length * 15_000);
        test.info().annotations.push({ type: 'path', description: pathLine(path) });
        const locale = LOCALES[domain];
        await start(page, path, locale);
        const contexts: BrowserContext[] = [];
        let co: Page | undefined;
        let previousRole: WalkedStep['role'] = 'APPLICANT';
        try {
          for (const [index, step] of path.steps.entries()) {
            const name = stepName(step);
            const where = `path ${path.id}, step ${index + 1} (${name})`;
            // The path's domain's own answers first (fillers-domains.ts, which move on by themselves), else fillers.ts's.
            const own = domainFiller(domain, step.taskKey);
            const filler = own ?? FILLERS[step.taskKey];
            if (!filler) throw new PathFailure(`${where}: no browser filler for this step yet (e2e/paths/fillers.ts)`);
            await test.step(name, async () => {
              if (step.role === 'COBORROWER') co ??= await coBorrowerPage(page, browser, baseURL, locale, contexts);
              else if (previousRole === 'COBORROWER') await page.reload();
              previousRole = step.role;
              const on = step.role === 'COBORROWER' ? co! : page;
              try {
                await expect(filler.heading(on, locale, path, step), `${where}: expected this step to be shown`).toBeVisible({ timeout: 20_000 });
              } catch (error) {
                const shown = await on.getByRole('heading', { level: 1 }).first().innerText().catch(() => '(no heading)');
                throw new PathFailure(`${where}: expected ${name} to be shown, the page shows "${shown.trim()}" at ${on.url()}\n${String(error)}`);
              }
              if (step.final) return;
              await filler.answer(on, locale, path, step);
              if (!own && CONTINUES.has(step.taskKey)) await continueStep(on, locale);
            });
          }
        } finally {
          for (const context of contexts) await context.close();
        }
      });
    }
  });
}
