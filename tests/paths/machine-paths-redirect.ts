/**
 * Issue 27, item 1 (docs/decisions/222): the models of the two redirect signings, eParaksts
 * (machines/signing/eparaksts.machine.ts) and signing by a bank payment
 * (machines/signing/payment-signing.machine.ts), for machine-paths.ts' catalogue. Both send the
 * browser to the party's page and forget: how the visit there ended reaches a machine only when the
 * browser is back and a new machine reads the status. As decision 219 does for open banking, how the
 * last visit ended is the path's condition (`[back=AUTHENTICATION_FAILED]`, `[back=COMPLETED_FAILURE]`),
 * the replay walks that visit on the simulator's page before the path starts, and the path is the
 * new machine's, from its first read. The answers are the simulators' (their pages' buttons) and the
 * reference API's (a call lost, a restriction). Pure: vitest, playwright and the command import it.
 */
import type { Snapshot } from 'xstate';
import { esignMachine, type EsignSnapshot } from '../../machines/signing/eparaksts.machine';
import { esignMessage } from '../../machines/signing/eparaksts.view';
import { paymentSigningMachine, type PaymentSigningSnapshot } from '../../machines/signing/payment-signing.machine';
import { BANK_PAYMENT_RESULTS } from '../../server/signing/sandbox-signing-settings';
import type { MachineModel, ModelEvent } from './machine-paths';

/** A lost call as the reference API answers it (a 503 the sandbox's fail-next gives). */
const lostCall = { kind: 'server', status: 503, code: 'PROVIDER_UNAVAILABLE', message: 'The server had a problem.' };

// ---------------------------------------------------------------------------------------------
// eParaksts (Latvia)
// ---------------------------------------------------------------------------------------------

/**
 * How the last visit at eParaksts ended, as the status the next read answers (section 4's statuses,
 * server/signing/signing.service.ts `esignStatus`), each with the simulator's answers that give it:
 * the authentication page's Confirm or Refuse, then the signing page's Sign, Refuse, or "certificate
 * not active" (the failed signing's errorCode).
 */
export const ESIGN_ENDINGS = {
  AUTHENTICATION_SUCCESS: { authentication: 'SUCCESS' },
  AUTHENTICATION_FAILED: { authentication: 'FAILED' },
  SIGNING_SUCCESS: { authentication: 'SUCCESS', signing: 'SUCCESS' },
  SIGNING_FAILED: { authentication: 'SUCCESS', signing: 'FAILED', errorCode: 'ESIGN_SIGNING_REFUSED' },
  'SIGNING_FAILED:ESIGN_CERTIFICATE_INACTIVE': { authentication: 'SUCCESS', signing: 'FAILED', errorCode: 'ESIGN_CERTIFICATE_INACTIVE' },
} as const;
export type EsignEnding = keyof typeof ESIGN_ENDINGS;

const ESIGN_CONTRACT = 'contract';
const esignDone = (state: string) => `xstate.done.actor.0.esign.${state}`;
const esignError = (state: string) => `xstate.error.actor.0.esign.${state}`;

function esignStatusRead(condition: string | undefined) {
  const ending = condition?.startsWith('back=') ? (condition.slice('back='.length) as EsignEnding) : null;
  const status = ending ? ending.split(':')[0]! : 'NOT_STARTED';
  const errorCode = ending && 'errorCode' in ESIGN_ENDINGS[ending] ? (ESIGN_ENDINGS[ending] as { errorCode: string }).errorCode : null;
  return { status, errorCode, signedFileServiceIds: ending === 'SIGNING_SUCCESS' ? [ESIGN_CONTRACT] : [] };
}

function esignEvents(snapshot: Snapshot<unknown>, condition?: string): ModelEvent[] {
  const state = snapshot as EsignSnapshot;
  const { context } = state;
  if (state.matches('loadingStatus')) {
    const read = esignStatusRead(condition);
    return [
      { type: esignDone('loadingStatus'), label: `status: ${read.status}`, output: read },
      // Bounded: the status lost only on the first read of the first visit (how a visit ended does not change how a lost read is handled).
      ...(condition === undefined && context.status === null && context.callError === null ? [{ type: esignError('loadingStatus'), label: 'status: lost', error: lostCall }] : []),
    ];
  }
  if (state.matches('statusFailed')) return [{ type: 'esign.statusReloaded', label: 'try again' }];
  if (state.matches('failed')) return [{ type: 'esign.retried', label: 'try again' }];
  if (state.matches('authenticating') || state.matches('signing')) {
    const call = state.matches('authenticating') ? 'authenticate' : 'sign';
    const at = call === 'authenticate' ? 'authenticating' : 'signing';
    return [
      { type: esignDone(at), label: `${call}: OK`, output: { redirectUrl: `http://eparaksts.invalid/${call}` } },
      // Bounded: one lost call a path.
      ...(context.callError === null && !context.authenticationError && !context.signingError ? [{ type: esignError(at), label: `${call}: lost`, error: lostCall }] : []),
    ];
  }
  // redirecting: the browser is at eParaksts' page; disabled, signed, ended: done.
  return [];
}

