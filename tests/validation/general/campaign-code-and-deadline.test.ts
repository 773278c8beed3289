import { describe, expect, it } from 'vitest';
import { campaignCodeFromQuery, campaignCodeSchema } from '../../../core/validation/general/campaign-code';
import { isDeadlineWithinRange } from '../../../core/validation/general/date-rules';
import { TODAY, output } from '../support';

describe('the campaign code left out (section 5, optional)', () => {
  it('is sent as an empty text, for the retail and the corporate field', () => {
    expect(output(campaignCodeSchema({ variant: 'retail' }), undefined)).toBe('');
    expect(output(campaignCodeSchema({ variant: 'corporate', country: 'LT' }), undefined)).toBe('');
  });

  it('is read from a query given as text or as parameters alike', () => {
    const query = new URLSearchParams({ campaignCode: ' ruduo26 ', lang: 'et' });
    expect(campaignCodeFromQuery(query)).toBe('RUDUO26');
    expect(campaignCodeFromQuery(`?${query.toString()}`)).toBe('RUDUO26');
    expect(query.get('campaignCode')).toBe(' ruduo26 ');
  });
});

describe('a deadline on today or on its last day (section 5)', () => {
  it('today and 25 years from today are within the range, the days around them are not', () => {
    expect(isDeadlineWithinRange(TODAY, TODAY)).toBe('ok');
    expect(isDeadlineWithinRange(new Date(2050, 5, 15, 23, 59), TODAY)).toBe('ok');
    expect(isDeadlineWithinRange(new Date(2025, 5, 14, 23, 59), TODAY)).toBe('past');
    expect(isDeadlineWithinRange(new Date(2050, 5, 16), TODAY)).toBe('tooFar');
  });
});
