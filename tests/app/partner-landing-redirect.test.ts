import { describe, expect, it } from 'vitest';
import { partnerLandingTarget } from '../../src/app/pages/partner-landing-redirect';
import { matchAppRoute, APP_ROUTES } from '../../core/domain/app-routes';

/** Issue 25 (decision 189): the bank's landing page for a registered partner's goods. */
describe('/partner/{regCode}/{goodsName}', () => {
  it('opens the first page with the partner’s registration code and goods, keeping the language and tracking', () => {
    const query = partnerLandingTarget('?lang=ru&utm_source=poster', '10000001', 'used-car');
    expect(Object.fromEntries(query)).toEqual({ lang: 'ru', utm_source: 'poster', reg_code: '10000001', goods_name: 'used-car' });
  });

  it('drops what only a shop’s checkout link carries: no return address, price, order or seller, and no rate', () => {
    const query = partnerLandingTarget('?redirect_uri=https%3A%2F%2Fevil.example%2F&redirectUri=x&amount=1&reference_id=7&seller_business_name=X&interestRate=0&reg_code=other', '10000001', 'used-car');
    expect(Object.fromEntries(query)).toEqual({ reg_code: '10000001', goods_name: 'used-car' });
  });

  it('names no partner for segments a data file never writes', () => {
    const query = partnerLandingTarget('?reg_code=10000002&goods_name=laptop', '<script>', 'used-car');
    expect(query.has('reg_code')).toBe(false);
    expect(query.has('goods_name')).toBe(false);
  });

  it('is a route of the retail domains only', () => {
    expect(matchAppRoute('/partner/10000001/used-car', 'retail-banking-ee')).toBe(APP_ROUTES.partnerLanding);
    expect(matchAppRoute('/partner/10000001/used-car', 'retail-banking-lv')).toBe(APP_ROUTES.partnerLanding);
    expect(matchAppRoute('/partner/10000001/used-car', 'corporate-banking')).toBeUndefined();
    expect(matchAppRoute('/partner/10000001', 'retail-banking-ee')).toBeUndefined();
  });
});
