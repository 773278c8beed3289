import { describe, expect, it } from 'vitest';
import { readStartParameters } from '../../src/app/start-parameters';

describe('start parameters from the query (section 3)', () => {
  it('takes the campaign code trimmed (the step upper-cases it), and leaves a blank one out', () => {
    expect(readStartParameters('?campaignCode=%20spring24%20', 'retail-banking-ee').campaignCode).toBe('spring24');
    expect(readStartParameters('?campaignCode=%20%20', 'retail-banking-ee')).not.toHaveProperty('campaignCode');
    expect(readStartParameters('?campaignCode=', 'retail-banking-ee')).not.toHaveProperty('campaignCode');
    expect(readStartParameters('', 'retail-banking-ee')).not.toHaveProperty('campaignCode');
  });

  it("tells a product the link names (the customer's request, decision 239) from the domain's default", () => {
    expect(readStartParameters('?productName=car-loan', 'retail-banking-ee')).toMatchObject({ productName: 'CAR_LOAN', namedProduct: 'CAR_LOAN' });
    expect(readStartParameters('?productName=HOUSING_LOAN', 'retail-banking-lv')).toMatchObject({ productName: 'HOUSING_LOAN', namedProduct: 'HOUSING_LOAN' });
    // The default product named outright is still a request: only its unfinished application is continued.
    expect(readStartParameters('?productName=small-loan', 'retail-banking-lt')).toMatchObject({ productName: 'SMALL_LOAN', namedProduct: 'SMALL_LOAN' });
    // Nothing named, or nothing the domain offers: the default, and any unfinished application is continued.
    expect(readStartParameters('', 'retail-banking-ee')).toMatchObject({ productName: 'SMALL_LOAN' });
    expect(readStartParameters('', 'retail-banking-ee')).not.toHaveProperty('namedProduct');
    expect(readStartParameters('?productName=boat-loan', 'retail-banking-ee')).not.toHaveProperty('namedProduct');
    expect(readStartParameters('?productName=OPERATING_LOAN', 'retail-banking-ee')).toMatchObject({ productName: 'SMALL_LOAN' });
    expect(readStartParameters('?productName=OPERATING_LOAN', 'retail-banking-ee')).not.toHaveProperty('namedProduct');
    expect(readStartParameters('?productName=credit-line', 'corporate-banking')).not.toHaveProperty('namedProduct');
    expect(readStartParameters('?productName=CREDIT_LINE', 'corporate-banking')).toMatchObject({ productName: 'CREDIT_LINE', namedProduct: 'CREDIT_LINE' });
  });

  it('says the embedded user is a customer administrator only when the token says so (section 6)', () => {
    expect(readStartParameters('', 'retail-banking-lv', { customerAdministrator: true }).customerAdministrator).toBe(true);
    expect(readStartParameters('', 'retail-banking-lv', { customerAdministrator: false })).not.toHaveProperty('customerAdministrator');
    expect(readStartParameters('?customerAdministrator=true', 'retail-banking-lv')).not.toHaveProperty('customerAdministrator');
  });
});
