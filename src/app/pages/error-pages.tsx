import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { ErrorPage, type ErrorPageIcon } from '../../components/error-page';
import { useRuntimeConfig } from '../../steps/_kit/runtime-config-context';
import { AppLayout, logoutHrefFor, useHomeHref } from '../app-layout';
import { embeddedMode } from '../embedded';
import { useLocaleState } from '../locale-context';

interface ShellErrorPageProps {
  icon: ErrorPageIcon;
  title: ReactNode;
  description: ReactNode;
  homeLabel?: ReactNode;
  children?: ReactNode;
}

/**
 * Sections 2 and 8: an error page in the page frame, with title, description, icon and a button to
 * the home page in the language in use, hidden when embedded (the parent page owns navigation).
 */
export function ShellErrorPage({ icon, title, description, homeLabel, children }: ShellErrorPageProps) {
  const homeHref = useHomeHref();
  return (
    <AppLayout>
      <ErrorPage icon={icon} title={title} description={description} homeHref={homeHref} homeLabel={homeLabel} showHomeButton={!embeddedMode().embedded}>
        {children}
      </ErrorPage>
    </AppLayout>
  );
}

/** `/error`: the 500 page. */
export function ServerErrorPage() {
  return (
    <ShellErrorPage
      icon="error"
      title={<Trans>Sorry, there is a problem with the service</Trans>}
      description={<Trans>Please try again later. If you were filling in an application, the answers you gave are saved.</Trans>}
    />
  );
}

/** `/maintenance`. */
export function MaintenancePage() {
  return (
    <ShellErrorPage
      icon="maintenance"
      title={<Trans>This service is down for maintenance</Trans>}
      description={<Trans>You will be able to use the service again soon. Your saved answers are kept; please come back later.</Trans>}
    />
  );
}

/** `/no-task`: nothing for the applicant to do; in Latvia the text says the data is being processed. */
export function NoTaskPage() {
  const { countryCode } = useRuntimeConfig();
  if (countryCode === 'LV') {
    return (
      <ShellErrorPage
        icon="clock"
        title={<Trans>Your data is being processed</Trans>}
        description={<Trans>We are processing the information you gave us. This can take a few minutes; we will let you know when there is something for you to do.</Trans>}
      />
    );
  }
  return (
    <ShellErrorPage
      icon="info"
      title={<Trans>There is nothing for you to do right now</Trans>}
      description={<Trans>Your application does not need anything from you at the moment. We will contact you when there is news.</Trans>}
    />
  );
}

/** `/no-process`: in Latvia the no-account page; elsewhere no application to continue. */
export function NoProcessPage() {
  const { countryCode } = useRuntimeConfig();
  if (countryCode === 'LV') {
    return (
      <ShellErrorPage
        icon="info"
        title={<Trans>You need a Solis account to continue</Trans>}
        description={<Trans>This application can only be continued by a customer with a Solis current account. Open an account first, then apply again.</Trans>}
      />
    );
  }
  return (
    <ShellErrorPage
      icon="info"
      title={<Trans>There is no application to continue</Trans>}
      description={<Trans>We could not find an application in progress for you. You can start a new application from the home page.</Trans>}
    />
  );
}

/** `/unauthorized`; in Estonia with a link to log out (section 2). */
export function UnauthorizedPage() {
  const { countryCode } = useRuntimeConfig();
  const { locale } = useLocaleState();
  const homeHref = useHomeHref();
  return (
    <ShellErrorPage
      icon="locked"
      title={<Trans>You do not have access to this page</Trans>}
      description={<Trans>You may have been signed out, or this page is meant for someone else. Sign in again or start a new application.</Trans>}
    >
      {countryCode === 'EE' && (
        <p>
          <a className="solis-link" href={logoutHrefFor(locale, homeHref)}>
            <Trans>Log out and sign in as someone else</Trans>
          </a>
        </p>
      )}
    </ShellErrorPage>
  );
}

/** `/session-expired`. */
export function SessionExpiredPage() {
  return (
    <ShellErrorPage
      icon="clock"
      title={<Trans>Your session has ended</Trans>}
      description={<Trans>To protect your data, we end the session when there has been no activity for a while. Start again to continue.</Trans>}
      homeLabel={<Trans>Start again</Trans>}
    />
  );
}

/** `/link-expired` (Estonian retail only). */
export function LinkExpiredPage() {
  return (
    <ShellErrorPage
      icon="clock"
      title={<Trans>This link has expired</Trans>}
      description={<Trans>Links we send work for a limited time. Start a new application, or contact us if you need a new link.</Trans>}
    />
  );
}
