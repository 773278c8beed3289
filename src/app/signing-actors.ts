/**
 * Issue 12: the I/O of the signing machines (machines/signing; section 7's signing calls,
 * docs/decisions/139-141), by the names the machines give them. Loaded with ViewContractConditions
 * through STEP_ACTORS.loadSigningActors, never with the first page.
 */
import { fromPromise, type AnyActorLogic } from 'xstate';
import type { EsignCallInput } from '../../machines/signing/eparaksts.machine';
import type { SmartIdCallInput } from '../../machines/signing/smart-id.machine';
import { rejectingWithAppError } from '../api/app-error';
import type { EsignStatusResponse, SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import * as api from '../api/signing.api';
import { loadAccountContractDetails } from '../api/account-contract.api';
import type { AccountContractDetails } from '../../core/wire/account-contract.schema';
import { languageCodeFromLocale, type Locale } from '../../core/domain/languages';
import type { PaymentBankBic } from '../../core/domain/signing';

/** The browser goes to a signing provider's page the server handed out (it checked it against its allowlist). */
const leavePage = fromPromise<void, { url: string }>(({ input }) => {
  window.location.assign(input.url);
  return new Promise<void>(() => undefined);
});

export const SIGNING_ACTORS = {
  /** Smart-ID or Mobile-ID signing started; answers the verification code. */
  startSigning: fromPromise<StartSigningResponse, SmartIdCallInput>(({ input, signal }) =>
    rejectingWithAppError(() => api.startSigning(input.externalId, { method: input.method, ...(input.fileServiceId ? { fileServiceId: input.fileServiceId } : {}) }, { signal })),
  ),
  /** The running Smart-ID, Mobile-ID or payment signing's status. */
  pollStatus: fromPromise<SigningStatusResponse, { externalId: string }>(({ input, signal }) => rejectingWithAppError(() => api.signingStatus(input.externalId, { signal }))),
  /** The e-signature (eParaksts) loop's status. */
  loadStatus: fromPromise<EsignStatusResponse, { externalId: string }>(({ input, signal }) => rejectingWithAppError(() => api.esignStatus(input.externalId, { signal }))),
  /** E-signature authentication; answers the provider's page. */
  authenticate: fromPromise<{ redirectUrl: string }, EsignCallInput>(({ input, signal }) =>
    rejectingWithAppError(() =>
      api.esignAuthenticate(
        input.externalId,
        { languageCode: languageCodeFromLocale(input.languageCode as Locale), signingMethod: input.signingMethod, ...(input.fileServiceId ? { fileServiceId: input.fileServiceId } : {}) },
        { signal },
      ),
    ),
  ),
  /** E-signature signing; answers the provider's page (a refusal carries its errorCode). */
  sign: fromPromise<{ redirectUrl: string }, EsignCallInput>(({ input, signal }) =>
    rejectingWithAppError(() => api.esignSign(input.externalId, input.fileServiceId ? { fileServiceId: input.fileServiceId } : {}, { signal })),
  ),
  redirect: leavePage,
  /** signCurrentAccountContract: the account contract's details (decision 144). */
  loadAccountContractDetails: fromPromise<AccountContractDetails, { externalId: string }>(({ input, signal }) =>
    rejectingWithAppError(() => loadAccountContractDetails(input.externalId, { signal })),
  ),
  /** The payment-signing restriction check. */
  checkEnabled: fromPromise<{ enabled: boolean }, { externalId: string }>(({ input, signal }) => rejectingWithAppError(() => api.checkPaymentSigningEnabled(input.externalId, { signal }))),
  /** Payment signing at the chosen bank; answers the bank payment page. */
  startPayment: fromPromise<StartSigningResponse, { externalId: string; selectedBankBic: PaymentBankBic; paymentPurpose: string | null }>(({ input, signal }) =>
    rejectingWithAppError(() =>
      api.startSigning(input.externalId, { method: 'PAYMENT', selectedBankBic: input.selectedBankBic, ...(input.paymentPurpose ? { paymentPurpose: input.paymentPurpose } : {}) }, { signal }),
    ),
  ),
} satisfies Record<string, AnyActorLogic>;
