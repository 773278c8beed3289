import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Spinner } from './spinner';
import './loading-page.css';

export interface LoadingPageProps {
  /** What is loading, translated; "Loading…" by default. */
  label?: ReactNode;
}

/** A full-page loading state announced politely (role=status) rather than a silent spinner. */
export function LoadingPage({ label }: LoadingPageProps) {
  return (
    <div className="solis-loading" role="status">
      <Spinner size="large" />
      <p>{label ?? <Trans>Loading…</Trans>}</p>
    </div>
  );
}