/** What the e-signature screen says in a state, where the state alone does not: which failure, which page of eParaksts. */
function esignScreen(snapshot: Snapshot<unknown>): string | undefined {
  const state = snapshot as EsignSnapshot;
  const { context } = state;
  if (state.matches('failed')) return esignMessage(context.authenticationError, context.signingError, context.errorCode)?.replace('signing.messages.', '') ?? 'unknown';
  return undefined;
}

function esignSerialize(snapshot: Snapshot<unknown>): string {
  const { context, value } = snapshot as EsignSnapshot;
  return JSON.stringify({ value, status: context.status, auth: context.authenticationError, sign: context.signingError, code: context.errorCode, error: context.callError !== null, url: context.redirectUrl });
}

export function esignModel(): MachineModel {
  const input = { externalId: 'path', languageCode: 'lv', signingMethod: 'EPARAKSTS', fileServiceIds: [ESIGN_CONTRACT] };
  return {
    machine: 'esign',
    variant: 'EPARAKSTS',
    domain: 'retail-banking-lv',
    productName: 'SMALL_LOAN',
    taskKey: 'viewContractConditions',
    // The method offered (section 6's flag), as e2e/signing-eparaksts.spec.ts.
    serverEnv: { FEATURE_FLAGS: 'eParakstsSigning' },
    logic: esignMachine,
    inputs: [
      { input },
      ...Object.keys(ESIGN_ENDINGS).map((ending) => ({ condition: `back=${ending}`, input })),
      { condition: 'disabled=RESTRICTED_HOURS', input: { ...input, disabledReason: 'RESTRICTED_HOURS' } },
    ],
    events: esignEvents,
    screen: esignScreen,
    serialize: esignSerialize,
    notReached: {
      ended:
        "eParaksts' simulator cannot name another person than the applicant (its page signs as the login hint), and the server ends the signing after five failed attempts, five visits at the provider a path does not make",
    },
    resting: ['disabled', 'statusFailed', 'failed', 'redirecting', 'signed', 'ended'],
    finals: ['redirecting', 'signed', 'ended'],
    retry: 'try again',
  };
}

// ---------------------------------------------------------------------------------------------
// Signing by a bank payment (Latvia)
// ---------------------------------------------------------------------------------------------

/**
 * How the last visit at the bank ended, as the status the payment's poll answers: the simulated
 * bank's four answers (Confirm, the bank declines, Cancel, the bank fails: BANK_PAYMENT_RESULTS of
 * server/signing/sandbox-signing-settings.ts), or RUNNING when the person came back by the address
 * without answering, and answered later in another tab.
 */
export const PAYMENT_ENDINGS = [...BANK_PAYMENT_RESULTS, 'RUNNING'] as const;
export type PaymentEnding = (typeof PAYMENT_ENDINGS)[number];
/** The bank the replay chooses (the machine takes any of section 3's four BICs). */
export const PAYMENT_BANK = { bic: 'UNLALV2X', name: 'SEB' } as const;

/** What the bank answers in the other tab after a RUNNING poll (the status loop; each of the four has its own condition too). */
const RUNNING_THEN = ['COMPLETED_OK', 'COMPLETED_FAILURE'] as const;

const paymentDone = (state: string) => `xstate.done.actor.0.paymentSigning.${state}`;
const paymentError = (state: string) => `xstate.error.actor.0.paymentSigning.${state}`;

