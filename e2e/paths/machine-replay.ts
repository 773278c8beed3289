import type { Locator, Page } from '@playwright/test';
import { expect, sandbox, test } from '../support/domain-server';
import { CLIENT_GET_ATTEMPTS, IDENTITY_DECISIONS, machinePathLine, type ConsentEnding, type MachinePath, type MachineStep } from '../../tests/paths/machine-paths';
import { LANGUAGE_CODES } from '../support/seed-application';
import { MARI } from '../support/create-application';
import { t, type TestLocale } from '../support/i18n';
import { simulators } from '../support/simulators';
import { contractStep } from '../support/steps/view-contract-and-choose-signing-method';
import { seedAtContractSigning, signingStep } from '../support/steps/view-contract-conditions';
import { contractSignedHeading } from '../support/steps/view-contract-signed';
import { replayUploads } from './uploads-replay';
import { replayCrossSell } from './cross-sell-replay';
import { replayEsign, replayPayment } from './machine-replay-redirect';

/**
 * Issue 27, item 1 (docs/decisions/217): a client machine's generated path replayed in Chromium
 * against the reference API and its provider simulators. The application is seeded at the step the
 * machine runs on (e2e/support/seed-application.ts and the steps' seeds), so a replay is short; each
 * provider answer of the path is set up on the simulator before the person's action that asks for
 * it (a scripted result, a fault), the person's actions are clicks, and at every state that waits
 * for the person (and at the end) the screen must show that state. Shared by `npm run test:paths`
 * (machines.paths.ts) and the sample inside `npm test` (e2e/paths-sample.spec.ts).
 */

/** A failure of a path, worded for QA: which path, at which step, what was expected. */
export class MachinePathFailure extends Error {
  override readonly name = 'MachinePathFailure';
}

/** The person's actions of a path (the other labels are a provider's answers, or a timer). */
const PERSON = new Set(['start', 'try again', 'cancel', 'other method']);

/** What the screen of a state of the signing machines shows, by state (the view's words). */
function signingState(page: Page, locale: TestLocale, path: MachinePath, state: string): Locator {
  const signing = signingStep(page, locale);
  const startButton = path.variant === 'MOBILE_SIGNATURE' ? page.getByRole('button', { name: t(locale, 'Sign with Mobile-ID'), exact: true }) : signing.start;
  const tryAgain = signing.errorModal.getByRole('button', { name: t(locale, 'Try again'), exact: true });
  switch (state) {
    case 'ready':
      return startButton;
    case 'disabled':
      return page.getByRole('button', { name: t(locale, 'Choose another way to sign'), exact: true });
    case 'startFailed':
    case 'pollFailed':
    case 'failed':
      return tryAgain;
    case 'needsOtherMethod':
      return signing.errorModal.getByRole('button', { name: t(locale, 'Choose another way to sign'), exact: true });
    case 'polling.waiting':
    case 'polling.fetching':
      return signing.verificationCode;
    case 'signed':
      // Decision 233: the signed page shows only while the app sends the step on (decision 211); under
      // load the replay may look after it has gone on to the contract-signed page, which is the same end.
      return signing.signedHeading.or(contractSignedHeading(page, locale));
    case 'otherMethod':
      return contractStep(page, locale).heading;
    case 'ended':
      return page.getByRole('heading', { level: 1, name: t(locale, 'We cannot sign the contract with you'), exact: true });
    default:
      throw new MachinePathFailure(`path ${path.id}: no screen is known for the state ${state} (e2e/paths/machine-replay.ts)`);
  }
}

/** The simulator and the request paths its start and its polls take (its fault controls match on them). */
const SIGNING_SIMULATOR = {
  SMART_ID: { simulator: 'smart-id', start: '/signature/etsi/', poll: '/session/' },
  MOBILE_SIGNATURE: { simulator: 'mobile-id', start: '/mid-api/certificate', poll: '/signature/session/' },
} as const;

/**
 * Before a start: what the provider answers this round, up to the next start. A scripted result after
 * its RUNNING polls (a round the person cancels keeps running), the start refused, and polls lost.
 */
