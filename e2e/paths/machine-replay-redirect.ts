import type { Locator, Page } from '@playwright/test';
import { expect, sandbox, test } from '../support/domain-server';
import { CLIENT_GET_ATTEMPTS, type MachinePath, type MachineStep } from '../../tests/paths/machine-paths';
import { ESIGN_ENDINGS, PAYMENT_BANK, type EsignEnding, type PaymentEnding } from '../../tests/paths/machine-paths-redirect';
import { t, type TestLocale } from '../support/i18n';
import { contractSignedHeading } from '../support/steps/view-contract-signed';
import { seedAtContractSigning } from '../support/steps/view-contract-conditions';

/**
 * Issue 27, item 1 (docs/decisions/222): the replays of the redirect signings' paths, eParaksts and
 * the bank payment, in Chromium against the reference API and its eParaksts and bank simulators (no
 * mocked network). The application is seeded at ViewContractConditions with the method chosen; a
 * path that starts back from the party (`[back=...]`) first walks that visit on the simulator's page,
 * answering there as the condition says; each lost call of the path is the sandbox's fail-next set
 * just before the calls it fails; at every state that waits for the person, and at the end, the
 * screen must show that state. Called by machine-replay.ts' `replayMachinePath`.
 */

/** A failure of a path, worded for QA: which path, at which step, what was expected. */
class RedirectPathFailure extends Error {
  override readonly name = 'MachinePathFailure';
}

/** Shows the state or fails the path naming it, and what the page shows instead. */
async function expectState(page: Page, target: Locator, where: string, state: string): Promise<void> {
  try {
    // A party's page, or the contract's first read after it, takes a moment on a busy machine.
    await expect(target, `${where}: expected the state ${state} to be shown`).toBeVisible({ timeout: 30_000 });
  } catch (error) {
    const shown = await page.getByRole('heading', { level: 1 }).first().innerText().catch(() => '(no heading)');
    throw new RedirectPathFailure(`${where}: expected ${state} to be shown, the page shows "${shown.trim()}" at ${page.url()}\n${String(error)}`);
  }
}

/**
 * A tab of the same browser on the app's origin, for the sandbox's controls while the path's own
 * page is at a party's page (another origin: a control is a same-origin call of the page, sandbox.ts).
 * It opens the API's runtime configuration, so no app runs there beside the path's.
 */
async function controlTab(page: Page): Promise<Page> {
  const control = await page.context().newPage();
  await control.goto('/api/v1/runtime-config');
  return control;
}

/** The steps from `index` up to the next of the person's actions (what the parties answer meanwhile). */
function roundFrom(steps: readonly MachineStep[], index: number, person: ReadonlySet<string>): MachineStep[] {
  const round: MachineStep[] = [];
  for (let next = index; next < steps.length && !person.has(steps[next]!.label); next += 1) round.push(steps[next]!);
  return round;
}

// ---------------------------------------------------------------------------------------------
// eParaksts
// ---------------------------------------------------------------------------------------------

/** The simulator's pages (in English, like the party's own). */
const ESIGN_PAGES = { authenticate: 'eParaksts: confirm your identity', sign: 'eParaksts: sign a document' } as const;
const ESIGN_PERSON = new Set(['try again']);
const ESIGN_MESSAGES: Record<string, string> = {
  authenticationFailed: 'We could not confirm your identity with eParaksts. Please try again.',
  signingFailed: 'The contract was not signed. Please try again.',
  certificateInactive: 'Your eParaksts signing certificate is not active. Please activate it, or choose another way to sign.',
};

function esignState(page: Page, locale: TestLocale, path: MachinePath, index: number): Locator {
  const step: { state: string; screen?: string } = path.steps[index] ?? { state: path.initial };
  switch (step.state) {
    case 'disabled':
      return page.getByText(t(locale, 'Contracts cannot be signed online at this time of day. Please come back later, or choose another way to sign.'));
    case 'statusFailed':
      return page.getByText(t(locale, 'We could not check your signing just now. Please try again.'));
    case 'failed': {
      const message = step.screen ? ESIGN_MESSAGES[step.screen] : undefined;
      if (!message) throw new RedirectPathFailure(`path ${path.id}: no message is known for the failure ${step.screen ?? '(none)'} (e2e/paths/machine-replay-redirect.ts)`);
      return page.getByText(t(locale, message));
    }
    case 'redirecting': {
      // The page of the call that sent the browser there (the step that leads to this state).
      const call = path.steps[index]?.label.startsWith('sign') ? 'sign' : 'authenticate';
      return page.getByRole('heading', { level: 1, name: ESIGN_PAGES[call], exact: true });
    }
    case 'signed':
      return contractSignedHeading(page, locale);
    default:
      throw new RedirectPathFailure(`path ${path.id}: no screen is known for the state ${step.state} (e2e/paths/machine-replay-redirect.ts)`);
  }
}

