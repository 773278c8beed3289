import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { remoteIdentificationView, type remoteIdentificationMachine } from './remote-identification.machine';
import { StepForm } from '../../components/form/form-fields';
import { Modal } from '../../components/modal';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { applicantOf } from '../../../core/domain/applicant';
import { countryOfDomain } from '../../../core/domain/business-domains';
import {
  AUTHENTICATION_METHODS_BY_COUNTRY,
  SSO_PATH,
  asksToCompleteRemoteIdentification,
  type AuthenticationMethod,
} from '../../../core/domain/identification';
import { useApplicationActor } from '../_kit/application-actor';
import { useRuntimeConfig } from '../_kit/runtime-config-context';
import { SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { useStepLogic } from '../_kit/use-step-logic';
import contract from './contract';
import '../../components/method-list.css';

/** Section 7's browser redirect to the bank's login service, and back to this application. */
export function ssoHref(method: AuthenticationMethod, locale: string, externalId: string, origin: string = window.location.origin): string {
  const back = new URL('/', origin);
  back.searchParams.set('externalId', externalId);
  back.searchParams.set('lang', locale);
  const query = new URLSearchParams({ originalUrl: back.toString(), method, language: locale });
  return `${SSO_PATH}?${query.toString()}`;
}

/**
 * IdentifyCustomer (section 2; issue 13; decisions 156 and 157): the applicant logs in with one of
 * their country's methods through the bank's login service (the authentication modal says where they
 * are going, then the browser goes there and comes back), and, where the bank asks for it, identifies
 * remotely in the remote identification modal. JSX and events only: the machine decides.
 */
export default function IdentifyCustomer() {
  const { t, i18n } = useLingui();
  const actor = useApplicationActor();
  const application = useSelector(actor, (s) => s.context.application);
  const logic = useStepLogic<typeof remoteIdentificationMachine>('remoteIdentification');
  const remote = useSelector(logic, remoteIdentificationView);
  const step = useContractForm(contract, { onSubmit: (submission) => logic?.send({ type: 'step.submitted', submission }) });
  const [chosen, setChosen] = useState<AuthenticationMethod | null>(null);

  // The provider sent the applicant back asking to complete the identification (the query action).
  const search = typeof window === 'undefined' ? '' : window.location.search;
  const returned = asksToCompleteRemoteIdentification(search);
  // The login service sent the applicant back without a login (cancelled or failed).
  const ssoResult = new URLSearchParams(search).get('ssoResult');
  useEffect(() => {
    if (returned && logic) logic.send({ type: 'remoteIdentification.completionAsked' });
  }, [returned, logic]);

  const authenticated = applicantOf(application)?.authentication?.isAuthenticated === true;
  const methods = AUTHENTICATION_METHODS_BY_COUNTRY[countryOfDomain(step.context.domain)];
  const methodNames: Record<AuthenticationMethod, string> = {
    SMART_ID: t`Smart-ID`,
    MOBILE_ID: t`Mobile-ID`,
    ID_CARD: t`ID card`,
    BANK_LINK: t`Internet bank`,
  };
  const externalId = application?.externalId ?? '';
  // Issue 21: a server that says nothing about it (older) offers login.
  const loginOffered = useRuntimeConfig().providers?.login !== false;

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="identifyCustomer">
        <span id="step-heading">
          <Trans>Confirm your identity</Trans>
        </span>
      </PageHeading>

      {!authenticated ? (
        <>
          {(ssoResult === 'cancelled' || ssoResult === 'failed' || ssoResult === 'mismatch') && (
            <div className="solis-notice" role="alert">
              <p>
                {ssoResult === 'cancelled' ? (
                  <Trans>Logging in was cancelled. Choose a method to try again.</Trans>
                ) : ssoResult === 'mismatch' ? (
                  <Trans>You logged in as someone other than the applicant. Only the applicant can continue this application: log in with your own details.</Trans>
                ) : (
                  <Trans>Logging in did not succeed. Choose a method to try again.</Trans>
                )}
              </p>
            </div>
          )}
          {!loginOffered ? (
            // Issue 21: the bank's login service is not configured here, so no method is offered.
            <div className="solis-notice" role="status">
              <p>
                <Trans>Logging in is not available at the moment, so the application cannot continue online. Please contact the bank.</Trans>
              </p>
            </div>
          ) : (
            <>
              <p>
                <Trans>Before we go on, log in with one of the methods below. We use it to make sure that the application is yours.</Trans>
              </p>
              <h2 className="solis-subheading" id="methods-heading">
                <Trans>Choose how to log in</Trans>
              </h2>
              <ul className="solis-method-list" aria-labelledby="methods-heading">
                {methods.map((method) => (
                  <li key={method}>
                    <button type="button" className="solis-button solis-button--secondary" onClick={() => setChosen(method)}>
                      {methodNames[method]}
                    </button>
                  </li>
                ))}
              </ul>
              <Modal
                open={chosen !== null}
                onClose={() => setChosen(null)}
                title={chosen ? <Trans>Log in with {methodNames[chosen]}</Trans> : null}
                actions={
                  chosen && (
                    <>
                      <a className="solis-button" href={ssoHref(chosen, i18n.locale, externalId)}>
                        <Trans>Continue to log in</Trans>
                      </a>
                      <button type="button" className="solis-button solis-button--secondary" onClick={() => setChosen(null)}>
                        <Trans>Cancel</Trans>
                      </button>
                    </>
                  )
                }
              >
                <p>
                  <Trans>You will be taken to the bank’s secure login page. When you have logged in, you will come back here and continue your application. What you have entered so far is kept.</Trans>
                </p>
              </Modal>
            </>
          )}
        </>
      ) : (
        <>
          <div className="solis-notice" role="status">
            <p>
              <Trans>You have logged in.</Trans>
            </p>
            {remote.phase === 'completed' && (
              <p>
                <Trans>Your identity has been verified.</Trans>
              </p>
            )}
          </div>
          {remote.phase === 'loading' && (
            <p className="solis-loading-inline" role="status">
              <Spinner size="small" /> <Trans>Checking your identification…</Trans>
            </p>
          )}
          {remote.phase === 'loadFailed' && (
            <div className="solis-notice" role="alert">
              <p>
                <Trans>We could not check your identification. Please try again.</Trans>
              </p>
              <button type="button" className="solis-button solis-button--secondary" onClick={() => logic?.send({ type: 'remoteIdentification.reloaded' })}>
                <Trans>Try again</Trans>
              </button>
            </div>
          )}
          {remote.phase === 'required' && (
            <p>
              <Trans>We also need to identify you remotely: you photograph your identity document and your face with our identification partner. It takes about five minutes.</Trans>
            </p>
          )}
          {remote.phase === 'unavailable' && (
            <div className="solis-notice" role="alert">
              <p>
                <Trans>We cannot identify you remotely at the moment, so your application cannot go on yet. What you have entered is kept: please come back later, or contact us.</Trans>
              </p>
            </div>
          )}
          {remote.phase !== 'loading' && remote.phase !== 'loadFailed' && remote.phase !== 'unavailable' && (
            <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
              <Trans>Continue</Trans>
            </SubmitButton>
          )}
          <RemoteIdentificationModal view={remote} send={(event) => logic?.send(event)} />
        </>
      )}
    </StepForm>
  );
}