async function scriptSigningRound(page: Page, path: MachinePath, round: readonly MachineStep[]): Promise<void> {
  const variant = path.variant as 'SMART_ID' | 'MOBILE_SIGNATURE';
  const where = SIGNING_SIMULATOR[variant];
  const labels = round.map((step) => step.label);
  const running = labels.filter((label) => label === 'poll: RUNNING').length;
  const result = round.find((step) => /^(start|poll): /.test(step.label) && step.answer && !['RUNNING', 'PROVIDER_UNAVAILABLE'].includes(step.answer) && step.label !== 'start: OK')?.answer;
  const setting = result ? { result, runningPolls: running } : { result: 'SIGNED_CONTRACT', runningPolls: 20 };
  if (variant === 'SMART_ID') await sandbox.setSmartId(page, setting);
  else await sandbox.setMobileId(page, setting);
  if (labels.includes('start: PROVIDER_UNAVAILABLE')) await simulators.fault(page, { simulator: where.simulator, fault: 'status', status: 500, path: where.start });
  const lost = labels.filter((label) => label === 'poll: lost').length;
  if (lost > 0) await simulators.fault(page, { simulator: where.simulator, fault: 'status', status: 500, path: where.poll, times: lost });
}

/** The steps from `index` up to the next action that starts a signing again (a start, a try again after a failed start or result). */
function roundFrom(steps: readonly MachineStep[], index: number): MachineStep[] {
  const round: MachineStep[] = [];
  for (let next = index + 1; next < steps.length; next += 1) {
    const step = steps[next]!;
    if (step.label === 'start' || (step.label === 'try again' && steps[next - 1]?.state !== 'pollFailed')) break;
    round.push(step);
  }
  return round;
}

async function replaySigning(page: Page, path: MachinePath, locale: TestLocale): Promise<void> {
  const variant = path.variant;
  const externalId = await seedAtContractSigning(page, locale, variant, variant === 'MOBILE_SIGNATURE' ? { code: '+372', number: MARI.phone } : undefined);
  if (path.condition?.startsWith('disabled=')) await sandbox.setSmartId(page, { disabledReason: path.condition.slice('disabled='.length) });
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  const signing = signingStep(page, locale);
  const show = async (state: string, where: string) => {
    try {
      // The contract is drawn up on the first read of its details: a PDF takes a moment on a busy machine.
      await expect(signingState(page, locale, path, state), `${where}: expected the state ${state} to be shown`).toBeVisible({ timeout: 30_000 });
    } catch (error) {
      const shown = await page.getByRole('heading', { level: 1 }).first().innerText().catch(() => '(no heading)');
      throw new MachinePathFailure(`${where}: expected ${state} to be shown, the page shows "${shown.trim()}" at ${page.url()}\n${String(error)}`);
    }
  };
  await show(path.initial, `path ${path.id}, at the start`);
  for (const [index, step] of path.steps.entries()) {
    const where = `path ${path.id}, step ${index + 1} (${step.label || step.type})`;
    if (PERSON.has(step.label)) {
      await test.step(step.label, async () => {
        if (step.label === 'start' || (step.label === 'try again' && path.steps[index - 1]?.state !== 'pollFailed')) await scriptSigningRound(page, path, roundFrom(path.steps, index));
        if (step.label === 'start') await (variant === 'MOBILE_SIGNATURE' ? page.getByRole('button', { name: t(locale, 'Sign with Mobile-ID'), exact: true }) : signing.start).click();
        else if (step.label === 'try again') await signing.errorModal.getByRole('button', { name: t(locale, 'Try again'), exact: true }).click();
        else if (step.label === 'cancel') {
          await expect(signing.verificationCode, `${where}: the verification code is shown`).toContainText(/\d{4}/, { timeout: 30_000 });
          await page.getByRole('button', { name: t(locale, 'Cancel'), exact: true }).click();
        } else await page.getByRole('button', { name: t(locale, 'Choose another way to sign'), exact: true }).click();
      });
    }
    // A state that waits for the person (the next step is theirs) or the path's end: the screen shows it.
    const next = path.steps[index + 1];
    if (!next || PERSON.has(next.label)) await show(step.state, where);
  }
}

