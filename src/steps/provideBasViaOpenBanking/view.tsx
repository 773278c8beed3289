import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { openBankingView, type openBankingMachine } from './open-banking.machine';
import type { Institution } from '../../../core/wire/open-banking.schema';
import { ErrorSummary } from '../../components/error-summary';
import { StepForm } from '../../components/form/form-fields';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { useRuntimeConfig } from '../_kit/runtime-config-context';
import { useFeatureFlag } from '../_kit/feature-flags';
import { useStepLogic } from '../_kit/use-step-logic';
import contract from './contract';
import './open-banking.css';

const SEARCH_ID = 'field-bank-search';
const BANKS_ID = 'bank-list';

/**
 * ProvideBasViaOpenBanking (section 2 Documents, section 4 bank statement step; issue 13; decision
 * 153): the person lets their banks share their statements through open banking, bank by bank, and
 * goes on with the banks that did, or uploads the statements themselves where the bank offers it.
 * JSX and events only: the open-banking machine decides.
 */
export default function ProvideBasViaOpenBanking() {
  const { t } = useLingui();
  const logic = useStepLogic<typeof openBankingMachine>('openBanking');
  const view = useSelector(logic, openBankingView);
  const { providers } = useRuntimeConfig();
  const manualUploadFlag = useFeatureFlag('manualBankStatementUpload');
  // Production without a PSD2 aggregator offers no bank (decision 170): the manual upload is the way left.
  const openBankingOffered = providers?.openBanking !== false;
  const manualUpload = manualUploadFlag || !openBankingOffered;
  const [attempts, setAttempts] = useState(0);
  const hintId = useId();
  const step = useContractForm(contract, {
    onSubmit: (submission) => {
      setAttempts((count) => count + 1);
      logic?.send({ type: 'step.submitted', submission });
    },
  });
  // Issue 26 item 5: the way out by upload is named only where the page offers it.
  const noBankProblem = manualUpload ? t`Choose a bank and give your consent there, or upload your statements yourself` : t`Choose a bank and give your consent there`;
  const problem = attempts > 0 && view.problem === 'noBank' ? noBankProblem : null;
  const lastStatus = view.lastConsent?.status ?? null;
  const chooseManual = () => logic?.send({ type: 'manualUpload.chosen', submission: { taskDefinitionKey: 'provideBasViaOpenBanking', application: { applicationUpdates: {}, personUpdates: [], addRelations: [], customData: {} }, variables: {} } });

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <ErrorSummary errors={problem ? [{ fieldId: SEARCH_ID, message: problem }] : []} focusRequest={attempts} />
      <PageHeading focusKey="provideBasViaOpenBanking">
        <span id="step-heading">
          <Trans>Share your bank statements</Trans>
        </span>
      </PageHeading>
      {openBankingOffered ? (
        <p>
          <Trans>
            To assess your income we need the statements of the accounts your income is paid into. Choose your bank: you will give your consent in
            your bank and then come back here.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>
            To assess your income we need the statements of the accounts your income is paid into. Sharing them through your bank is not available
            here, so please upload them yourself.
          </Trans>
        </p>
      )}

      {lastStatus === 'APPROVED' && (
        <div className="solis-notice" role="status">
          <p>
            <Trans>Your bank has shared your statements.</Trans>
          </p>
        </div>
      )}
      {(lastStatus === 'REFUSED' || lastStatus === 'CANCELLED' || lastStatus === 'TIMED_OUT') && (
        <div className="solis-notice solis-notice--warning" role="alert">
          <p>
            {lastStatus === 'REFUSED' && <Trans>You did not give your consent in your bank, so we did not receive your statements.</Trans>}
            {lastStatus === 'CANCELLED' && <Trans>You cancelled the consent in your bank, so we did not receive your statements.</Trans>}
            {lastStatus === 'TIMED_OUT' && <Trans>The consent in your bank timed out, so we did not receive your statements.</Trans>}{' '}
            <Trans>You can choose a bank again.</Trans>
          </p>
        </div>
      )}
      {lastStatus === 'PENDING' && view.status === 'ready' && (
        <div className="solis-notice" role="status">
          <p>
            <Trans>Your consent in your bank is not finished yet.</Trans>
          </p>
          <button type="button" className="solis-button solis-button--secondary" onClick={() => logic?.send({ type: 'consent.resumed' })}>
            <Trans>Return to your bank</Trans>
          </button>
        </div>
      )}
      {view.problem === 'selectFailed' && (
        <div className="solis-notice solis-notice--warning" role="alert">
          <p>
            <Trans>We could not connect you to your bank. Please try again.</Trans>
          </p>
        </div>
      )}
      {view.problem === 'noOpenConsent' && (
        <div className="solis-notice" role="status">
          <p>
            <Trans>Your consent is no longer open in your bank. You can choose a bank again.</Trans>
          </p>
        </div>
      )}

      {view.status === 'loading' && (
        <p className="solis-loading-inline" role="status">
          <Spinner size="small" /> <Trans>Loading the list of banks…</Trans>
        </p>
      )}
      {view.status === 'redirecting' && (
        <p className="solis-loading-inline" role="status">
          <Spinner size="small" /> <Trans>Taking you to your bank…</Trans>
        </p>
      )}

      {view.enrolled.length > 0 && (
        <>
          <h2 className="solis-subheading" id="enrolled-banks">
            <Trans>Banks that have shared your statements</Trans>
          </h2>
          <ul className="solis-bank-list" aria-labelledby="enrolled-banks">
            {view.enrolled.map((institution) => (
              <li key={institution.id} className="solis-bank-list__item--enrolled">
                <img className="solis-bank-list__logo" src={institution.logo} alt="" width={40} height={40} />
                <span>
                  {institution.name}: {institution.accounts.map((account) => account.iban).join(', ')}
                </span>
              </li>
            ))}
          </ul>
          {view.consentReference && (
            <p>
              <Trans>Consent reference: {view.consentReference}</Trans>
            </p>
          )}
        </>
      )}

      {view.status === 'ready' && openBankingOffered && view.attemptsExhausted && (
        <div className="solis-notice solis-notice--warning" role="alert">
          <p>
            <Trans>Your bank allows no more attempts to give consent for this application.</Trans>{' '}
            {manualUpload ? <Trans>Please upload your statements yourself.</Trans> : null}
          </p>
        </div>
      )}

      {view.status === 'ready' && openBankingOffered && !view.attemptsExhausted && (
        <div className={problem ? 'solis-form-group solis-form-group--error' : 'solis-form-group'}>
          <label className="solis-label" htmlFor={SEARCH_ID}>
            {view.enrolled.length > 0 ? <Trans>Add another bank</Trans> : <Trans>Find your bank</Trans>}
          </label>
          <p className="solis-hint" id={hintId}>
            <Trans>Type the name of your bank or its BIC code, then choose it from the list.</Trans>
          </p>
          {problem && (
            <p className="solis-error-message" id={`${SEARCH_ID}-error`}>
              <span className="solis-visually-hidden">
                <Trans>Error:</Trans>
              </span>{' '}
              {problem}
            </p>
          )}
          <input
            id={SEARCH_ID}
            className="solis-input"
            type="search"
            autoComplete="off"
            value={view.query}
            aria-controls={view.matching.length > 0 ? BANKS_ID : undefined}
            aria-describedby={problem ? `${hintId} ${SEARCH_ID}-error` : hintId}
            onChange={(event) => logic?.send({ type: 'search.changed', query: event.currentTarget.value })}
          />
          <p className="solis-visually-hidden" role="status">
            {t`Banks found: ${view.matching.length}`}
          </p>
          {view.matching.length === 0 ? (
            <p>
              <Trans>No bank matches your search.</Trans>
            </p>
          ) : (
            <ul className="solis-bank-list" id={BANKS_ID} aria-label={t`Banks`}>
              {view.matching.map((institution) => (
                <li key={institution.id}>
                  <BankButton institution={institution} onChoose={() => logic?.send({ type: 'institution.selected', institutionId: institution.id })} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {(view.status === 'ready' || view.status === 'failed') && (
        <>
          {(openBankingOffered || view.enrolled.length > 0) && (
            <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
              <Trans>Continue</Trans>
            </SubmitButton>
          )}
          {manualUpload && (
            <p>
              <button type="button" className="solis-button solis-button--secondary" onClick={chooseManual} disabled={step.pending}>
                <Trans>Upload statements yourself instead</Trans>
              </button>
            </p>
          )}
        </>
      )}
    </StepForm>
  );
}

function BankButton({ institution, onChoose }: { institution: Institution; onChoose: () => void }) {
  return (
    <button type="button" className="solis-bank-list__button" onClick={onChoose}>
      <img className="solis-bank-list__logo" src={institution.logo} alt="" width={40} height={40} />
      <span>{institution.name}</span>
      <span className="solis-bank-list__bic">{institution.bic}</span>
    </button>
  );
}
