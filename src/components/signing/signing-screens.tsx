/**
 * The Smart-ID / Mobile-ID and eParaksts signing screens (issue 12; docs/decisions/142, 143), shared by
 * the loan contract's ViewContractConditions and the current account's signCurrentAccountContract
 * (decision 145). Each subscribes to the signing machine its parent step's machine runs as a child
 * under a fixed id (`smartId`, `mobileId`, `esign`) and only sends events.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { esignMachine } from '../../../machines/signing/eparaksts.machine';
import { esignView } from '../../../machines/signing/eparaksts.view';
import type { smartIdMachine } from '../../../machines/signing/smart-id.machine';
import { smartIdView } from '../../../machines/signing/smart-id.view';
import { Modal } from '../modal';
import { RetryNotice } from '../retry-notice';
import { Busy } from '../busy';
import { MessageText, OtherMethodButton } from './signing-parts';

/** The step's machine that runs the signing machines as children. */
type SigningParent = AnyActorRef | undefined;

/** The child signing machine, once the step's machine started it. */
export function useSigningChild<T>(signing: SigningParent, id: 'smartId' | 'mobileId' | 'esign' | 'payment'): T | undefined {
  return useSelector(signing, (s) => (s as { children?: Record<string, unknown> } | undefined)?.children?.[id]) as T | undefined;
}


/** Smart-ID, or Mobile-ID on the same machine (docs/decisions/143): the same screen in the provider's words. */
export function SmartIdSigning({ signing, provider, child: given }: { signing: SigningParent; provider: 'smartId' | 'mobileId'; child?: AnyActorRef }) {
  const { t } = useLingui();
  const own = useSigningChild<ActorRefFrom<typeof smartIdMachine>>(signing, provider);
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

  // Why signing stopped, where the page says it rather than the modal: disabled, or after the modal was closed.
  const notice = view.message && (
    <div className="solis-notice" role="alert">
      <p>
        <MessageText messageKey={view.message} mobileId={mobileId} />
      </p>
      {actions}
    </div>
  );

  return (
    <div className="solis-signing" aria-labelledby={headingId} role="region">
      <h2 id={headingId} className="solis-subheading">
        {mobileId ? <Trans>Signing with Mobile-ID</Trans> : <Trans>Signing with Smart-ID</Trans>}
      </h2>
      {view.status === 'disabled' && notice}
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
      {problem && !modalOpen && notice}
      <Modal open={modalOpen} onClose={() => setDismissedAt(failureKey)} title={t`The contract is not signed`} actions={actions}>
        <p>{view.message && <MessageText messageKey={view.message} mobileId={mobileId} />}</p>
      </Modal>
    </div>
  );
}

/** eParaksts: the loop's state; "choose another way" is the parent step's to decide (`onOtherMethod`). */
export function EsignSigning({ signing, onOtherMethod, child: given }: { signing: SigningParent; onOtherMethod: () => void; child?: AnyActorRef }) {
  const own = useSigningChild<ActorRefFrom<typeof esignMachine>>(signing, 'esign');
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
          <OtherMethodButton onClick={onOtherMethod} />
        </div>
      )}
    </div>
  );
}

