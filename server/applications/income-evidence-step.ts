/**
 * The bank statement steps on the server (docs/decisions/152-income-evidence.md, section 4): what the
 * bank checks when ProvideBasViaOpenBanking or UploadBankAccountStatementDocuments is sent, whatever
 * the client did, and Latvia's reset of the statements on every other step update.
 */
import * as v from 'valibot';
import { ProvideBasVariablesSchema } from '../../core/wire/open-banking.schema';
import { OPEN_BANKING_REQUIRED_DOCUMENT } from '../../core/domain/income-evidence';
import { MESSAGES } from '../../core/validation/messages';
import type { Transaction } from '../db/database';
import { ApiError } from '../http/api-error';
import type { AppDeps } from '../http/app-env';
import { enrolledInstitutions, resetBankStatements } from '../psd2/psd2.service';
import type { StoredApplicationData } from './application-data';
import type { ApplicationRow } from './application-repository';

export const MANUAL_UPLOAD_FLAG = 'manualBankStatementUpload';

interface EvidenceInput {
  application: ApplicationRow;
  role: 'APPLICANT' | 'COBORROWER';
  taskKey: string;
  variables: Readonly<Record<string, unknown>>;
  data: StoredApplicationData;
  now: Date;
}

function refused(path: string, message: string, text: string): ApiError {
  return new ApiError('VALIDATION_FAILED', text, { fieldErrors: { [path]: [message] } });
}

/** Statements given again after a reset: the application no longer waits for them (section 3). */
function resubmitted(data: StoredApplicationData): StoredApplicationData {
  return data['shouldResubmitBankAccountStatements'] === true ? { ...data, shouldResubmitBankAccountStatements: false } : data;
}

/** Section 3's `requiredDocuments`, with this person's entry set (one per role). */
function withRequiredDocument(data: StoredApplicationData, role: string): StoredApplicationData {
  const existing = Array.isArray(data['requiredDocuments']) ? (data['requiredDocuments'] as Record<string, unknown>[]) : [];
  return { ...data, requiredDocuments: [...existing.filter((entry) => entry['role'] !== role), { ...OPEN_BANKING_REQUIRED_DOCUMENT, role }] };
}

export async function incomeEvidenceStep(
  deps: AppDeps,
  tx: Transaction,
  input: EvidenceInput,
): Promise<{ data: StoredApplicationData; uploadBasManually: boolean }> {
  const { application, role, taskKey } = input;
  if (taskKey === 'provideBasViaOpenBanking') {
    const parsed = v.safeParse(ProvideBasVariablesSchema, input.variables);
    if (!parsed.success) throw refused('variables.uploadBasManually', MESSAGES.choiceInvalid, 'The choice is invalid.');
    if (parsed.output.uploadBasManually) {
      // Section 6: the manual upload only where the bank has turned it on.
      if (!deps.config.featureFlags.has(MANUAL_UPLOAD_FLAG)) throw refused('variables.uploadBasManually', MESSAGES.choiceInvalid, 'Manual upload is not offered.');
      return { data: input.data, uploadBasManually: true };
    }
    // Going on with the enrolled banks needs one: the statements come from them (EBAS).
    const enrolled = await enrolledInstitutions(tx, application.id, role);
    if (enrolled.length === 0) throw refused('institutions', MESSAGES.required, 'No bank has shared statements yet.');
    return { data: resubmitted(withRequiredDocument(input.data, role)), uploadBasManually: false };
  }
  // The service refused it already without a bank statement (decision 150's check of every upload step).
  if (taskKey === 'uploadBankAccountStatementDocuments') return { data: resubmitted(input.data), uploadBasManually: false };
  // Section 4: in Latvia each step update resets the bank statements; they are given again.
  if (application.business_domain === 'retail-banking-lv' && (await resetBankStatements(tx, application.id, role, input.now))) {
    return { data: { ...input.data, shouldResubmitBankAccountStatements: true }, uploadBasManually: false };
  }
  return { data: input.data, uploadBasManually: false };
}
