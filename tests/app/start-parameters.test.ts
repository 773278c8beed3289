import { describe, expect, it } from 'vitest';
import { readStartParameters } from '../../src/app/start-parameters';

describe('start parameters from the query (section 3)', () => {
  it('takes the campaign code trimmed (the step upper-cases it), and leaves a blank one out', () => {
    expect(readStartParameters('?campaignCode=%20spring24%20', 'retail-banking-ee').campaignCode).toBe('spring24');
    expect(readStartParameters('?campaignCode=%20%20', 'retail-banking-ee')).not.toHaveProperty('campaignCode');
    expect(readStartParameters('?campaignCode=', 'retail-banking-ee')).not.toHaveProperty('campaignCode');
    expect(readStartParameters('', 'retail-banking-ee')).not.toHaveProperty('campaignCode');
  });

  it('says the embedded user is a customer administrator only when the token says so (section 6)', () => {
    expect(readStartParameters('', 'retail-banking-lv', { customerAdministrator: true }).customerAdministrator).toBe(true);
    expect(readStartParameters('', 'retail-banking-lv', { customerAdministrator: false })).not.toHaveProperty('customerAdministrator');
    expect(readStartParameters('?customerAdministrator=true', 'retail-banking-lv')).not.toHaveProperty('customerAdministrator');
  });
});
