import { RetryNotice } from '../../components/retry-notice';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { documentDownloadMachine } from '../../../machines/document-download/document-download.machine';
import type { contractSigningMachine } from '../../../machines/signing/contract-signing.machine';
import { contractSigningView } from '../../../machines/signing/contract-signing.view';
import type { esignMachine } from '../../../machines/signing/eparaksts.machine';
import { esignView } from '../../../machines/signing/eparaksts.view';
import type { paymentSigningMachine } from '../../../machines/signing/payment-signing.machine';
import { paymentSigningView } from '../../../machines/signing/payment-signing.view';
import type { smartIdMachine } from '../../../machines/signing/smart-id.machine';
import { smartIdView } from '../../../machines/signing/smart-id.view';
import { StepForm } from '../../components/form/form-fields';
import { Modal } from '../../components/modal';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { LOCALE_TAG, type Locale } from '../../domain/languages';
import type { SigningMessageKey } from '../../domain/signing';
import { DraftConflictNotice, SubmitErrorText } from '../step-feedback';
import { useContractForm } from '../use-contract-form';
import { useStepLogic } from '../use-step-logic';
import contract from './contract';
import { MOBILE_ID_TEXTS, SIGNING_TEXTS } from './signing-texts';

type SigningRef = ActorRefFrom<typeof contractSigningMachine>;

/** Decision 162: the cross-sell modal, a chunk of its own (only applications with more than one contract load it). */
const CrossSellSigning = lazy(() => import('./cross-sell-signing'));

/**
 * ViewContractConditions (section 2 Contract, issue 12): signing the contract with the method chosen
 * on the step before. The step's machine reads the contract and runs the method's signing machine;
 * each part of the screen subscribes to that machine through its view selector. JSX and event
 * sending only: the machines decide.
 */
export default function ViewContractConditions() {
  const signing = useStepLogic<typeof contractSigningMachine>('signing');
  const view = useSelector(signing, contractSigningView);
  const step = useContractForm(contract);
  const locale = step.context.locale;
  const download = useStepLogic<typeof documentDownloadMachine>('contractDownload');

  const heading =
    view.status === 'signed' ? <Trans>Your contract is signed</Trans> : <Trans>Sign your contract</Trans>;

  return (
    <section className="step" aria-labelledby="step-heading">
      <PageHeading focusKey={view.status === 'signed' ? 'viewContractConditions.signed' : 'viewContractConditions'}>
        <span id="step-heading">{heading}</span>
      </PageHeading>
      <DraftConflictNotice />

      {view.status === 'loading' && <Busy text={<Trans>Loading your contract…</Trans>} />}
      {view.status === 'loadFailed' && (
        <RetryNotice secondary onRetry={() => signing?.send({ type: 'contractSigning.retried' })}>
          <Trans>We could not load your contract just now. Please try again.</Trans>
        </RetryNotice>
      )}

      {view.details && view.status !== 'signed' && <ExpectedSigningDate iso={view.details.expectedSigningDate} locale={locale} />}

      {view.status === 'signing' && (view.kind === 'smartId' || view.kind === 'mobileId') && <SmartIdSigning signing={signing} provider={view.kind} />}
      {view.status === 'signing' && view.kind === 'esign' && <EsignSigning signing={signing} />}
      {view.status === 'signing' && view.kind === 'payment' && <PaymentSigning signing={signing} />}
      {(view.status === 'crossSell' || view.status === 'left') && (
        <Suspense fallback={<Busy text={<Trans>Loading your contract…</Trans>} />}>
          <CrossSellSigning
            signing={signing}
            download={download}
            locale={locale}
            renderSigner={(child) =>
              view.kind === 'esign' ? <EsignSigning signing={signing} child={child} /> : <SmartIdSigning signing={signing} provider={view.kind === 'mobileId' ? 'mobileId' : 'smartId'} child={child} />
            }
          />
        </Suspense>
      )}

      {(view.status === 'elsewhere' || view.status === 'disabled') && (
        <div className="solis-notice" role="alert">
          <p>
            {view.disabledMessage ? (
              <MessageText messageKey={view.disabledMessage} />
            ) : view.status === 'disabled' && view.kind === 'payment' ? (
              <Trans>Signing with a payment is not available for this application just now. Please choose another way to sign.</Trans>
            ) : view.status === 'disabled' ? (
              <Trans>This way of signing is not available for your contract just now. Please choose another way to sign.</Trans>
            ) : (
              <Trans>The way of signing you chose cannot be completed on this page. Please choose another way to sign.</Trans>
            )}
          </p>
          <OtherMethodButton onClick={() => signing?.send({ type: 'contractSigning.otherMethodChosen' })} />
        </div>
      )}

      {view.status === 'otherMethod' && <Busy text={<Trans>Taking you back to the ways of signing…</Trans>} />}

      {view.status === 'signed' && (
        <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
          <p role="status">
            <Trans>Thank you. Your contract is signed. Continue to finish.</Trans>
          </p>
          <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
            <Trans>Continue</Trans>
          </SubmitButton>
        </StepForm>
      )}
    </section>
  );
}

