import { Trans } from '@lingui/react/macro';
import { ErrorPage } from '../components/error-page';
import { AppLayout } from './app-layout';

/** Section 2: anything else is the 404 page. */
export function NotFoundPage() {
  return (
    <AppLayout>
      <ErrorPage
        icon="not-found"
        title={<Trans>Page not found</Trans>}
        description={<Trans>The address may be mistyped, or the page may have moved. Check the address or start from the home page.</Trans>}
      />
    </AppLayout>
  );
}