/** Shows the state or fails the path naming it, and what the page shows instead. */
export async function expectState(page: Page, target: Locator, where: string, state: string): Promise<void> {
  try {
    await expect(target, `${where}: expected the state ${state} to be shown`).toBeVisible({ timeout: 30_000 });
  } catch (error) {
    const shown = await page.getByRole('heading', { level: 1 }).first().innerText().catch(() => '(no heading)');
    throw new MachinePathFailure(`${where}: expected ${state} to be shown, the page shows "${shown.trim()}" at ${page.url()}\n${String(error)}`);
  }
}

/** What the screen of a state of the remote identification machine shows (IdentifyCustomer and its modal). */
function identificationState(page: Page, locale: TestLocale, path: MachinePath, state: string): Locator {
  const dialog = page.getByRole('dialog', { name: t(locale, 'Identify yourself remotely') });
  switch (state) {
    case 'loadFailed':
      return page.getByText(t(locale, 'We could not check your identification. Please try again.'));
    case 'required.idle':
      return page.getByText(t(locale, 'We also need to identify you remotely: you photograph your identity document and your face with our identification partner. It takes about five minutes.'));
    case 'required.modal.ready':
      return dialog.getByRole('button', { name: t(locale, 'Start identification'), exact: true });
    case 'required.modal.failed':
      return dialog.getByRole('button', { name: t(locale, 'Try again'), exact: true });
    case 'required.modal.redirecting':
      // The provider's own page (its simulator's, in English).
      return page.getByRole('heading', { level: 1, name: 'Verify your identity' });
    case 'completed':
      return page.getByText(t(locale, 'Your identity has been verified.'));
    default:
      throw new MachinePathFailure(`path ${path.id}: no screen is known for the state ${state} (e2e/paths/machine-replay.ts)`);
  }
}

/** The person's actions on the identification paths (the provider's page included). */
const IDENTIFICATION_PERSON = new Set(['continue', 'start', 'close', 'try again', 'back from the provider']);

async function replayIdentification(page: Page, path: MachinePath, locale: TestLocale): Promise<void> {
  // The app's first call makes the session; the seed rides on it (identification.spec.ts).
  await Promise.all([page.waitForResponse((response) => response.url().includes('/api/v1/application/previous-external-id')), page.goto(`/?lang=${locale}`)]);
  const { externalId } = await sandbox.seedApplication(page, {
    taskDefinitionKey: path.taskKey,
    productName: path.productName,
    previousTasks: ['createApplicationStep'],
    application: { personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: MARI.firstName, surname: MARI.surname } }] },
    languageCode: LANGUAGE_CODES[locale],
  });
  // Logged in already (the login service's stand-in): the remote identification is what is left.
  await sandbox.authenticate(page);
  const failNextCall = async (step: MachineStep | undefined) => {
    // A lost status read must outlast the API client's retries of a GET (src/api/client.ts): every
    // attempt fails, so the machine sees the error (one failure is retried away, decision 219).
    if (step?.label === 'status: lost') {
      for (let attempt = 0; attempt < CLIENT_GET_ATTEMPTS; attempt += 1) await sandbox.failNext(page, { path: '/api/v1/identity/', method: 'GET', status: 503 });
    }
    if (step?.label === 'start: lost') await sandbox.failNext(page, { path: '/api/v1/identity/', method: 'POST', status: 503 });
  };
  await failNextCall(path.steps[0]);
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  const dialog = page.getByRole('dialog', { name: t(locale, 'Identify yourself remotely') });
  for (const [index, step] of path.steps.entries()) {
    const where = `path ${path.id}, step ${index + 1} (${step.label})`;
    if (IDENTIFICATION_PERSON.has(step.label)) {
      await test.step(step.label, async () => {
        await failNextCall(path.steps[index + 1]);
        const before = path.steps[index - 1]?.state;
        if (step.label === 'continue') await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
        else if (step.label === 'start') await dialog.getByRole('button', { name: t(locale, 'Start identification'), exact: true }).click();
        else if (step.label === 'close') await dialog.getByRole('button', { name: t(locale, 'Cancel'), exact: true }).click();
        else if (step.label === 'try again') await (before === 'loadFailed' ? page : dialog).getByRole('button', { name: t(locale, 'Try again'), exact: true }).click();
        else {
          // At the provider: the decision the next status names, by its page's button.
          const status = path.steps[index + 1]?.answer as keyof typeof IDENTITY_DECISIONS | undefined;
          const button = status ? IDENTITY_DECISIONS[status] : undefined;
          if (!button) throw new MachinePathFailure(`${where}: no decision of the provider's page gives the status ${status ?? '(none)'}`);
          await page.getByRole('button', { name: button, exact: true }).click();
        }
      });
    }
    const next = path.steps[index + 1];
    if (!next || IDENTIFICATION_PERSON.has(next.label)) await expectState(page, identificationState(page, locale, path, step.state), where, step.state);
  }
}