function Busy({ text }: { text: React.ReactNode }) {
  return (
    <p className="solis-loading-inline" role="status">
      <Spinner size="small" /> {text}
    </p>
  );
}

function MessageText({ messageKey, mobileId = false }: { messageKey: SigningMessageKey; mobileId?: boolean }) {
  const { i18n } = useLingui();
  return <>{i18n._((mobileId ? MOBILE_ID_TEXTS[messageKey] : undefined) ?? SIGNING_TEXTS[messageKey])}</>;
}

function OtherMethodButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="solis-button solis-button--secondary" onClick={onClick}>
      <Trans>Choose another way to sign</Trans>
    </button>
  );
}

function ExpectedSigningDate({ iso, locale }: { iso: string; locale: Locale }) {
  const date = new Intl.DateTimeFormat(LOCALE_TAG[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  return (
    <p>
      <Trans>Expected signing date: {date}</Trans>
    </p>
  );
}

/** The child signing machine, once the step's machine started it. */
function useChild<T>(signing: SigningRef | undefined, id: 'smartId' | 'mobileId' | 'esign' | 'payment'): T | undefined {
  return useSelector(signing, (s) => s?.children[id]) as T | undefined;
}

/** Smart-ID, or Mobile-ID on the same machine (docs/decisions/143): the same screen in the provider's words. */
function SmartIdSigning({ signing, provider, child: given }: { signing: SigningRef | undefined; provider: 'smartId' | 'mobileId'; child?: AnyActorRef }) {
  const { t } = useLingui();
  const own = useChild<ActorRefFrom<typeof smartIdMachine>>(signing, provider);
  // Cross-sell (decision 162): the modal's signer for the contract being signed.
  const child = (given as ActorRefFrom<typeof smartIdMachine> | undefined) ?? own;
  const mobileId = provider === 'mobileId';
  const headingId = `${provider}-heading`;
  const view = useSelector(child, smartIdView);
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const otherMethod = () => child?.send({ type: 'smartId.otherMethodChosen' });
  const retry = () => {
    setDismissedAt(null);
    child?.send({ type: 'smartId.retried' });
  };
  const problem = view.status === 'failed' && view.message !== null;
  // The error modal shows each failure once; closed, the page keeps the message and the same actions.
  const failureKey = problem ? `${view.result ?? ''}:${view.message ?? ''}` : null;
  const modalOpen = problem && dismissedAt !== failureKey;

  const actions = (
    <>
      {view.canRetry && (
        <button type="button" className="solis-button" onClick={retry}>
          <Trans>Try again</Trans>
        </button>
      )}
      {view.canChooseOtherMethod && <OtherMethodButton onClick={otherMethod} />}
    </>
  );

  return (
    <div className="solis-signing" aria-labelledby={headingId} role="region">
      <h2 id={headingId} className="solis-subheading">
        {mobileId ? <Trans>Signing with Mobile-ID</Trans> : <Trans>Signing with Smart-ID</Trans>}
      </h2>
      {view.status === 'disabled' && view.message && (
        <div className="solis-notice" role="alert">
          <p>
            <MessageText messageKey={view.message} mobileId={mobileId} />
          </p>
          {actions}
        </div>
      )}
      {view.status === 'ready' && (
        <>
          <p>
            {mobileId ? (
              <Trans>When you start, we send a signing request to the mobile phone number in your application and show a verification code here. Check that your phone shows the same code, then confirm with your Mobile-ID PIN2.</Trans>
            ) : (
              <Trans>When you start, we show a verification code here. Check that the Smart-ID app on your phone shows the same code, then confirm with your PIN2.</Trans>
            )}
          </p>
          <button type="button" className="solis-button" onClick={() => child?.send({ type: 'smartId.started' })}>
            {mobileId ? <Trans>Sign with Mobile-ID</Trans> : <Trans>Sign with Smart-ID</Trans>}
          </button>{' '}
          <OtherMethodButton onClick={otherMethod} />
        </>
      )}
      {view.status === 'starting' && <Busy text={<Trans>Starting the signing…</Trans>} />}
      {view.status === 'verifying' && (
        <>
          <div role="status" aria-live="polite">
            <p>
              <Trans>Your verification code</Trans>
            </p>
            <p className="solis-verification-code" style={{ fontSize: '2.5rem', fontWeight: 700, letterSpacing: '0.2em' }}>
              {view.verificationCode}
            </p>
          </div>
          <p>
            {mobileId ? (
              <Trans>Check that your phone shows this code, then confirm the signing with your Mobile-ID PIN2. This page moves on by itself.</Trans>
            ) : (
              <Trans>Check that the Smart-ID app shows this code, then confirm the signing with your PIN2. This page moves on by itself.</Trans>
            )}
          </p>
          {view.canCancel && (
            <button type="button" className="solis-button solis-button--secondary" onClick={() => child?.send({ type: 'smartId.cancelled' })}>
              <Trans>Cancel</Trans>
            </button>
          )}
        </>
      )}
      {problem && !modalOpen && view.message && (
        <div className="solis-notice" role="alert">
          <p>
            <MessageText messageKey={view.message} mobileId={mobileId} />
          </p>
          {actions}
        </div>
      )}
      <Modal open={modalOpen} onClose={() => setDismissedAt(failureKey)} title={t`The contract is not signed`} actions={actions}>
        <p>{view.message && <MessageText messageKey={view.message} mobileId={mobileId} />}</p>
      </Modal>
    </div>
  );
}

function EsignSigning({ signing, child: given }: { signing: SigningRef | undefined; child?: AnyActorRef }) {
  const own = useChild<ActorRefFrom<typeof esignMachine>>(signing, 'esign');
  // Cross-sell (decision 162): the modal's signer for the contract being signed.
  const child = (given as ActorRefFrom<typeof esignMachine> | undefined) ?? own;
  const view = useSelector(child, esignView);
  return (
    <div className="solis-signing" aria-labelledby="esign-heading" role="region">
      <h2 id="esign-heading" className="solis-subheading">
        <Trans>Signing with eParaksts</Trans>
      </h2>
      {view.status === 'loading' && <Busy text={<Trans>Checking your signing…</Trans>} />}
      {view.status === 'redirecting' && <Busy text={<Trans>Taking you to eParaksts…</Trans>} />}
      {view.status === 'statusFailed' && <RetryNotice onRetry={() => child?.send({ type: 'esign.statusReloaded' })}><Trans>We could not check your signing just now. Please try again.</Trans></RetryNotice>}
      {view.status === 'failed' && (
        <div className="solis-notice" role="alert">
          <p>{view.message ? <MessageText messageKey={view.message} /> : <Trans>The signing did not finish. Please try again.</Trans>}</p>
          {view.canRetry && (
            <button type="button" className="solis-button" onClick={() => child?.send({ type: 'esign.retried' })}>
              <Trans>Try again</Trans>
            </button>
          )}{' '}
          <OtherMethodButton onClick={() => signing?.send({ type: 'contractSigning.otherMethodChosen' })} />
        </div>
      )}
    </div>
  );
}

function PaymentSigning({ signing }: { signing: SigningRef | undefined }) {
  const { t } = useLingui();
  const child = useChild<ActorRefFrom<typeof paymentSigningMachine>>(signing, 'payment');
  const view = useSelector(child, paymentSigningView);
  const [missingBank, setMissingBank] = useState(false);
  const start = () => {
    setMissingBank(view.selectedBankBic === null);
    child?.send({ type: 'payment.started' });
  };
  const bankNames: Record<string, string> = { CITADELE: 'Citadele', LUMINOR: 'Luminor', SEB: 'SEB', SWEDBANK: 'Swedbank' };
  return (
    <div className="solis-signing" aria-labelledby="payment-heading" role="region">
      <h2 id="payment-heading" className="solis-subheading">
        <Trans>Signing with a payment</Trans>
      </h2>
      {view.status === 'checking' && <Busy text={<Trans>Checking whether you can sign with a payment…</Trans>} />}
      {view.status === 'redirecting' && <Busy text={<Trans>Taking you to your bank…</Trans>} />}
      {view.status === 'checkingStatus' && <Busy text={<Trans>Checking your payment…</Trans>} />}
      {view.status === 'statusFailed' && <RetryNotice onRetry={() => child?.send({ type: 'payment.statusReloaded' })}><Trans>We could not check your payment just now. Please try again.</Trans></RetryNotice>}
      {view.status === 'choosingBank' && (
        <>
          {view.paymentError && view.message && (
            <div className="solis-notice" role="alert">
              <p>
                <MessageText messageKey={view.message} />
              </p>
            </div>
          )}
          <p>
            <Trans>You sign the contract by making a small payment from your own account. Choose your bank; we take you to its page to confirm the payment.</Trans>
          </p>
          <fieldset className="solis-fieldset" aria-describedby={missingBank ? 'payment-bank-error' : undefined}>
            <legend className="solis-fieldset__legend">{t`Your bank`}</legend>
            {missingBank && (
              <p id="payment-bank-error" className="solis-error-message" role="alert">
                <Trans>Choose your bank</Trans>
              </p>
            )}
            {view.banks.map((bank) => (
              <div className="solis-radio" key={bank.bic}>
                <input
                  type="radio"
                  id={`payment-bank-${bank.bic}`}
                  name="paymentBank"
                  value={bank.bic}
                  checked={view.selectedBankBic === bank.bic}
                  onChange={() => {
                    setMissingBank(false);
                    child?.send({ type: 'payment.bankSelected', bic: bank.bic });
                  }}
                />
                <label htmlFor={`payment-bank-${bank.bic}`}>
                  {bankNames[bank.bank] ?? bank.bank} <span className="solis-hint">(BIC {bank.bic})</span>
                </label>
              </div>
            ))}
          </fieldset>
          <button type="button" className="solis-button" onClick={start}>
            <Trans>Pay and sign</Trans>
          </button>{' '}
          <OtherMethodButton onClick={() => signing?.send({ type: 'contractSigning.otherMethodChosen' })} />
        </>
      )}
    </div>
  );
}
