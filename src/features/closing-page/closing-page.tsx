import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { PageHeading } from '../../components/page-heading';
import { applicationReference } from '../../../core/domain/application-reference';
import type { StepRole } from '../../../core/domain/persons';
import { useApplicationActor } from '../../steps/_kit/application-actor';
import './closing-page.css';

/**
 * The pieces of the pages that end a flow: the decision pages (issue 12: ReadNegativeDecision,
 * ReadUndecidedDecision, ReadUndecidedHousingLoanDecision) and the thank-you pages.
 */

/** The application's reference (core/domain/application-reference.ts), once the application exists. */
export function useApplicationReference(): string | null {
  const actor = useApplicationActor();
  return useSelector(actor, (s) => (s.context.externalId ? applicationReference(s.context.externalId) : null));
}

/** What a decision page reads: whose page it is, the decision's outcome (core/domain/decisions.ts) and the reference. */
export function useDecisionPage(): { role: StepRole; outcome: string | null; reference: string | null } {
  const actor = useApplicationActor();
  const role = useSelector(actor, (s) => s.context.role);
  const outcome = useSelector(actor, (s) => s.context.application?.decision?.outcome ?? null);
  return { role, outcome, reference: useApplicationReference() };
}

/** The application's reference, to give when contacting the bank. */
export function ReferencePanel({ reference }: { reference: string }) {
  return (
    <div className="solis-panel">
      <p>
        <Trans>Your application reference</Trans>
      </p>
      <p className="solis-panel__reference">{reference}</p>
    </div>
  );
}

/** The reference to give when contacting the bank, where the application has one. */
export function ContactReference({ reference }: { reference: string | null }) {
  return reference ? (
    <p>
      <Trans>If you contact us about this application, please give its reference.</Trans>
    </p>
  ) : null;
}

/** How a page that ends the flow ends: the reference to give when contacting the bank, and leave to close the page. */
export function PageCloses({ reference }: { reference: string | null }) {
  return (
    <>
      <ContactReference reference={reference} />
      <p>
        <Trans>You can close this page.</Trans>
      </p>
    </>
  );
}

/** How an undecided page ends: nothing to do now, then as every closing page. */
export function WhileWeDecide({ reference }: { reference: string | null }) {
  return (
    <>
      <p>
        <Trans>You do not need to do anything now.</Trans>
      </p>
      <PageCloses reference={reference} />
    </>
  );
}

/**
 * A closing page's frame (issues 12 and 13; docs/decisions/146-149): the heading (which takes focus),
 * the application's reference, the page's own words and how it ends. The pages of statements, the
 * contract side and the partner flows share it, so their common words live once.
 */
export function ClosingPage({ focusKey, heading, children, ending = 'closes' }: { focusKey: string; heading: ReactNode; children: ReactNode; ending?: 'closes' | 'waits' | 'none' }) {
  const reference = useApplicationReference();
  return (
    <section className="step step--thank-you">
      <PageHeading focusKey={focusKey}>{heading}</PageHeading>
      {reference && <ReferencePanel reference={reference} />}
      {children}
      {ending === 'waits' ? <WhileWeDecide reference={reference} /> : ending === 'closes' ? <PageCloses reference={reference} /> : null}
    </section>
  );
}

/**
 * A page that waits for the bank's own work (decisions 172, 173): it moves on by itself once the
 * bank has answered, and says so where assistive technology hears it.
 */
export function MovesOnByItself({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="solis-inset-text">
      {children}
    </p>
  );
}

/** The "What happens next" subheading of a closing page. */
export function WhatHappensNext() {
  return (
    <h2 className="solis-subheading">
      <Trans>What happens next</Trans>
    </h2>
  );
}

/** What to bring to sign in person (the partner's store, a post office): an identity document. */
export function BringIdentityDocument() {
  return (
    <>
      <h2 className="solis-subheading">
        <Trans>What to bring</Trans>
      </h2>
      <p>
        <Trans>A valid identity document: your ID card or passport. Without it the contract cannot be signed.</Trans>
      </p>
    </>
  );
}

/**
 * By when to sign in person (decision 149): within the 14 days the offer's figures are held
 * (the pre-contract information's validity, decision 135); after that the applicant applies again.
 */
export function SignBy() {
  return (
    <>
      <h2 className="solis-subheading">
        <Trans>By when</Trans>
      </h2>
      <p>
        <Trans>Please sign within 14 days. After that the offer is no longer valid and you would need to apply again.</Trans>
      </p>
    </>
  );
}