/** What the screen of an open-banking state shows (the step, the application's error page, the bank's page, the next screen). */
function openBankingState(page: Page, locale: TestLocale, path: MachinePath, step: { state: string; screen?: string }): Locator {
  const text = (message: string) => page.getByText(t(locale, message), { exact: false }).first();
  if (step.state === 'failed') return page.getByRole('heading', { level: 1, name: t(locale, 'Something went wrong'), exact: true });
  // The PSD2 simulator's SCA page (in English, like a bank's own).
  if (step.state === 'redirecting') return page.getByRole('button', { name: 'Approve', exact: true });
  switch (step.state === 'ready' ? step.screen : undefined) {
    case 'banks':
      return page.getByRole('list', { name: t(locale, 'Banks'), exact: true });
    case 'problem:noBank':
      return text('Choose a bank and give your consent there, or upload your statements yourself');
    case 'problem:selectFailed':
      return text('We could not connect you to your bank. Please try again.');
    case 'problem:noOpenConsent':
      return text('Your consent is no longer open in your bank. You can choose a bank again.');
    case 'consent:APPROVED':
      return text('Your bank has shared your statements.');
    case 'consent:REFUSED':
      return text('You did not give your consent in your bank, so we did not receive your statements.');
    case 'consent:CANCELLED':
      return text('You cancelled the consent in your bank, so we did not receive your statements.');
    case 'consent:TIMED_OUT':
      return text('The consent in your bank timed out, so we did not receive your statements.');
    case 'consent:PENDING':
      return page.getByRole('button', { name: t(locale, 'Return to your bank'), exact: true });
    case 'left:continue':
      // The decision follows the statements; the sandbox approves (open-banking.spec.ts), so the offer.
      return page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true });
    case 'left:manualUpload':
      return page.getByRole('heading', { level: 1, name: t(locale, 'Upload your bank statements'), exact: true });
    default:
      throw new MachinePathFailure(`path ${path.id}: no screen is known for the state ${step.state} (${step.screen ?? 'no screen'}) (e2e/paths/machine-replay.ts)`);
  }
}

/** The person's actions on the open-banking paths. */
const OPEN_BANKING_PERSON = new Set(['choose bank', 'return to bank', 'continue', 'upload manually', 'try again']);

/** A call the path loses: a 500, which the API client does not retry (its GETs' 503s it does). */
const OPEN_BANKING_LOST: Record<string, { path: string; method: 'GET' | 'POST' }> = {
  'list: lost': { path: '/psd2/list-institutions', method: 'GET' },
  'select: lost': { path: '/psd2/select-institution', method: 'POST' },
  'consent URL: lost': { path: '/application/consent-url', method: 'POST' },
};

/** The button of the PSD2 simulator's SCA page that ends a consent as the path's condition names it. */
const BANK_ANSWERS: Record<Exclude<ConsentEnding, 'PENDING'>, string> = { APPROVED: 'Approve', REFUSED: 'Refuse', CANCELLED: 'Cancel and return', TIMED_OUT: 'Approve' };

