import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isContractSigned, signingChoicesFor, signingFlowOf, unsignedContracts } from '../../core/domain/contracts';

const signed = { dateTime: '2026-11-26T10:15:00.000Z', method: 'SMART_ID', fileServiceId: 'b1f0c6f4-6a53-4f0a-9d7e-0d6c1c7b2a10' };

describe('a contract counts as signed (section 3)', () => {
  it('only when the date, the method and the file are all present', () => {
    expect(isContractSigned({ signing: signed })).toBe(true);
    expect(isContractSigned({ signing: { ...signed, dateTime: null } })).toBe(false);
    expect(isContractSigned({ signing: { ...signed, method: undefined } })).toBe(false);
    expect(isContractSigned({ signing: { ...signed, fileServiceId: '' } })).toBe(false);
    expect(isContractSigned({ signing: { ...signed, method: '   ' } })).toBe(false);
    expect(isContractSigned({ signing: {} })).toBe(false);
    expect(isContractSigned(null)).toBe(false);
    expect(isContractSigned(undefined)).toBe(false);
  });

  it('is never signed with any part missing, whatever the others hold', () => {
    const part = fc.option(fc.string(), { nil: null });
    fc.assert(
      fc.property(part, part, part, (dateTime, method, fileServiceId) => {
        const all = [dateTime, method, fileServiceId].every((value) => value !== null && value.trim() !== '');
        expect(isContractSigned({ signing: { dateTime, method, fileServiceId } })).toBe(all);
      }),
    );
  });

  it('leaves the unsigned contracts to sign, in order', () => {
    const contracts = [
      { productName: 'SMALL_LOAN', signing: signed },
      { productName: 'CREDIT_CARD_VISA_CLASSIC', signing: { ...signed, dateTime: null } },
      { productName: 'CAR_LOAN', signing: {} },
    ];
    expect(unsignedContracts(contracts).map((contract) => contract.productName)).toEqual(['CREDIT_CARD_VISA_CLASSIC', 'CAR_LOAN']);
  });
});