/** The calls a round of the path loses, set on the sandbox before they are made (a GET outlasts the client's retries). */
async function esignLosses(control: Page, round: readonly MachineStep[]): Promise<void> {
  for (const step of round) {
    if (step.label === 'status: lost') for (let attempt = 0; attempt < CLIENT_GET_ATTEMPTS; attempt += 1) await sandbox.failNext(control, { path: '/eparaksts/status', method: 'GET', status: 503 });
    if (step.label === 'authenticate: lost') await sandbox.failNext(control, { path: '/eparaksts/authenticate', method: 'POST', status: 503 });
    if (step.label === 'sign: lost') await sandbox.failNext(control, { path: '/eparaksts/sign', method: 'POST', status: 503 });
  }
}

export async function replayEsign(page: Page, path: MachinePath, locale: TestLocale): Promise<void> {
  const externalId = await seedAtContractSigning(page, locale, path.variant);
  const appUrl = `/?externalId=${externalId}&lang=${locale}`;
  const ending = path.condition?.startsWith('back=') ? (path.condition.slice('back='.length) as EsignEnding) : undefined;
  if (path.condition?.startsWith('disabled=')) await sandbox.setSmartId(page, { disabledReason: path.condition.slice('disabled='.length) });
  const control = await controlTab(page);
  const providerContinue = page.getByRole('button', { name: 'Continue', exact: true });
  if (ending) {
    // The visit the path starts back from: eParaksts' pages open with the condition's answers chosen.
    const setting = ESIGN_ENDINGS[ending];
    await sandbox.setEsignature(page, { authentication: setting.authentication, signing: 'signing' in setting ? setting.signing : 'SUCCESS', signingErrorCode: 'errorCode' in setting && setting.errorCode === 'ESIGN_CERTIFICATE_INACTIVE' ? setting.errorCode : null });
    await page.goto(appUrl);
    await expectState(page, page.getByRole('heading', { level: 1, name: ESIGN_PAGES.authenticate, exact: true }), `path ${path.id}, the visit before`, 'at eParaksts');
    if (ending.startsWith('SIGNING_')) {
      await providerContinue.click();
      await expectState(page, page.getByRole('heading', { level: 1, name: ESIGN_PAGES.sign, exact: true }), `path ${path.id}, the visit before`, 'at eParaksts, signing');
    }
    await esignLosses(control, roundFrom(path.steps, 0, ESIGN_PERSON));
    // Back to the app by the party's answer.
    await providerContinue.click();
  } else {
    await esignLosses(control, roundFrom(path.steps, 0, ESIGN_PERSON));
    await page.goto(appUrl);
  }
  if (path.steps.length === 0) await expectState(page, esignState(page, locale, path, -1), `path ${path.id}, at the start`, path.initial);
  for (const [index, step] of path.steps.entries()) {
    const where = `path ${path.id}, step ${index + 1} (${step.label})`;
    if (ESIGN_PERSON.has(step.label)) {
      await test.step(step.label, async () => {
        await esignLosses(control, roundFrom(path.steps, index + 1, ESIGN_PERSON));
        await page.getByRole('button', { name: t(locale, 'Try again'), exact: true }).click();
      });
    }
    const next = path.steps[index + 1];
    if (!next || ESIGN_PERSON.has(next.label)) await expectState(page, esignState(page, locale, path, index), where, `${step.state}${step.screen ? ` (${step.screen})` : ''}`);
  }
  await control.close();
}

// ---------------------------------------------------------------------------------------------
// Signing by a bank payment
// ---------------------------------------------------------------------------------------------

const PAYMENT_PERSON = new Set(['choose bank', 'pay', 'try again']);
/** The simulated bank's answers, by the status the payment's poll then answers. */
const BANK_ANSWERS: Record<Exclude<PaymentEnding, 'RUNNING'>, { label: string; outcome: string }> = {
  COMPLETED_OK: { label: 'Confirm the payment', outcome: 'approve' },
  COMPLETED_FAILURE: { label: 'The bank declines the payment (status RJCT)', outcome: 'decline' },
  USER_CANCELLED: { label: 'Cancel and go back', outcome: 'cancel' },
  PROVIDER_ERROR: { label: 'The bank fails (server_error)', outcome: 'error' },
};
const BANK_PAGE = `${PAYMENT_BANK.name} (${PAYMENT_BANK.bic}): confirm a payment`;
const CHECK_PATH = '/check/payment-signing-enabled';
const STATUS_PATH = '/signing/status';

function paymentState(page: Page, locale: TestLocale, path: MachinePath, step: { state: string; screen?: string }): Locator {
  const text = (message: string) => page.getByText(t(locale, message));
  switch (step.state) {
    case 'disabled':
      return text('Signing with a payment is not available for this application just now. Please choose another way to sign.');
    case 'choosingBank':
      return step.screen === 'paymentFailed' ? text('The payment did not go through, so the contract is not signed. Please try again.') : page.getByRole('button', { name: t(locale, 'Pay and sign'), exact: true });
    case 'redirecting':
      return page.getByRole('heading', { level: 1, name: BANK_PAGE, exact: true });
    case 'checkingStatus.waiting':
      return text('Checking your payment…');
    case 'statusFailed':
      return text('We could not check your payment just now. Please try again.');
    case 'signed':
      return contractSignedHeading(page, locale);
    default:
      throw new RedirectPathFailure(`path ${path.id}: no screen is known for the state ${step.state} (e2e/paths/machine-replay-redirect.ts)`);
  }
}

