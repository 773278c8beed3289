/**
 * The bank payment adapter (decision 168) against recorded answers replayed by a loopback server:
 * the payment request has RFC 9396's payment_initiation shape, and NextGenPSD2's transaction status
 * answers decide the signing, read at NextGenPSD2's own status path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankPaymentAdapter, paymentDetails, type BankPaymentFlow } from '../../../server/providers/bank-payment/bank-payment.adapter';
import { recorded, startRecordedServer, type RecordedServer } from './support/recorded-server';

const file = (name: string) => new URL(`./bank-payment/recorded/${name}`, import.meta.url);
const PAYMENT_ID = '1234-wertiq-983';
const CLIENT = 'solis';
const FLOW: BankPaymentFlow = { redirectUri: 'https://apply.bank.example/api/v1/signing/payment/callback', secrets: { state: 'xyz', nonce: 'n-0S6_WzA2Mj', codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk' } };
const PAYMENT = { amount: '0.01', creditorName: 'Solis Bank AS', creditorIban: 'LV51SOLS0000000000001', remittance: 'Contract 2026-1' };

let bank: RecordedServer;
beforeAll(async () => {
  bank = await startRecordedServer();
  // NextGenPSD2's resource path for a SEPA credit transfer.
  bank.answer('/.well-known/openid-configuration', {
    status: 200,
    body: { issuer: bank.origin, authorization_endpoint: `${bank.origin}/authorize`, token_endpoint: `${bank.origin}/token`, jwks_uri: `${bank.origin}/jwks`, payments_endpoint: `${bank.origin}/v1/payments/sepa-credit-transfers` },
  });
});
afterAll(() => bank.close());

const adapter = () => createBankPaymentAdapter('HABALV22', { provider: 'bank-payment/HABALV22', issuer: bank.origin, clientId: CLIENT, clientSecret: 's', simulated: false });

/** A token response (RFC 6749 5.1) with RFC 9396 section 7's enriched details, the payment's id among them. */
function tokens(extra: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  const details = recorded(file('authorization-details.rfc9396-2.json')) as unknown as { authorization_details: Record<string, unknown>[] };
  return {
    status: 200,
    body: {
      access_token: '2YotnFZFEjr1zCsicMWpAA',
      token_type: 'Bearer',
      expires_in: 3600,
      id_token: bank.idToken({ iss: bank.origin, sub: 'customer-1', aud: CLIENT, nonce: FLOW.secrets.nonce, iat: now, exp: now + 300 }),
      authorization_details: details.authorization_details.map((item) => ({ ...item, paymentId: PAYMENT_ID })),
      ...extra,
    },
  };
}

describe('RFC 9396 and NextGenPSD2', () => {
  it("asks for the payment in RFC 9396 section 2's payment_initiation shape", () => {
    const example = (recorded(file('authorization-details.rfc9396-2.json')) as unknown as { authorization_details: Record<string, unknown>[] }).authorization_details[0] ?? {};
    const ours = paymentDetails(PAYMENT)[0] ?? {};
    for (const [name, value] of Object.entries(ours)) {
      expect(Object.keys(example), name).toContain(name);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) expect(Object.keys(value)).toEqual(Object.keys(example[name] as object));
    }
  });

  it.each([
    ['payment-status.nextgenpsd2.json', 'COMPLETED_OK'],
    ['payment-status.rejected.nextgenpsd2.json', 'COMPLETED_FAILURE'],
  ])('%s signs as %s, read at {payments_endpoint}/{paymentId}/status with the bearer token', async (name, status) => {
    bank.answer('/token', tokens());
    bank.answer(`/v1/payments/sepa-credit-transfers/${PAYMENT_ID}/status`, recorded(file(name)));
    expect((await adapter().complete({ code: 'SplxlOBeZQQYbYS6WxSbIA', state: 'xyz' }, FLOW, new Date())).status).toBe(status);
    const read = bank.received.filter((item) => item.path.endsWith('/status')).at(-1);
    expect(read?.method).toBe('GET');
    expect(read?.headers['authorization']).toBe('Bearer 2YotnFZFEjr1zCsicMWpAA');
  });

  it('a token response that names no payment is outside the protocol: a fault', async () => {
    bank.answer('/token', tokens({ authorization_details: undefined }));
    await expect(adapter().complete({ code: 'c', state: 'xyz' }, FLOW, new Date())).rejects.toMatchObject({ name: 'ProviderError', fault: 'malformed' });
  });
});