describe('the ways to sign (decision 136)', () => {
  it('Estonia and Lithuania: Smart-ID and Mobile-ID; no payment, store or post', () => {
    expect(signingChoicesFor({ domain: 'retail-banking-ee' })).toEqual(['SMART_ID', 'MOBILE_SIGNATURE']);
    expect(signingChoicesFor({ domain: 'retail-banking-lt', flags: new Set(['paymentSigning', 'eParakstsSigning']) })).toEqual(['SMART_ID', 'MOBILE_SIGNATURE']);
  });

  it('Latvia: eParaksts only with its flag, payment only with its flag and for the bank’s own applications, post for its own', () => {
    expect(signingChoicesFor({ domain: 'retail-banking-lv', channel: 'WEB' })).toEqual(['SMART_ID', 'POST']);
    expect(signingChoicesFor({ domain: 'retail-banking-lv', channel: 'WEB', flags: new Set(['eParakstsSigning', 'paymentSigning']) })).toEqual([
      'SMART_ID',
      'EPARAKSTS',
      'EPARAKSTS_EID',
      'PAYMENT',
      'POST',
    ]);
  });

  it('Latvia: no payment when two contracts are signed (cross-sell): one payment signs one contract', () => {
    const flags = new Set(['eParakstsSigning', 'paymentSigning']);
    expect(signingChoicesFor({ domain: 'retail-banking-lv', channel: 'WEB', flags, contracts: 1 })).toContain('PAYMENT');
    expect(signingChoicesFor({ domain: 'retail-banking-lv', channel: 'WEB', flags, contracts: 2 })).toEqual(['SMART_ID', 'EPARAKSTS', 'EPARAKSTS_EID', 'POST']);
  });

  it('a partner’s application may be signed at the partner’s store, and never by payment or post', () => {
    for (const channel of ['PARTNER', 'PARTNER_HOSTED_FLOW', 'PARTNER_SHORT']) {
      expect(signingChoicesFor({ domain: 'retail-banking-lv', channel, flags: new Set(['paymentSigning']) })).toEqual(['SMART_ID', 'PARTNER_STORE']);
      expect(signingChoicesFor({ domain: 'retail-banking-ee', channel })).toEqual(['SMART_ID', 'MOBILE_SIGNATURE', 'PARTNER_STORE']);
    }
  });

  it('offers only the partner’s store when the partner does not let its customers sign digitally (decision 189)', () => {
    const flags = new Set(['eParakstsSigning', 'paymentSigning']);
    for (const channel of ['PARTNER_HOSTED_FLOW', 'PARTNER_SHORT', 'PARTNER_LANDING_PAGE']) {
      for (const domain of ['retail-banking-ee', 'retail-banking-lv', 'retail-banking-lt'] as const) {
        expect(signingChoicesFor({ domain, channel, flags, digitalSigning: false })).toEqual(['PARTNER_STORE']);
      }
    }
    // Said of the bank's own application it changes nothing but the e-signatures: payment and post remain.
    expect(signingChoicesFor({ domain: 'retail-banking-lv', channel: 'WEB', flags, digitalSigning: false })).toEqual(['PAYMENT', 'POST']);
    expect(signingChoicesFor({ domain: 'retail-banking-lv', channel: 'PARTNER_LANDING_PAGE', flags, digitalSigning: true })).toEqual(['SMART_ID', 'EPARAKSTS', 'EPARAKSTS_EID', 'PARTNER_STORE']);
  });

  it('offers no method whose provider this server cannot reach (issue 21: production without the party configured)', () => {
    const flags = new Set(['eParakstsSigning', 'paymentSigning']);
    const none = { smartId: false, mobileId: false, eparaksts: false, bankPayment: [] };
    expect(signingChoicesFor({ domain: 'retail-banking-lv', channel: 'WEB', flags, providers: none })).toEqual(['POST']);
    expect(signingChoicesFor({ domain: 'retail-banking-ee', providers: none })).toEqual([]);
    expect(signingChoicesFor({ domain: 'retail-banking-ee', providers: { ...none, mobileId: true } })).toEqual(['MOBILE_SIGNATURE']);
    expect(signingChoicesFor({ domain: 'retail-banking-lv', channel: 'WEB', flags, providers: { ...none, eparaksts: true, bankPayment: ['HABALV22'] } })).toEqual([
      'EPARAKSTS',
      'EPARAKSTS_EID',
      'PAYMENT',
      'POST',
    ]);
    expect(signingChoicesFor({ domain: 'retail-banking-ee', channel: 'PARTNER', providers: { ...none, smartId: true } })).toEqual(['SMART_ID', 'PARTNER_STORE']);
  });

  it('names the flow of each choice', () => {
    expect(['SMART_ID', 'MOBILE_SIGNATURE', 'EPARAKSTS', 'EPARAKSTS_EID'].map((choice) => signingFlowOf(choice as never))).toEqual(['digital', 'digital', 'digital', 'digital']);
    expect(signingFlowOf('PAYMENT')).toBe('payment');
    expect(signingFlowOf('PARTNER_STORE')).toBe('partnerStore');
    expect(signingFlowOf('POST')).toBe('post');
  });
});

describe('a company’s representative signs (decision 184)', () => {
  const flags = new Set(['eParakstsSigning', 'paymentSigning']);

  it('with the e-signatures of the company’s country, never by a payment or at a post office', () => {
    expect(signingChoicesFor({ domain: 'corporate-banking', country: 'EE', flags })).toEqual(['SMART_ID', 'MOBILE_SIGNATURE']);
    expect(signingChoicesFor({ domain: 'corporate-banking', country: 'LV', flags })).toEqual(['SMART_ID', 'EPARAKSTS', 'EPARAKSTS_EID']);
    expect(signingChoicesFor({ domain: 'corporate-banking', country: 'LT', flags })).toEqual(['SMART_ID', 'MOBILE_SIGNATURE']);
    // A Latvian private person may pay or go to the post office; a Latvian company may not.
    expect(signingChoicesFor({ domain: 'retail-banking-lv', flags })).toEqual(['SMART_ID', 'EPARAKSTS', 'EPARAKSTS_EID', 'PAYMENT', 'POST']);
  });
});
