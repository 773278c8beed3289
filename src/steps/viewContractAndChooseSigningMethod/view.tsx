import { RetryNotice } from '../../components/retry-notice';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { contractDetailsMachine } from '../../../machines/contract/contract-details.machine';
import { contractDetailsView } from '../../../machines/contract/contract-details.view';
import type { documentDownloadMachine } from '../../../machines/document-download/document-download.machine';
import type { ContractFigures } from '../../../core/wire/contract.schema';
import { DocumentDownload } from '../../components/document-download';
import { StepForm } from '../../components/form/form-fields';
import { RadiosField } from '../../components/form/question-fields';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { useRuntimeConfig } from '../_kit/runtime-config-context';
import { signingChoicesFor, type SigningChoice } from '../../../core/domain/contracts';
import { formatIsoDay } from '../../../core/domain/iso-day';
import type { Locale } from '../../../core/domain/languages';
import type { ProductName } from '../../../core/domain/products';
import { formatEur, formatPercent } from '../../../core/validation/format/money';
import { PRODUCT_LABELS } from '../_kit/product-labels';
import { DraftConflictNotice, SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { useStepLogic } from '../_kit/use-step-logic';
import contract from './contract';
import '../../components/summary-list.css';
import { TermsSummary } from '../../components/terms-summary';

/**
 * ViewContractAndChooseSigningMethod (section 2, issue 12): the contract's figures as the PDF states
 * them, the PDF to download, and the choice of how to sign it (docs/decisions/136-signing-choices.md).
 * The signing itself is the next steps'. JSX and event sending only.
 */
export default function ViewContractAndChooseSigningMethod() {
  const { t } = useLingui();
  const runtime = useRuntimeConfig();
  const details = useStepLogic<typeof contractDetailsMachine>('contractDetails');
  const download = useStepLogic<typeof documentDownloadMachine>('contractDownload');
  const view = useSelector(details, contractDetailsView);
  const step = useContractForm(contract, { requiredMessages: { signingMethod: t`Select how you would like to sign the contract` } });
  const { form } = step.stepForm;
  const { context } = step;

  const labels: Record<SigningChoice, string> = {
    SMART_ID: t`Smart-ID`,
    MOBILE_SIGNATURE: t`Mobile-ID`,
    EPARAKSTS: t`eParaksts mobile`,
    EPARAKSTS_EID: t`eParaksts with an ID card`,
    PAYMENT: t`A payment from your bank account`,
    PARTNER_STORE: t`At the store where you are buying`,
    POST: t`At a post office`,
  };
  const offered = signingChoicesFor({
    domain: context.domain,
    ...(context.country ? { country: context.country } : {}),
    ...(context.flags ? { flags: context.flags } : {}),
    ...(context.channel ? { channel: context.channel } : {}),
    ...(view.details ? { contracts: view.details.contractsInfo.length } : {}),
    // Issue 21: a method whose provider this server cannot reach is not offered.
    ...(runtime.providers ? { providers: runtime.providers } : {}),
    // Decision 189: the partner's word on digital signing (`canSignDigitally`), as the server tells it.
    ...(view.details?.digitalSigning === false ? { digitalSigning: false } : {}),
  });
  const options = offered.map((choice) => ({ value: choice, label: labels[choice] }));
  const contractFile = view.details ? { kind: 'contract' as const, fileServiceId: view.details.fileServiceId } : null;

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="viewContractAndChooseSigningMethod">
        <span id="step-heading">
          <Trans>Your contract</Trans>
        </span>
      </PageHeading>
      <DraftConflictNotice />

      {view.status === 'loading' && (
        <p className="solis-loading-inline" role="status">
          <Spinner size="small" /> <Trans>Loading your contract…</Trans>
        </p>
      )}
      {view.status === 'loadFailed' && (
        <RetryNotice secondary onRetry={() => details?.send({ type: 'contract.retried' })}>
          <Trans>We could not load your contract just now. Please try again.</Trans>
        </RetryNotice>
      )}

      {view.status === 'ready' && view.details && (
        <>
          <p>
            <Trans>Please read the contract before you sign it. Its main terms are below; the contract itself is in the PDF.</Trans>
          </p>
          <ContractSummary figures={view.details.figures} expectedSigningDate={view.details.expectedSigningDate} locale={context.locale} />
          <DocumentDownload download={download} document={contractFile} label={<Trans>Download the contract (PDF)</Trans>} />
          <RadiosField
            form={form}
            name="signingMethod"
            label={t`How would you like to sign the contract?`}
            hint={t`After you continue, we show you how to sign with the way you chose.`}
            options={options}
          />
          <SubmitButton pending={step.pending} error={step.submitError ? <SubmitErrorText error={step.submitError} /> : undefined}>
            <Trans>Continue to signing</Trans>
          </SubmitButton>
        </>
      )}
    </StepForm>
  );
}

function ContractSummary({ figures, expectedSigningDate, locale }: { figures: ContractFigures; expectedSigningDate: string; locale: Locale }) {
  const { t, i18n } = useLingui();
  const product = PRODUCT_LABELS[figures.productName as ProductName];
  const date = (iso: string) => formatIsoDay(iso, locale);
  const eur = (value: number) => formatEur(value, locale);
  const rows: [string, string][] = [
    [t`Loan type`, product ? i18n._(product) : figures.productName],
    [t`Loan amount`, eur(figures.amount)],
    [t`Loan period`, t`${figures.period} months`],
    [t`Annual interest rate`, formatPercent(figures.interestRate, locale)],
    [t`Annual percentage rate of charge (APR)`, figures.annualPercentageRate === null ? '—' : formatPercent(figures.annualPercentageRate, locale)],
    [t`Contract fee`, eur(figures.contractConclusionFee)],
    [t`Monthly administration fee`, eur(figures.monthlyFee)],
    [t`Monthly payment`, eur(figures.monthlyPayment)],
    [t`Monthly payment day`, String(figures.paymentDay)],
    [t`First payment`, date(figures.firstPaymentDate)],
    [t`Last payment`, date(figures.lastPaymentDate)],
    [t`Paid out to your account`, eur(figures.totalAmountTransferredToAccount)],
    [t`Total amount to repay`, eur(figures.totalRepaymentAmount)],
    [t`Expected signing date`, date(expectedSigningDate)],
  ];
  return <TermsSummary id="contract-terms" title={<Trans>Main terms of the contract</Trans>} rows={rows} />;
}
