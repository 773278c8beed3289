import { Trans } from '@lingui/react/macro';
import './demonstration-marker.css';

export interface DemonstrationMarkerProps {
  /** Where the simulated providers' pages are (runtime configuration `simulatorsUrl`). */
  simulatorsUrl: string;
}

/**
 * Issue 21: a server whose outside parties are simulated says so on every page, so nobody mistakes
 * a demonstration for the bank's service: no real signing, payment or bank access happens. The link
 * opens the simulators' index (where a person answers the simulated Smart-ID phone, for instance) in
 * a new tab, so the application stays open beside it; the link's text says it does (WCAG 3.2.5).
 */
export function DemonstrationMarker({ simulatorsUrl }: DemonstrationMarkerProps) {
  return (
    <p className="solis-demonstration">
      <strong>
        <Trans>Demonstration: no real signing or bank access.</Trans>
      </strong>{' '}
      <a className="solis-link solis-footer__link" href={simulatorsUrl} target="_blank" rel="noopener noreferrer">
        <Trans>Simulated providers (opens in a new tab)</Trans>
      </a>
    </p>
  );
}
