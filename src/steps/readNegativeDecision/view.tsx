import { Trans } from '@lingui/react/macro';
import { PageHeading } from '../../components/page-heading';
import { negativeKindOf } from '../../../core/domain/decisions';
import { PageCloses, ReferencePanel, useDecisionPage } from '../../features/closing-page/closing-page';

/**
 * ReadNegativeDecision (section 2, issue 12): the bank cannot lend, in plain words, with what happens
 * next. Its kinds: initial (the application as sent did not meet the lending rules), refinancing
 * (the obligations cannot be taken over) and final (after the bank's additional checks). The first
 * two were made automatically, so the applicant may ask for a person to look at them again (GDPR
 * article 22); every kind says why in general terms and how to reach the bank.
 */
export default function ReadNegativeDecision() {
  const { role, outcome, reference } = useDecisionPage();
  const kind = negativeKindOf(outcome);
  return (
    <section className="step step--decision">
      <PageHeading focusKey="readNegativeDecision">
        {kind === 'REFINANCING' ? <Trans>We cannot refinance your loans</Trans> : <Trans>We cannot approve your application</Trans>}
      </PageHeading>
      {reference && <ReferencePanel reference={reference} />}
      <h2 className="solis-subheading">
        <Trans>Why</Trans>
      </h2>
      {kind === 'INITIAL' && (
        <p>
          <Trans>We assessed the application against our lending rules, using the income, obligations and age given in it and the loan asked for. It does not meet them, so we cannot offer a loan this time.</Trans>
        </p>
      )}
      {kind === 'REFINANCING' && (
        <>
          <p>
            <Trans>We assessed whether a refinancing loan could pay off the loans listed in the application. With the income and obligations given in it, we cannot offer one this time.</Trans>
          </p>
          <p>
            <Trans>Nothing changes for your current loans: keep paying them as agreed with your lenders.</Trans>
          </p>
        </>
      )}
      {kind === 'FINAL' && (
        <p>
          <Trans>We have finished checking the application and the information we asked for. It does not meet our lending rules, and this decision is final.</Trans>
        </p>
      )}
      <h2 className="solis-subheading">
        <Trans>What happens next</Trans>
      </h2>
      {role === 'COBORROWER' ? (
        <p>
          <Trans>The main applicant sees this decision too. Nothing more is needed from you, and the application is closed.</Trans>
        </p>
      ) : (
        <p>
          <Trans>Nothing more is needed from you, and the application is closed.</Trans>
        </p>
      )}
      {kind === 'FINAL' ? (
        <p>
          <Trans>You can apply again when your circumstances change, for example when your income grows or your obligations get smaller.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>This decision was made automatically. You have the right to ask for a person at the bank to look at it again and to explain it to you.</Trans>
          </p>
          <p>
            <Trans>You can apply again when your circumstances change, for example when your income grows or your obligations get smaller.</Trans>
          </p>
        </>
      )}
      <PageCloses reference={reference} />
    </section>
  );
}
