import { useEffect, useMemo } from 'react';
import { Trans } from '@lingui/react/macro';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate, useParams } from 'react-router-dom';
import { invitationMachine } from '../../../machines/invitation/invitation.machine';
import { acceptInvitation } from '../../api/co-borrower.api';
import type { AcceptedInvitation } from '../../../core/wire/process.schema';
import { rejectingWithAppError } from '../../api/app-error';
import { ErrorPage } from '../../components/error-page';
import { LoadingPage } from '../../components/loading-page';
import { roleQueryOf } from '../../../core/domain/persons';
import { AppLayout, useHomeHref } from '../app-layout';
import { embeddedMode } from '../embedded';
import { useInspect } from '../inspect-context';
import { useLocaleState } from '../locale-context';

/** The invitation machine with its I/O: the one call that spends the token. */
const providedInvitationMachine = invitationMachine.provide({
  actors: {
    acceptInvitation: fromPromise<AcceptedInvitation, { token: string }>(({ input, signal }) =>
      rejectingWithAppError(() => acceptInvitation(input.token, { signal })),
    ),
  },
});

/**
 * `/invitation/:token` (issue 11): the link a co-borrower is sent. The token is spent once, in the
 * co-borrower's own session, which from then on continues the application in the co-borrower role
 * (`/?externalId=...&role=coborrower`); the token leaves the address bar and the history at once.
 * Decision 188: the same one-time link, answered to a partner's or broker's server, is the applicant's:
 * their session becomes the application's own and continues as the applicant.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { locale } = useLocaleState();
  const navigate = useNavigate();
  const homeHref = useHomeHref();
  const inspect = useInspect();
  const machine = useMemo(() => providedInvitationMachine, []);
  const actor = useActorRef(machine, { input: { token }, ...(inspect ? { inspect } : {}) });
  const state = useSelector(actor, (s) => s.value as string);
  const externalId = useSelector(actor, (s) => s.context.externalId);
  const role = useSelector(actor, (s) => s.context.role);

  useEffect(() => {
    if (state !== 'accepted' || !externalId) return;
    const query = new URLSearchParams({ externalId, role: roleQueryOf(role), lang: locale });
    navigate({ pathname: '/', search: `?${query.toString()}` }, { replace: true });
  }, [state, externalId, role, locale, navigate]);

  if (state === 'unusable') {
    return (
      <AppLayout>
        <ErrorPage
          icon="clock"
          title={<Trans>This invitation link cannot be used</Trans>}
          description={
            <Trans>
              The link may have been used already or it may have expired: each link works once, for 7 days. Ask the person who added you to the
              application to send you a new one.
            </Trans>
          }
          homeHref={homeHref}
          homeLabel={<Trans>Apply for a loan yourself</Trans>}
          showHomeButton={!embeddedMode().embedded}
        />
      </AppLayout>
    );
  }
  if (state === 'failed') {
    return (
      <AppLayout>
        <ErrorPage
          icon="error"
          showHomeButton={false}
          title={<Trans>Something went wrong</Trans>}
          description={<Trans>We could not open your invitation. The link still works; please try again in a moment.</Trans>}
        >
          <button type="button" className="solis-button" onClick={() => actor.send({ type: 'invitation.retried' })}>
            <Trans>Try again</Trans>
          </button>
        </ErrorPage>
      </AppLayout>
    );
  }
  return (
    <AppLayout>
      <LoadingPage label={<Trans>Opening your invitation…</Trans>} />
    </AppLayout>
  );
}
