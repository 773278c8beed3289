import { useLocation, useParams } from 'react-router-dom';
import { RedirectHome } from './redirects';

/** A registration code or goods name as a partner's entry in the product data file writes them. */
const SEGMENT = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,255}$/u;

/** What only a shop's own link carries: a landing page has no checkout to return to, no price, no order. */
const SHOP_ONLY = ['redirectUri', 'redirect_uri', 'reference_id', 'amount', 'interestRate', 'seller_business_name', 'seller_legal_name', 'seller_reg_code', 'seller_phone_number'];

/**
 * Issue 25 (docs/decisions/189): `/partner/{regCode}/{goodsName}`, the bank's landing page for a
 * registered partner (a poster, a QR code, the partner's site without a checkout). It opens the first
 * page with the partner's registration code and goods, so the application is priced with the
 * partner's product and terms and the applicant chooses amount and period in the calculator. The
 * channel (`PARTNER_LANDING_PAGE`) is the server's: the partner's goods say it in the product data
 * file (server/applications/partner-link-channel.ts); nothing here declares it. The language and
 * the campaign's tracking of the address are kept.
 */
export function partnerLandingTarget(search: string, regCode: string, goodsName: string): URLSearchParams {
  const query = new URLSearchParams(search);
  for (const name of SHOP_ONLY) query.delete(name);
  if (SEGMENT.test(regCode) && SEGMENT.test(goodsName)) {
    query.set('reg_code', regCode);
    query.set('goods_name', goodsName);
  } else {
    query.delete('reg_code');
    query.delete('goods_name');
  }
  return query;
}

export function PartnerLandingRedirect() {
  const { regCode = '', goodsName = '' } = useParams();
  const location = useLocation();
  return <RedirectHome query={partnerLandingTarget(location.search, regCode, goodsName)} />;
}
