/**
 * The current account's contract (issue 12; section 2 `signCurrentAccountContract`, section 3
 * `contractsInfo`; docs/decisions/144-current-account-contract.md, 145-current-account-signing-methods.md).
 *
 * Drawn up once, when the account's application first rests at `signCurrentAccountContract` (the
 * submission that leads there, or the first read of its details for an application seeded there),
 * in the applicant's language, with the account's terms from the price list. Stored like the loan
 * contract (`contract_files`, `contractsInfo[]`), so the signing calls sign it and the download
 * endpoint serves it to the owner only. Signed only with the digital methods of decision 145.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { AccountContractDetails } from '../../core/wire/account-contract.schema';
import { providerAvailability } from '../providers/providers';
import { ACCOUNT_CONTRACT_TASK, CURRENT_ACCOUNT_PRODUCT, CURRENT_ACCOUNT_TERMS, accountSigningChoicesFor } from '../../core/domain/account-contract';
import { applicationReference } from '../../core/domain/application-reference';
import { isBusinessDomain } from '../../core/domain/business-domains';
import { isContractSigned } from '../../core/domain/contracts';
import { ESIGN_METHODS, type EsignMethod } from '../../core/domain/signing';
import { findOwnedApplication, type ApplicationRow } from '../applications/application-repository';
import { listPersons } from '../applications/person-repository';
import type { Queryable } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { sandboxSigningOf } from '../signing/sandbox-signing-settings';
import { latestSigningTransaction } from '../signing/signing-repository';
import { renderAccountContractPdf } from './account-contract-pdf';
import { insertContractFile, keepContractData } from './contract-file-repository';
import { countryOf, documentLocale, partyOf } from './contract.service';

const StoredAccountContractSchema = v.object({
  contractsInfo: v.pipe(
    v.array(
      v.object({
        productName: v.literal(CURRENT_ACCOUNT_PRODUCT),
        signing: v.object({ dateTime: v.nullish(v.string()), method: v.nullish(v.string()), fileServiceId: v.string() }),
      }),
    ),
    v.minLength(1),
  ),
  accountContract: v.object({ drawnUpOn: v.string(), accountHolder: v.string(), monthlyFee: v.number(), balanceInterestRate: v.number() }),
});
type StoredAccountContract = v.InferOutput<typeof StoredAccountContractSchema>;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function isAccountContractTask(application: ApplicationRow): boolean {
  return application.task_key === ACCOUNT_CONTRACT_TASK && application.product_name === CURRENT_ACCOUNT_PRODUCT;
}

/**
 * The account's contract, drawn up and stored when the application rests at `signCurrentAccountContract`
 * and has none yet. Caller holds the application's row lock. Undefined when there is none to have.
 */
export async function ensureAccountContract(deps: AppDeps, tx: Queryable, application: ApplicationRow): Promise<{ application: ApplicationRow; contract: StoredAccountContract } | undefined> {
  const existing = v.safeParse(StoredAccountContractSchema, application.data);
  if (existing.success) return { application, contract: existing.output };
  if (!isAccountContractTask(application)) return undefined;
  const now = deps.clock();
  const today = isoDay(now);
  const persons = await listPersons(tx, application.id);
  const locale = documentLocale(deps, persons);
  const holder = partyOf(persons.find((person) => person.role === 'APPLICANT')) ?? { name: '—', personalCode: null };
  const pdf = await renderAccountContractPdf({
    locale,
    country: countryOf(deps, application),
    reference: applicationReference(application.external_id),
    drawnUpOn: today,
    holder,
    currency: CURRENT_ACCOUNT_TERMS.currency,
    monthlyFee: CURRENT_ACCOUNT_TERMS.monthlyFee,
    balanceInterestRate: CURRENT_ACCOUNT_TERMS.balanceInterestRate,
    holderNoticeDays: CURRENT_ACCOUNT_TERMS.holderNoticeDays,
  });
  const fileServiceId = randomUUID();
  await insertContractFile(tx, { id: fileServiceId, applicationId: application.id, kind: 'CONTRACT', productName: CURRENT_ACCOUNT_PRODUCT, language: locale, content: pdf, now });
  const contract: StoredAccountContract = {
    contractsInfo: [{ productName: CURRENT_ACCOUNT_PRODUCT, signing: { dateTime: null, method: null, fileServiceId } }],
    accountContract: { drawnUpOn: today, accountHolder: holder.name, monthlyFee: CURRENT_ACCOUNT_TERMS.monthlyFee, balanceInterestRate: CURRENT_ACCOUNT_TERMS.balanceInterestRate },
  };
  const data = { ...(application.data as object), ...contract };
  // Like the loan contract: drawing it up changes nothing the applicant answered (no new version).
  await keepContractData(tx, application.id, data, now);
  return { application: { ...application, data }, contract };
}

/** GET .../contract/current-account/unsigned/details: the account contract, to its owner only (else 404). */
export async function accountContractDetails(deps: AppDeps, owner: Owner, externalId: string): Promise<AccountContractDetails> {
  return deps.db.transaction(async (tx) => {
    const application = await findOwnedApplication(tx, externalId, owner, 'update');
    if (!application) throw notFound();
    const ensured = await ensureAccountContract(deps, tx, application);
    if (!ensured) throw notFound();
    const [info] = ensured.contract.contractsInfo;
    const signed = isContractSigned(info);
    const domain = application.business_domain;
    const digital = await sandboxSigningOf(tx, deps.config.mode === 'test', application.id, 'smart-id');
    const esign = signed ? undefined : await latestSigningTransaction(tx, application.id, ['esignature']);
    const esignMethod = v.safeParse(v.picklist(ESIGN_METHODS), esign?.method);
    return {
      productName: CURRENT_ACCOUNT_PRODUCT,
      fileServiceId: info!.signing.fileServiceId,
      drawnUpOn: ensured.contract.accountContract.drawnUpOn,
      signed,
      accountHolder: ensured.contract.accountContract.accountHolder,
      currency: CURRENT_ACCOUNT_TERMS.currency,
      monthlyFee: ensured.contract.accountContract.monthlyFee,
      balanceInterestRate: ensured.contract.accountContract.balanceInterestRate,
      signingChoices: isBusinessDomain(domain) ? accountSigningChoicesFor(domain, deps.flags.enabled(), providerAvailability(deps.providers)) : [],
      digitalSigningDisabledReason: digital.disabledReason,
      esignInProgress: esignMethod.success ? (esignMethod.output as EsignMethod) : null,
    };
  });
}

/**
 * Decision 145: a current account's contract is signed only with its own ways (no payment signing,
 * no store or post office; eParaksts only in Latvia with its flag). Other applications: unchanged.
 */
export function assertAccountSigningMethod(deps: AppDeps, application: ApplicationRow, method: string): void {
  if (application.product_name !== CURRENT_ACCOUNT_PRODUCT) return;
  const domain = application.business_domain;
  const choices: readonly string[] = isBusinessDomain(domain) ? accountSigningChoicesFor(domain, deps.flags.enabled(), providerAvailability(deps.providers)) : [];
  if (!choices.includes(method)) throw new ApiError('SIGNING_NOT_AVAILABLE', 'This way of signing is not offered for a current account contract.');
}
