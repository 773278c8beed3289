import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useApplicationActor } from '../_kit/application-actor';
import { ClosingPage, WhatHappensNext } from '../../features/closing-page/closing-page';

/**
 * Return to merchant after bank statement upload (section 2 thank-you pages; issue 13; decision 147): the statements are in; the applicant may go back to the partner’s shop at the return address the server stored for the application (only one of the partner’s registered return addresses, decision 093; server/http/redirect-allowlist.ts).
 */
export default function ViewReturnToMerchant() {
  const actor = useApplicationActor();
  const address = useSelector(actor, (s) => shopAddress(s.context.application?.processData?.webShopRedirectUri));
  const shop = useSelector(actor, (s) => s.context.application?.seller?.businessName ?? null);
  return (
    <ClosingPage focusKey="viewReturnToMerchant" heading={<Trans>Thank you! We have received your bank statements</Trans>} ending={address ? 'none' : 'closes'}>
      <WhatHappensNext />
      <p>
        <Trans>We will check your application and send our decision by e-mail. The shop will also be told whether the loan is approved.</Trans>
      </p>
      {address ? (
        <p>
          <a className="solis-button" href={address}>
            {shop ? <Trans>Return to {shop}</Trans> : <Trans>Return to the shop</Trans>}
          </a>
        </p>
      ) : null}
    </ClosingPage>
  );
}

/** The stored return address when it is an absolute http(s) address; nothing else becomes a link. */
function shopAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
