import { Trans } from '@lingui/react/macro';
import { ShellErrorPage } from './pages/error-pages';

/** Section 2: anything else is the 404 page. */
export function NotFoundPage() {
  return (
    <ShellErrorPage
      icon="not-found"
      title={<Trans>Page not found</Trans>}
      description={<Trans>The address may be mistyped, or the page may have moved. Check the address or start from the home page.</Trans>}
    />
  );
}