async function replayOpenBanking(page: Page, path: MachinePath, locale: TestLocale): Promise<void> {
  await page.goto(`/?lang=${locale}`);
  await sandbox.setDecision(page, 'POSITIVE');
  const { externalId } = await sandbox.seedApplication(page, { taskDefinitionKey: path.taskKey, previousTasks: ['checkAnswers'], productName: path.productName, languageCode: LANGUAGE_CODES[locale] });
  const stepUrl = `/?externalId=${externalId}&lang=${locale}`;
  const banks = page.getByRole('list', { name: t(locale, 'Banks'), exact: true }).getByRole('button');
  const lose = async (step: MachineStep | undefined) => {
    const lost = step ? OPEN_BANKING_LOST[step.label] : undefined;
    if (lost) await sandbox.failNext(page, { ...lost, status: 500 });
  };
  const ending = path.condition?.startsWith('back=') ? (path.condition.slice('back='.length) as ConsentEnding) : undefined;
  if (ending) {
    // The path starts back from the bank: a consent asked for, and ended there as the condition says.
    await page.goto(stepUrl);
    await banks.first().click();
    await expect(page, `path ${path.id}: at the bank's page`).toHaveURL(/\/psd2\/sca\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    if (ending === 'PENDING') {
      await lose(path.steps[0]);
    } else {
      if (ending === 'TIMED_OUT') {
        // The simulated bank's own control (its page's origin): the open request has been idle six minutes.
        const aged = await page.evaluate(async () => (await fetch('/psd2/control/elapse', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ minutes: 6 }) })).status);
        expect(aged, `path ${path.id}: the bank's clock moved on`).toBe(200);
      }
      await lose(path.steps[0]);
      await page.getByRole('button', { name: BANK_ANSWERS[ending], exact: true }).click();
    }
  } else await lose(path.steps[0]);
  // Back at the step (a consent left open: the person comes back by the address).
  if (!ending || ending === 'PENDING') await page.goto(stepUrl);
  for (const [index, step] of path.steps.entries()) {
    const where = `path ${path.id}, step ${index + 1} (${step.label})`;
    if (OPEN_BANKING_PERSON.has(step.label)) {
      await test.step(step.label, async () => {
        await lose(path.steps[index + 1]);
        if (step.label === 'choose bank') await banks.first().click();
        else if (step.label === 'return to bank') await page.getByRole('button', { name: t(locale, 'Return to your bank'), exact: true }).click();
        else if (step.label === 'continue') await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
        else if (step.label === 'upload manually') await page.getByRole('button', { name: t(locale, 'Upload statements yourself instead'), exact: true }).click();
        // The application's error page (section 8's handler) shows the step afresh.
        else await page.getByRole('button', { name: t(locale, 'Try again'), exact: true }).click();
      });
    }
    const next = path.steps[index + 1];
    if (!next || OPEN_BANKING_PERSON.has(next.label)) await expectState(page, openBankingState(page, locale, path, step), where, `${step.state}${step.screen ? ` (${step.screen})` : ''}`);
  }
}

/** The language the machines' paths are replayed in: the domain's own. */
const LOCALES: Record<string, TestLocale> = { 'retail-banking-ee': 'et', 'retail-banking-lv': 'lv', 'retail-banking-lt': 'lt', 'corporate-banking': 'en' };

/** Replays one machine path; a machine without a replay fails its path by name (never a skip). */
export async function replayMachinePath(page: Page, path: MachinePath): Promise<void> {
  test.info().annotations.push({ type: 'path', description: machinePathLine(path) });
  const locale = LOCALES[path.domain] ?? 'en';
  if (path.machine === 'smartId') return replaySigning(page, path, locale);
  if (path.machine === 'remoteIdentification') return replayIdentification(page, path, locale);
  if (path.machine === 'openBanking') return replayOpenBanking(page, path, locale);
  if (path.machine === 'uploads') return replayUploads(page, path, locale);
  if (path.machine === 'crossSellModal') return replayCrossSell(page, path, locale);
  if (path.machine === 'esign') return replayEsign(page, path, locale);
  if (path.machine === 'paymentSigning') return replayPayment(page, path, locale);
  throw new MachinePathFailure(`path ${path.id}: no browser replay for the machine ${path.machine} yet (e2e/paths/machine-replay.ts)`);
}
