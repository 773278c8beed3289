import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { DownloadableDocument, documentDownloadMachine } from '../../machines/document-download/document-download.machine';
import { documentDownloadView } from '../../machines/document-download/document-download.view';
import { Spinner } from './spinner';

export interface DocumentDownloadProps {
  /** The step's download machine (its logic); the control waits while it has not started. */
  download: ActorRefFrom<typeof documentDownloadMachine> | undefined;
  document: DownloadableDocument | null;
  /** What the button says, naming the document ("Download the contract (PDF)"). */
  label: ReactNode;
}

/**
 * One document to download (issue 12: the contract, the pre-contract information of an offer). A
 * button, since it acts rather than goes somewhere: the file comes through the app's HTTP client (an
 * embedded session's token goes with it) and the browser saves it. While it comes, the button says
 * so and a status message is announced; a failure is announced with Try again; nothing else on the
 * page is lost either way.
 */
export function DocumentDownload({ download, document, label }: DocumentDownloadProps) {
  const { status } = useSelector(download, documentDownloadView) ?? { status: 'idle' as const };
  const busy = status === 'downloading';
  const request = () => {
    if (document && !busy) download?.send({ type: 'download.requested', document });
  };
  return (
    <div className="solis-document-download">
      <button type="button" className="solis-button solis-button--secondary" onClick={request} aria-disabled={!document || busy || !download} disabled={!document}>
        {busy && <Spinner size="small" />} {label}
      </button>
      <DownloadFeedback download={download} />
    </div>
  );
}

/**
 * What a download machine is doing, said: an announced status while the file comes and once it came,
 * and an alert with Try again when it failed. Under one download button, or under several (the
 * cross-sell modal's contract cards share one machine).
 */
export function DownloadFeedback({ download }: { download: ActorRefFrom<typeof documentDownloadMachine> | undefined }) {
  const { status } = useSelector(download, documentDownloadView) ?? { status: 'idle' as const };
  return (
    <>
      <p role="status" className="solis-document-download__status">
        {status === 'downloading' && <Trans>Preparing the document for download…</Trans>}
        {status === 'downloaded' && <Trans>The document has been downloaded. Look for it in your browser’s downloads.</Trans>}
      </p>
      {status === 'failed' && (
        <div className="solis-notice" role="alert">
          <p>
            <Trans>We could not download the document just now. Nothing on this page has been lost; please try again.</Trans>
          </p>
          <button type="button" className="solis-button solis-button--secondary" onClick={() => download?.send({ type: 'download.retried' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
    </>
  );
}
