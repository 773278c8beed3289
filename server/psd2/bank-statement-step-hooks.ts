/**
 * The bank statement steps on the server (docs/decisions/152-income-evidence.md, section 4): what the
 * bank checks when ProvideBasViaOpenBanking or UploadBankAccountStatementDocuments is sent, whatever
 * the client did, and Latvia's reset of the statements on every other step update.
 */
import * as v from 'valibot';
import { ProvideBasVariablesSchema } from '../../core/wire/open-banking.schema';
import { OPEN_BANKING_REQUIRED_DOCUMENT, statementsResetOnUpdateIn } from '../../core/domain/income-evidence';
import type { StepRole } from '../../core/domain/persons';
import { MESSAGES } from '../../core/validation/messages';
import type { StoredApplicationData } from '../applications/application-data';
import type { ApplicationRow } from '../applications/application-repository';
import type { Transaction } from '../db/database';
import { ApiError } from '../http/api-error';
import type { AppDeps } from '../http/app-env';
import type { StepHooks } from '../steps/step-hook';
import { enrolledInstitutions, resetBankStatements } from './psd2.service';
import { withAnalysisRequested } from '../checks/statement-analysis';

export const MANUAL_UPLOAD_FLAG = 'manualBankStatementUpload';

function refused(path: string, message: string, text: string): ApiError {
  return new ApiError('VALIDATION_FAILED', text, { fieldErrors: { [path]: [message] } });
}

export function manualUploadOffered(deps: Pick<AppDeps, 'flags' | 'providers'>): boolean {
  return deps.flags.isEnabled(MANUAL_UPLOAD_FLAG) || deps.providers.psd2 === null;
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

/** ProvideBasViaOpenBanking: the statements from the enrolled banks, or the manual upload where the bank turned it on. */
export const OPEN_BANKING_STATEMENTS: StepHooks = {
  givesBankStatements: true,
  afterApply: async ({ deps, tx, application, role, variables, data, now }) => {
    const parsed = v.safeParse(ProvideBasVariablesSchema, variables);
    if (!parsed.success) throw refused('variables.uploadBasManually', MESSAGES.choiceInvalid, 'The choice is invalid.');
    if (parsed.output.uploadBasManually) {
      // Section 6: the manual upload only where the bank has turned it on, or where open banking is
      // not offered at all (production without an aggregator, decision 170): the only way left.
      if (!manualUploadOffered(deps)) throw refused('variables.uploadBasManually', MESSAGES.choiceInvalid, 'Manual upload is not offered.');
      return { data, facts: { uploadBasManually: true } };
    }
    // Going on with the enrolled banks needs one: the statements come from them (EBAS).
    const enrolled = await enrolledInstitutions(tx, application.id, role);
    if (enrolled.length === 0) throw refused('institutions', MESSAGES.required, 'No bank has shared statements yet.');
    // Decision 172: the bank analyses the shared statements before it decides.
    return { data: withAnalysisRequested(resubmitted(withRequiredDocument(data, role)), now) };
  },
};

/** UploadBankAccountStatementDocuments: the upload step's own check refused it already without a statement (decision 150). */
export const UPLOADED_STATEMENTS: StepHooks = {
  givesBankStatements: true,
  afterApply: ({ data }) => ({ data: resubmitted(data) }),
};

/** Section 4: in Latvia each update of a step that gives no statements resets them; they are given again. */
export async function statementsResetOnUpdate(tx: Transaction, application: ApplicationRow, role: StepRole, data: StoredApplicationData, now: Date): Promise<StoredApplicationData> {
  if (statementsResetOnUpdateIn(application.business_domain) && (await resetBankStatements(tx, application.id, role, now))) {
    return { ...data, shouldResubmitBankAccountStatements: true };
  }
  return data;
}
