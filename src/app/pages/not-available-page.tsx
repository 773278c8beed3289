import { Trans } from '@lingui/react/macro';
import { ErrorPage } from '../../components/error-page';
import { contactsOf } from '../../../core/domain/contacts';
import { isCorporate } from '../../../core/domain/business-domains';
import { useRuntimeConfig } from '../../steps/_kit/runtime-config-context';
import { AppLayout, useHomeHref } from '../app-layout';
import { embeddedMode } from '../embedded';
import { useLocaleState } from '../locale-context';

/**
 * Routes whose screens come with later work (docs/decisions/060-routes-before-their-screens.md):
 * business customers' pages say plainly that this is not available online yet and offer what is,
 * rather than a fake screen or an error about a missing step.
 */

function ContactLine() {
  const { countryCode } = useRuntimeConfig();
  const { locale } = useLocaleState();
  const contacts = contactsOf(countryCode, locale);
  if (!contacts) return null;
  const { phone, email } = contacts;
  return (
    <p>
      <Trans>
        Call us on <a className="solis-link" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a> or write to{' '}
        <a className="solis-link" href={`mailto:${email}`}>{email}</a>.
      </Trans>
    </p>
  );
}

export function NotAvailablePage() {
  const { businessDomain } = useRuntimeConfig();
  const homeHref = useHomeHref();
  // Business customers have no online application yet, so there is nothing to send them to.
  const canApplyOnline = !isCorporate(businessDomain);
  return (
    <AppLayout>
      <ErrorPage
        icon="info"
        title={<Trans>Applications for business customers are not available online yet</Trans>}
        description={<Trans>Our business customer advisers will help you apply for a loan or leasing.</Trans>}
        homeHref={homeHref}
        homeLabel={<Trans>Apply for a loan online</Trans>}
        showHomeButton={canApplyOnline && !embeddedMode().embedded}
      >
        <ContactLine />
      </ErrorPage>
    </AppLayout>
  );
}
