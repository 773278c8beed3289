import { useLocation, useParams } from 'react-router-dom';
import type { BusinessDomain } from '../../../core/domain/business-domains';
import { localeFromLanguageCode } from '../../../core/domain/languages';
import { landingChoice } from '../../../core/domain/product-cards';
import { useRuntimeConfig } from '../../steps/_kit/runtime-config-context';
import { RedirectHome } from './redirects';

/** A loan purpose as the homepage's landing links write it (`DAILY_SETTLEMENTS`, `traveling`, `car-loan`). */
const LOAN_PURPOSE = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * Section 2: `/landing/{lang}/{initialLoanPurpose}` (Estonian retail only) redirects to `/` with
 * loanPurpose, productName and lang in the query and interestRate cleared: a rate from a landing
 * page is never carried into an application. The purpose's product is preselected (`/landing/ru/
 * car-loan` is a car loan, `/landing/et/TRAVELING` a small loan for travelling); a segment naming
 * nothing known leaves the choice to the applicant. The language may be written eng/est/rus too.
 */
export function landingTarget(search: string, lang: string, initialLoanPurpose: string, domain: BusinessDomain): URLSearchParams {
  const query = new URLSearchParams(search);
  query.delete('interestRate');
  const choice = LOAN_PURPOSE.test(initialLoanPurpose) ? landingChoice(domain, initialLoanPurpose) : undefined;
  if (choice) {
    query.set('productName', choice.productName);
    if (choice.loanPurpose) query.set('loanPurpose', choice.loanPurpose);
    else query.delete('loanPurpose');
  } else {
    query.delete('loanPurpose');
  }
  const locale = localeFromLanguageCode(lang);
  if (locale) query.set('lang', locale);
  else query.delete('lang');
  return query;
}

export function LandingRedirect() {
  const { lang = '', initialLoanPurpose = '' } = useParams();
  const location = useLocation();
  const { businessDomain } = useRuntimeConfig();
  return <RedirectHome query={landingTarget(location.search, lang, initialLoanPurpose, businessDomain)} />;
}
