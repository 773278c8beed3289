import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { documentDownloadMachine } from '../../../machines/document-download/document-download.machine';
import type { accountSigningMachine } from './account-signing.machine';
import { accountSigningView } from './account-signing.view';
import type { AccountContractDetails } from '../../../core/wire/account-contract.schema';
import { DocumentDownload } from '../../components/document-download';
import { StepForm } from '../../components/form/form-fields';
import { PageHeading } from '../../components/page-heading';
import { RetryNotice } from '../../components/retry-notice';
import { Busy } from '../../components/busy';
import { MessageText } from '../../components/signing/signing-parts';
import { EsignSigning, SmartIdSigning } from '../../components/signing/signing-screens';
import { SubmitButton } from '../../components/submit-button';
import type { SigningChoice } from '../../../core/domain/contracts';
import { formatIsoDay } from '../../../core/domain/iso-day';
import type { Locale } from '../../../core/domain/languages';
import { formatEur, formatPercent } from '../../../core/validation/format/money';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { useStepLogic } from '../_kit/use-step-logic';
import { useSignedStep } from '../_kit/signed-step';
import contract from './contract';
import '../../components/summary-list.css';
import { TermsSummary } from '../../components/terms-summary';

/**
 * signCurrentAccountContract (section 2 Contract, issue 12; decisions 144, 145): the account's terms,
 * its contract as a PDF, the ways it may be signed, and the chosen method's signing screen (shared with
 * the loan contract's signing). Once signed the step goes on by itself (decision 211); the API checks the signature again.
 */
export default function SignCurrentAccountContract() {
  const { t } = useLingui();
  const signing = useStepLogic<typeof accountSigningMachine>('signing');
  const download = useStepLogic<typeof documentDownloadMachine>('contractDownload');
  const view = useSelector(signing, accountSigningView);
  const step = useContractForm(contract);
  const locale = step.context.locale;
  const otherMethod = () => signing?.send({ type: 'accountSigning.otherMethodChosen' });
  // Decision 211: signed, the signing machine sends the step; Continue only if that send failed.
  const signed = useSignedStep(view.status === 'signed', step.pending);
  const labels: Partial<Record<SigningChoice, string>> = {
    SMART_ID: t`Smart-ID`,
    MOBILE_SIGNATURE: t`Mobile-ID`,
    EPARAKSTS: t`eParaksts mobile`,
    EPARAKSTS_EID: t`eParaksts with an ID card`,
  };

  return (
    <section className="step" aria-labelledby="step-heading">
      {/* Focus moves only when Continue is offered: after the automatic send, the closing page's heading takes it. */}
      <PageHeading focusKey={signed === 'offered' ? 'signCurrentAccountContract.signed' : 'signCurrentAccountContract'}>
        <span id="step-heading">{view.status === 'signed' ? <Trans>Your current account contract is signed</Trans> : <Trans>Sign your current account contract</Trans>}</span>
      </PageHeading>
      <DraftConflictNotice />

      {view.status === 'loading' && <Busy text={<Trans>Loading your contract…</Trans>} />}
      {view.status === 'loadFailed' && (
        <RetryNotice secondary onRetry={() => signing?.send({ type: 'accountSigning.retried' })}>
          <Trans>We could not load your contract just now. Please try again.</Trans>
        </RetryNotice>
      )}

      {view.details && view.status !== 'signed' && (
        <>
          <p>
            <Trans>Please read the contract before you sign it. Its main terms are below; the contract itself is in the PDF.</Trans>
          </p>
          <AccountTerms details={view.details} locale={locale} />
          <DocumentDownload download={download} document={{ kind: 'contract', fileServiceId: view.details.fileServiceId }} label={<Trans>Download the contract (PDF)</Trans>} />
        </>
      )}

      {view.status === 'choosing' && (
        <section aria-labelledby="account-signing-methods">
          <h2 id="account-signing-methods" className="solis-subheading">
            <Trans>How would you like to sign the contract?</Trans>
          </h2>
          {view.notice && (
            <div className="solis-notice" role="alert">
              <p>{view.notice === 'otherMethod' ? <Trans>The contract is not signed. Please choose another way to sign.</Trans> : <MessageText messageKey={view.notice} />}</p>
            </div>
          )}
          <ul className="solis-button-list">
            {view.choices.map((choice) => (
              <li key={choice}>
                <button type="button" className="solis-button solis-button--secondary" onClick={() => signing?.send({ type: 'accountSigning.methodChosen', method: choice })}>
                  {labels[choice] ?? choice}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {view.status === 'signing' && (view.kind === 'smartId' || view.kind === 'mobileId') && <SmartIdSigning signing={signing} provider={view.kind} />}
      {view.status === 'signing' && view.kind === 'esign' && <EsignSigning signing={signing} onOtherMethod={otherMethod} />}

      {signed === 'sending' && <Busy text={<Trans>Your contract is signed. Finishing your application…</Trans>} />}
      {signed === 'offered' && (
        <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
          <p role="status">
            <Trans>Thank you. Your current account contract is signed. Continue to finish.</Trans>
          </p>
          <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
            <Trans>Continue</Trans>
          </SubmitButton>
        </StepForm>
      )}
    </section>
  );
}

function AccountTerms({ details, locale }: { details: AccountContractDetails; locale: Locale }) {
  const { t } = useLingui();
  const drawnUp = formatIsoDay(details.drawnUpOn, locale);
  const rows: [string, string][] = [
    [t`Account holder`, details.accountHolder],
    [t`Account currency`, details.currency],
    [t`Monthly account fee`, formatEur(details.monthlyFee, locale)],
    [t`Interest on the balance`, formatPercent(details.balanceInterestRate, locale)],
    [t`Overdraft`, t`Not included: you spend only the money on the account`],
    [t`Contract drawn up on`, drawnUp],
  ];
  return <TermsSummary id="account-terms" title={<Trans>Main terms of the account</Trans>} rows={rows} />;
}
