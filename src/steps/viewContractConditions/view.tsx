import { RetryNotice } from '../../components/retry-notice';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { documentDownloadMachine } from '../../../machines/document-download/document-download.machine';
import type { contractSigningMachine } from '../../../machines/signing/contract-signing.machine';
import { contractSigningView } from '../../../machines/signing/contract-signing.view';
import type { paymentSigningMachine } from '../../../machines/signing/payment-signing.machine';
import { paymentSigningView } from '../../../machines/signing/payment-signing.view';
import { StepForm } from '../../components/form/form-fields';
import { PageHeading } from '../../components/page-heading';
import { Busy } from '../../components/busy';
import { MessageText, OtherMethodButton } from '../../components/signing/signing-parts';
import { EsignSigning, SmartIdSigning, useSigningChild } from '../../components/signing/signing-screens';
import { SubmitButton } from '../../components/submit-button';
import { formatIsoDay } from '../../../core/domain/iso-day';
import type { Locale } from '../../../core/domain/languages';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { useStepLogic } from '../_kit/use-step-logic';
import { useRuntimeConfig } from '../_kit/runtime-config-context';
import { useSignedStep } from '../_kit/signed-step';
import contract from './contract';
import '../../components/checkbox.css';

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
  const otherMethod = () => signing?.send({ type: 'contractSigning.otherMethodChosen' });
  // Decision 211: signed, the signing machine sends the step; Continue only if that send failed.
  const signed = useSignedStep(view.status === 'signed', step.pending);

  const heading =
    view.status === 'signed' ? <Trans>Your contract is signed</Trans> : <Trans>Sign your contract</Trans>;

  return (
    <section className="step" aria-labelledby="step-heading">
      {/* Focus moves only when Continue is offered: after the automatic send, the closing page's heading takes it. */}
      <PageHeading focusKey={signed === 'offered' ? 'viewContractConditions.signed' : 'viewContractConditions'}>
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
      {view.status === 'signing' && view.kind === 'esign' && <EsignSigning signing={signing} onOtherMethod={otherMethod} />}
      {view.status === 'signing' && view.kind === 'payment' && <PaymentSigning signing={signing} />}
      {(view.status === 'crossSell' || view.status === 'left') && (
        <Suspense fallback={<Busy text={<Trans>Loading your contract…</Trans>} />}>
          <CrossSellSigning
            signing={signing}
            download={download}
            locale={locale}
            renderSigner={(child) =>
              view.kind === 'esign' ? <EsignSigning signing={signing} child={child} onOtherMethod={otherMethod} /> : <SmartIdSigning signing={signing} provider={view.kind === 'mobileId' ? 'mobileId' : 'smartId'} child={child} />
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
          <OtherMethodButton onClick={otherMethod} />
        </div>
      )}

      {view.status === 'otherMethod' && <Busy text={<Trans>Taking you back to the ways of signing…</Trans>} />}

      {signed === 'sending' && <Busy text={<Trans>Your contract is signed. Finishing your application…</Trans>} />}
      {signed === 'offered' && (
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

function ExpectedSigningDate({ iso, locale }: { iso: string; locale: Locale }) {
  const date = formatIsoDay(iso, locale);
  return (
    <p>
      <Trans>Expected signing date: {date}</Trans>
    </p>
  );
}

function PaymentSigning({ signing }: { signing: SigningRef | undefined }) {
  const { t } = useLingui();
  const child = useSigningChild<ActorRefFrom<typeof paymentSigningMachine>>(signing, 'payment');
  const view = useSelector(child, paymentSigningView);
  const runtime = useRuntimeConfig();
  // Issue 21 (decision 168): only the banks this server can reach (in production, the connected ones).
  const banks = runtime.providers ? view.banks.filter((bank) => runtime.providers?.bankPayment.includes(bank.bic)) : view.banks;
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
            {banks.map((bank) => (
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