type RemoteView = ReturnType<typeof remoteIdentificationView>;
type RemoteEvent = { type: 'remoteIdentification.started' | 'remoteIdentification.retried' | 'remoteIdentification.closed' | 'remoteIdentification.reloaded' };

/** Section 2's remote identification modal: a thin view of the machine's modal states. */
function RemoteIdentificationModal({ view, send }: { view: RemoteView; send: (event: RemoteEvent) => void }) {
  const close = () => send({ type: 'remoteIdentification.closed' });
  const cancel = (
    <button type="button" className="solis-button solis-button--secondary" onClick={close}>
      <Trans>Cancel</Trans>
    </button>
  );
  return (
    <Modal
      open={view.modalOpen}
      onClose={close}
      title={<Trans>Identify yourself remotely</Trans>}
      actions={
        view.modal === 'ready' ? (
          <>
            <button type="button" className="solis-button" onClick={() => send({ type: 'remoteIdentification.started' })}>
              <Trans>Start identification</Trans>
            </button>
            {cancel}
          </>
        ) : view.modal === 'failed' ? (
          <>
            <button type="button" className="solis-button" onClick={() => send({ type: 'remoteIdentification.retried' })}>
              <Trans>Try again</Trans>
            </button>
            {cancel}
          </>
        ) : view.modal === 'running' ? (
          <>
            <button type="button" className="solis-button" onClick={() => send({ type: 'remoteIdentification.reloaded' })}>
              <Trans>Check again</Trans>
            </button>
            {cancel}
          </>
        ) : null
      }
    >
      {view.modal === 'ready' && (
        <p>
          <Trans>You will be taken to our identification partner. Have your identity document with you; you will photograph it and your face. Then you will come back here.</Trans>
        </p>
      )}
      {view.modal === 'starting' && (
        <p className="solis-loading-inline" role="status">
          <Spinner size="small" /> <Trans>Taking you to our identification partner…</Trans>
        </p>
      )}
      {view.modal === 'failed' && (
        <div className="solis-notice" role="alert">
          <p>
            {view.status === 'COMPLETED_FAILURE' ? (
              <Trans>We could not verify your identity. Please try again, and make sure the photos are sharp and your whole document is visible.</Trans>
            ) : (
              <Trans>The identification could not be started because of a technical error. Please try again.</Trans>
            )}
          </p>
        </div>
      )}
      {view.modal === 'running' && (
        <p role="status">
          <Trans>Your identification is still being checked. This usually takes a minute or two.</Trans>
        </p>
      )}
    </Modal>
  );
}