/**
 * The person answers at the bank in another tab while this one polls (a RUNNING payment): the bank's
 * own form, posted as that tab would, and its callback to the API, which records the answer. The
 * callback's redirect to the app is not followed (a second app would go on with the application).
 */
async function answerAtBank(page: Page, bankUrl: string, ending: Exclude<PaymentEnding, 'RUNNING'>, where: string): Promise<void> {
  const answered = await page.request.post(bankUrl, { form: { outcome: BANK_ANSWERS[ending].outcome }, maxRedirects: 0 });
  const callback = answered.headers()['location'];
  if (answered.status() !== 303 || !callback) throw new RedirectPathFailure(`${where}: the bank's page answered ${answered.status()}, not the way back to the API`);
  const recorded = await page.request.get(callback, { maxRedirects: 0 });
  if (recorded.status() !== 303 && recorded.status() !== 302) throw new RedirectPathFailure(`${where}: the API's callback answered ${recorded.status()}`);
}

export async function replayPayment(page: Page, path: MachinePath, locale: TestLocale): Promise<void> {
  const externalId = await seedAtContractSigning(page, locale, path.variant);
  const appUrl = `/?externalId=${externalId}&lang=${locale}`;
  const ending = path.condition?.startsWith('back=') ? (path.condition.slice('back='.length) as PaymentEnding) : undefined;
  const labels = path.steps.map((step) => step.label);
  const control = await controlTab(page);
  const bank = page.getByRole('radio', { name: new RegExp(PAYMENT_BANK.name) });
  const pay = page.getByRole('button', { name: t(locale, 'Pay and sign'), exact: true });
  let bankUrl = '';
  // The restriction check answers restricted, or is lost (a GET: every attempt of the client's).
  if (labels.includes('check: restricted')) await sandbox.setPayment(control, { restricted: true });
  if (labels.includes('check: lost')) for (let attempt = 0; attempt < CLIENT_GET_ATTEMPTS; attempt += 1) await sandbox.failNext(control, { path: CHECK_PATH, method: 'GET', status: 503 });
  if (ending) {
    // The visit the path starts back from: the bank's page opens with the condition's answer chosen.
    if (ending !== 'RUNNING') await sandbox.setPayment(control, { result: ending });
    await page.goto(appUrl);
    await bank.check({ timeout: 30_000 });
    await pay.click();
    await expectState(page, page.getByRole('heading', { level: 1, name: BANK_PAGE, exact: true }), `path ${path.id}, the visit before`, 'at the bank');
    bankUrl = page.url();
    const lostPoll = path.steps.find((step) => step.label === 'poll: lost' || step.label === 'poll: RUNNING')?.label === 'poll: lost';
    // The payment's status is read twice on the way back: the step asks whether a payment was started,
    // then the payment's machine polls. A lost poll is the second: the restriction check between them
    // waits a moment (the sandbox's delay-next), time to lose the call after the first read.
    const firstRead = lostPoll ? page.waitForResponse((response) => response.url().includes(STATUS_PATH)) : undefined;
    if (lostPoll) await sandbox.delayNext(control, { path: CHECK_PATH, method: 'GET', ms: 5_000 });
    if (ending === 'RUNNING') await page.goto(appUrl);
    else await page.getByRole('button', { name: 'Continue', exact: true }).click();
    if (lostPoll) {
      await firstRead;
      await sandbox.failNext(control, { path: STATUS_PATH, method: 'POST', status: 503 });
    }
  } else await page.goto(appUrl);
  for (const [index, step] of path.steps.entries()) {
    const where = `path ${path.id}, step ${index + 1} (${step.label})`;
    if (PAYMENT_PERSON.has(step.label)) {
      await test.step(step.label, async () => {
        if (step.label === 'choose bank') await bank.check();
        else if (step.label === 'pay') {
          if (path.steps[index + 1]?.label === 'start: lost') await sandbox.failNext(control, { path: `/application/${externalId}/signing`, method: 'POST', status: 503 });
          await pay.click();
        } else await page.getByRole('button', { name: t(locale, 'Try again'), exact: true }).click();
      });
    }
    // A RUNNING payment answered at the bank meanwhile: the next poll reads it.
    const answer = path.steps.slice(index + 1).find((later) => later.label !== '');
    if (step.label === 'poll: RUNNING' && answer?.label.startsWith('poll: ')) {
      await expectState(page, paymentState(page, locale, path, { state: 'checkingStatus.waiting' }), where, 'checkingStatus.waiting');
      await answerAtBank(page, bankUrl, answer.answer as Exclude<PaymentEnding, 'RUNNING'>, where);
    }
    const next = path.steps[index + 1];
    if (!next || PAYMENT_PERSON.has(next.label)) await expectState(page, paymentState(page, locale, path, step), where, `${step.state}${step.screen ? ` (${step.screen})` : ''}`);
  }
  await control.close();
}
