/**
 * What the generic contract test (tests/contract/contracts.test.ts) cannot see: the parts of the
 * table that follow the prefill (the customer administrator's section, the languages offered, the
 * loan already chosen), on the server's side, which must be given the same prefill (decision 110).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { productTableOf } from '../../../tests/support/product-data';
import contract from './contract';

const applicant = { personalCode: '38001085718', consents: { registryCheck: true, silent: false } };
const payload = (applicationUpdates: Record<string, unknown>, person: Record<string, unknown> = {}) => ({
  applicationUpdates,
  personUpdates: [{ role: 'APPLICANT', languageCode: 'est', ...applicant, ...person }],
  addRelations: [],
  customData: {},
});
const problems = (result: v.SafeParseResult<v.GenericSchema>) =>
  Object.fromEntries((result.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]));

describe('SubmitPersonalInfo contract on the server', () => {
  it('asks nothing of bank staff unless told the user is a customer administrator: what it is sent is dropped', () => {
    const schema = contract.payloadSchema({ domain: 'retail-banking-ee', role: 'APPLICANT' });
    const sent = payload({ creditConditions: { productName: 'SMALL_LOAN' }, campaignCode: '', source: { channel: 'INTERNAL', creationChannel: 'OFFICE', customerIdentified: true } });
    expect(v.parse(schema, sent).applicationUpdates).toEqual({ creditConditions: { productName: 'SMALL_LOAN' }, campaignCode: '' });
  });

  it('with the administrator prefill, requires the channel and the identification, and an office sells the small loan only', () => {
    const schema = contract.payloadSchema({ domain: 'retail-banking-ee', role: 'APPLICANT', prefill: { customerAdministrator: true } });
    expect(problems(v.safeParse(schema, payload({ creditConditions: { productName: 'SMALL_LOAN' }, campaignCode: '' })))).toEqual({
      'applicationUpdates.source.creationChannel': 'validation.messages.required',
      'applicationUpdates.source.customerIdentified': 'validation.messages.consentRequired',
    });
    const office = payload({ source: { creationChannel: 'OFFICE', customerIdentified: true }, creditConditions: { productName: 'CAR_LOAN' }, campaignCode: '' });
    expect(problems(v.safeParse(schema, office))).toEqual({ 'applicationUpdates.creditConditions.productName': 'validation.messages.choiceInvalid' });
    const phone = payload({ source: { creationChannel: 'CALL_CENTER', customerIdentified: true }, creditConditions: { productName: 'CAR_LOAN' }, campaignCode: '' });
    // The application becomes an internal one (section 3), whatever the client says.
    expect(v.parse(schema, phone).applicationUpdates).toMatchObject({ source: { channel: 'INTERNAL', creationChannel: 'CALL_CENTER' } });
    expect(v.safeParse(schema, { ...phone, applicationUpdates: { ...phone.applicationUpdates, source: { channel: 'WEB', creationChannel: 'CALL_CENTER', customerIdentified: true } } }).success).toBe(false);
  });

  it('refuses a loan type whose bounds in the product data do not hold the amount and period already chosen', () => {
    const products = productTableOf('retail-banking-ee');
    const schema = contract.payloadSchema({ domain: 'retail-banking-ee', role: 'APPLICANT', products, prefill: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });
    expect(problems(v.safeParse(schema, payload({ creditConditions: { productName: 'HOUSING_LOAN' }, campaignCode: '' })))).toEqual({
      'applicationUpdates.creditConditions.productName': 'validation.messages.choiceInvalid',
    });
    expect(v.safeParse(schema, payload({ creditConditions: { productName: 'CAR_LOAN' }, campaignCode: '' })).success).toBe(true);
    // Neither a partner's hire purchase nor a current account is chosen on the bank's own pages.
    for (const productName of ['COMP_HIRE_PURCHASE', 'CURRENT_ACCOUNT']) {
      const anyLoan = contract.payloadSchema({ domain: 'retail-banking-ee', role: 'APPLICANT', products });
      expect(problems(v.safeParse(anyLoan, payload({ creditConditions: { productName }, campaignCode: '' }))), productName).toEqual({
        'applicationUpdates.creditConditions.productName': 'validation.messages.choiceInvalid',
      });
    }
  });

  it('takes the one language offered as set, and no other', () => {
    const schema = contract.payloadSchema({ domain: 'retail-banking-lt', role: 'APPLICANT', prefill: { allowedLocales: ['lt'] } });
    const lithuanian = { ...payload({ creditConditions: { productName: 'SMALL_LOAN' }, campaignCode: '' }, { personalCode: '49403136526', languageCode: 'lit' }) };
    expect(v.safeParse(schema, lithuanian).success).toBe(true);
    const english = payload({ creditConditions: { productName: 'SMALL_LOAN' }, campaignCode: '' }, { personalCode: '49403136526', languageCode: 'eng' });
    expect(problems(v.safeParse(schema, english))).toEqual({ 'personUpdates.0.languageCode': 'validation.messages.choiceInvalid' });
  });

  it('asks a co-borrower neither the loan type nor a campaign code, and takes their answers as theirs', () => {
    const schema = contract.payloadSchema({ domain: 'retail-banking-ee', role: 'COBORROWER' });
    const sent = { ...payload({ creditConditions: { productName: 'CAR_LOAN' } }), personUpdates: [{ role: 'COBORROWER', languageCode: 'est', ...applicant }] };
    const accepted = v.parse(schema, sent);
    expect(accepted.applicationUpdates).toEqual({});
    expect(accepted.personUpdates[0]).toMatchObject({ role: 'COBORROWER' });
    expect(v.safeParse(schema, payload({})).success).toBe(false);
  });
});
