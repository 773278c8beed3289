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
import { resumeHref } from '../../../core/domain/app-routes';
import { useRuntimeConfig } from '../../steps/_kit/runtime-config-context';

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
  const { defaultLocale } = useRuntimeConfig();
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
  // Decision 195: an applicant's link (by e-mail, or a partner's) that has expired, or that another person's browser opened.
  if (state === 'expired') {
    return (
      <AppLayout>
        <ErrorPage
          icon="clock"
          title={<Trans>This link has expired</Trans>}
          description={
            <Trans>
              For your security, a link to your application works once and only for a short time. Your answers are kept: ask for a new link, or log
              in to continue.
            </Trans>
          }
          homeHref={resumeHref(locale, defaultLocale)}
          homeLabel={<Trans>Continue your application</Trans>}
          showHomeButton={!embeddedMode().embedded}
        />
      </AppLayout>
    );
  }
  if (state === 'forAnotherPerson') {
    return (
      <AppLayout>
        <ErrorPage
          icon="locked"
          title={<Trans>This link is for someone else’s application</Trans>}
          description={
            <Trans>
              In this browser, another person has logged in or has an application open, so the link was not opened. If the application is yours, open
              the link on your own device or in a private window. The link still works.
            </Trans>
          }
          homeHref={homeHref}
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