function paymentEvents(snapshot: Snapshot<unknown>, condition?: string): ModelEvent[] {
  const state = snapshot as PaymentSigningSnapshot;
  const { context } = state;
  const ending = condition?.startsWith('back=') ? (condition.slice('back='.length) as PaymentEnding) : null;
  const polled = (status: string) => ({ method: 'PAYMENT', status, verificationCode: null });
  if (state.matches('checking')) {
    return [
      { type: paymentDone('checking'), label: 'check: enabled', output: { enabled: true } },
      // The restriction check only on the first visit (a restricted application never reaches the bank).
      ...(ending === null
        ? [
            { type: paymentDone('checking'), label: 'check: restricted', output: { enabled: false } },
            { type: paymentError('checking'), label: 'check: lost', error: lostCall },
          ]
        : []),
    ];
  }
  if (state.matches('choosingBank')) {
    const events: ModelEvent[] = [];
    if (context.selectedBankBic === null) events.push({ type: 'payment.bankSelected', label: 'choose bank', bic: PAYMENT_BANK.bic } as ModelEvent);
    if (state.can({ type: 'payment.started' })) events.push({ type: 'payment.started', label: 'pay' });
    return events;
  }
  if (state.matches('starting')) {
    return [
      { type: paymentDone('starting'), label: 'start: OK', output: { method: 'PAYMENT', status: 'RUNNING', verificationCode: null, redirectUrl: `http://bank.invalid/${PAYMENT_BANK.bic}/requests/path` } },
      // Bounded: the start lost once, on the first visit.
      ...(ending === null && !context.paymentError ? [{ type: paymentError('starting'), label: 'start: lost', error: lostCall }] : []),
    ];
  }
  if (state.matches({ checkingStatus: 'waiting' })) return [{ type: 'xstate.after.pollDelay.paymentSigning.checkingStatus.waiting', label: '' }];
  if (state.matches({ checkingStatus: 'fetching' }) && ending) {
    const first = context.attempt === 0;
    const events: ModelEvent[] = [];
    if (ending === 'RUNNING') {
      // The person came back without answering: the payment runs, until they answer at the bank (another tab).
      if (first) events.push({ type: paymentDone('checkingStatus.fetching'), label: 'poll: RUNNING', output: polled('RUNNING') });
      // Then confirmed or declined: the other answers have paths of their own ([back=USER_CANCELLED], [back=PROVIDER_ERROR]).
      else for (const result of RUNNING_THEN) events.push({ type: paymentDone('checkingStatus.fetching'), label: `poll: ${result}`, output: polled(result) });
    } else {
      events.push({ type: paymentDone('checkingStatus.fetching'), label: `poll: ${ending}`, output: polled(ending) });
      // Bounded: the first poll lost once (the status loop: the person tries again). Not after a confirmed
      // payment: the callback signed the contract, and the step shows it signed without asking (decision 222).
      if (first && context.callError === null && ending !== 'COMPLETED_OK') events.push({ type: paymentError('checkingStatus.fetching'), label: 'poll: lost', error: lostCall });
    }
    return events;
  }
  if (state.matches('statusFailed')) return [{ type: 'payment.statusReloaded', label: 'try again' }];
  return [];
}

/** What the payment screen says in a state, where the state alone does not: the failure above the banks. */
function paymentScreen(snapshot: Snapshot<unknown>): string | undefined {
  const state = snapshot as PaymentSigningSnapshot;
  if (state.matches('choosingBank')) return state.context.paymentError ? 'paymentFailed' : 'banks';
  if (state.matches('disabled')) return state.context.disabledReason ?? undefined;
  return undefined;
}

function paymentSerialize(snapshot: Snapshot<unknown>): string {
  const { context, value } = snapshot as PaymentSigningSnapshot;
  return JSON.stringify({
    value,
    result: context.result,
    first: context.attempt === 0,
    bank: context.selectedBankBic !== null,
    failed: context.paymentError,
    error: context.callError !== null,
    reason: context.disabledReason,
  });
}

export function paymentModel(): MachineModel {
  const input = { externalId: 'path', flagEnabled: true, sourceChannel: 'WEB' };
  return {
    machine: 'paymentSigning',
    variant: 'PAYMENT',
    domain: 'retail-banking-lv',
    productName: 'SMALL_LOAN',
    taskKey: 'viewContractConditions',
    // The method offered (section 6's flag), as e2e/signing-providers.spec.ts.
    serverEnv: { FEATURE_FLAGS: 'paymentSigning' },
    logic: paymentSigningMachine,
    inputs: [{ input }, ...PAYMENT_ENDINGS.map((ending) => ({ condition: `back=${ending}`, input: { ...input, returned: true } }))],
    events: paymentEvents,
    screen: paymentScreen,
    serialize: paymentSerialize,
    notReached: {
      ended:
        "no bank's answer names another person, and the server ends the signing after five failed attempts, five visits at the bank a path does not make",
    },
    resting: ['disabled', 'choosingBank', 'redirecting', 'checkingStatus.waiting', 'statusFailed', 'signed', 'ended'],
    // A bank chosen and not yet paid is halfway through the person's action: no path ends there.
    rests: (snapshot) => !((snapshot as PaymentSigningSnapshot).matches('choosingBank') && (snapshot as PaymentSigningSnapshot).context.selectedBankBic !== null),
    finals: ['redirecting', 'signed', 'ended'],
    retry: 'try again',
  };
}
