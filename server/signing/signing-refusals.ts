/**
 * When the bank stops signing a contract online (docs/decisions/175-closing-pages-live.md): the
 * signing provider's answers say it will not be signed by the applicant, so the process leaves
 * ViewContractConditions for the signing negative page (ShowContractSigningNegativePage) by itself,
 * as the statement upload's limit does (decision 133), and the app loads that page.
 *
 * Refused for good, while no contract of the application is signed yet:
 * - **another person**: the signature or authentication came from someone other than the applicant
 *   (Smart-ID's certificate names another person: NAMES_DONT_MATCH; eParaksts names another person);
 * - **too many failed attempts**: SIGNING_ATTEMPTS_LIMIT attempts across every method that failed on
 *   the person's side (a wrong verification code, a time-out, a refusal or cancellation on the phone,
 *   no account, a certificate that cannot sign, a declined payment, a refused eParaksts page).
 *   Failures of the providers themselves (errors, misconfiguration, an unknown answer) do not count:
 *   they are the bank's to fix, not a sign that the signer is not the applicant.
 * Anything less keeps decision 140's next action: try again, or choose another way to sign.
 */
import type { ApplicationRow } from '../applications/application-repository';
import { listPersons } from '../applications/person-repository';
import { findApplicationById, saveSubmittedStep } from '../applications/application-repository';
import type { Queryable } from '../db/database';
import type { AppDeps } from '../http/app-env';
import { factsOf } from '../process/application-facts';
import { advanceProcess, readProcess } from '../process/process-runner';
import { ESIGN_PROVIDER_FAILED } from '../providers/eparaksts/eparaksts.adapter';
import { signedContractsOf, type SigningTransactionRow } from './signing-repository';

/** The signing step, and the page the process goes on to when the signing is refused for good. */
export const SIGNING_TASK = 'viewContractConditions';
export const SIGNING_REFUSED_TASK = 'showContractSigningNegativePage';

/** The failed attempts (across methods) after which the bank stops signing online. */
export const SIGNING_ATTEMPTS_LIMIT = 5;

/** eParaksts' errorCode of an attempt made by another person than the applicant (decision 168's check). */
export const ESIGN_SIGNER_NOT_APPLICANT = 'ESIGN_SIGNER_NOT_APPLICANT';

/** The polling and payment results that failed on the signer's side (decision 140's retry and another-method ones). */
const SIGNER_SIDE_FAILURES: ReadonlySet<string> = new Set([
  'WRONG_VC',
  'TIMEOUT',
  'USER_CANCELLED',
  'NOT_CLIENT',
  'INVALID_CERTIFICATE_LEVEL',
  'NAMES_DONT_MATCH',
  'COMPLETED_FAILURE',
]);

export type SigningRefusal = 'ANOTHER_PERSON' | 'TOO_MANY_ATTEMPTS';

type Attempt = Pick<SigningTransactionRow, 'provider' | 'status' | 'error_code'>;

function byAnotherPerson(attempt: Attempt): boolean {
  return attempt.provider === 'esignature' ? attempt.error_code === ESIGN_SIGNER_NOT_APPLICANT : attempt.status === 'NAMES_DONT_MATCH';
}

function failedOnTheSignersSide(attempt: Attempt): boolean {
  if (attempt.provider === 'esignature') return attempt.status === 'FAILED' && attempt.error_code !== ESIGN_PROVIDER_FAILED;
  return SIGNER_SIDE_FAILURES.has(attempt.status);
}

/** Whether these answered attempts refuse the signing for good, and why. */
export function signingRefusalOf(attempts: readonly Attempt[]): SigningRefusal | null {
  if (attempts.some(byAnotherPerson)) return 'ANOTHER_PERSON';
  return attempts.filter(failedOnTheSignersSide).length >= SIGNING_ATTEMPTS_LIMIT ? 'TOO_MANY_ATTEMPTS' : null;
}

async function answeredAttempts(db: Queryable, applicationId: string): Promise<Attempt[]> {
  return db.query<Attempt>(`select provider, status, error_code from signing_transactions where application_id = $1 and status <> 'PENDING' order by seq`, [applicationId]);
}

/**
 * After a failed signing attempt was recorded (in the same transaction): when the application is at
 * its signing step with nothing signed and the attempts refuse it for good, the process goes on to
 * the signing negative page, and the reason stays with the application for the bank's staff.
 * Answers whether it did.
 */
export async function endSigningWhenRefused(deps: AppDeps, db: Queryable, applicationId: string): Promise<boolean> {
  const application = await findApplicationById(db, applicationId, { lock: true });
  if (!application || application.process_done || application.task_key !== SIGNING_TASK) return false;
  // A contract signed already (cross-sell: the loan before the card) is made: it is not undone here.
  if ((await signedContractsOf(db, application.id)).length > 0) return false;
  const refusal = signingRefusalOf(await answeredAttempts(db, application.id));
  if (!refusal) return false;
  const now = deps.clock();
  const facts = { ...factsOf({ productName: application.product_name, persons: await listPersons(db, application.id) }, deps.flags.enabled()), signingRefused: true };
  const next = advanceProcess(readProcess(application.process_state).state, SIGNING_TASK, facts, application.step_count);
  const data = { ...(application.data as Record<string, unknown>), signingRefusal: { reason: refusal, dateTime: now.toISOString() } };
  await saveSubmittedStep(db, application.id, {
    data,
    productName: application.product_name,
    processState: next.state,
    taskKey: next.taskKey,
    processDone: next.done,
    now,
  });
  return true;
}

/** Whether the application rests at the signing negative page (the status calls tell the app). */
export function signingEndedFor(application: Pick<ApplicationRow, 'task_key'>): boolean {
  return application.task_key === SIGNING_REFUSED_TASK;
}
