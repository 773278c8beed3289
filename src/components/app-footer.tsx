import { Trans, useLingui } from '@lingui/react/macro';
import type { ContactDetails } from '../../core/domain/contacts';
import { DemonstrationMarker } from './demonstration-marker';
import './app-footer.css';

export interface AppFooterProps {
  /** The country's contact details in the page's language (section 2: footer). */
  contacts: ContactDetails;
  /** Issue 21: the simulated providers' pages, when this server is a demonstration. */
  simulatorsUrl?: string | null;
}

/** `tel:` takes the number without the spaces that make it readable. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The shell footer (section 2): contact phone and e-mail, contact, terms and cookie-policy links
 * and the social links, per country and language. Links to other sites say so in their names'
 * surroundings only through the heading; none opens a new window (WCAG 3.2.5).
 */
export function AppFooter({ contacts, simulatorsUrl = null }: AppFooterProps) {
  const { t } = useLingui();
  return (
    <footer className="solis-footer">
      <div className="solis-footer__inner">
        {simulatorsUrl && <DemonstrationMarker simulatorsUrl={simulatorsUrl} />}
        <h2 className="solis-footer__heading">
          <Trans>Contact us</Trans>
        </h2>
        <dl className="solis-footer__contacts">
          <div>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>
              <a className="solis-link solis-footer__link" href={telHref(contacts.phone)}>
                {contacts.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>E-mail</Trans>
            </dt>
            <dd>
              <a className="solis-link solis-footer__link" href={`mailto:${contacts.email}`}>
                {contacts.email}
              </a>
            </dd>
          </div>
        </dl>
        <nav aria-label={t`Information`}>
          <ul className="solis-footer__links">
            <li>
              <a className="solis-link solis-footer__link" href={contacts.contactUrl}>
                <Trans>Contacts and branches</Trans>
              </a>
            </li>
            <li>
              <a className="solis-link solis-footer__link" href={contacts.termsUrl}>
                <Trans>Terms and conditions</Trans>
              </a>
            </li>
            <li>
              <a className="solis-link solis-footer__link" href={contacts.cookiePolicyUrl}>
                <Trans>Cookie policy</Trans>
              </a>
            </li>
            <li>
              {/* Decision 190: the analytics choice, to change or withdraw (the banner opens again). */}
              <button type="button" className="solis-link solis-footer__link solis-footer__button" onClick={() => window.dispatchEvent(new Event('solis:cookie-settings'))}>
                <Trans>Cookie settings</Trans>
              </button>
            </li>
          </ul>
        </nav>
        <h2 className="solis-footer__heading">
          <Trans>Follow us</Trans>
        </h2>
        <ul className="solis-footer__links">
          {contacts.socialLinks.map((link) => (
            <li key={link.network}>
              <a className="solis-link solis-footer__link" href={link.url} lang="en">
                {link.network}
              </a>
            </li>
          ))}
        </ul>
        <p className="solis-footer__note">
          <Trans>Solis is a fictional bank brand used for this application flow.</Trans>
        </p>
      </div>
    </footer>
  );
}
