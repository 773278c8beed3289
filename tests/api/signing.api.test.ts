/**
 * Issue 12: the client's signing calls (src/api/signing.api.ts) against a recording server: the
 * paths and bodies of section 7, the errorCode of a refused signing as the typed error's code, and
 * no automatic repeat of a call that starts a signing.
 */
import { describe, expect, it } from 'vitest';
import { toAppError } from '../../src/api/client';
import { checkPaymentSigningEnabled, esignAuthenticate, esignSign, esignStatus, signingStatus, startSigning } from '../../src/api/signing.api';
import { ESIGN_CERTIFICATE_INACTIVE } from '../../core/domain/signing';
import { useTestServerWithClient } from './test-server';

const server = useTestServerWithClient({ retryBaseDelayMs: 1 });

describe('signing calls', () => {
  it('starts Smart-ID and payment signing with section 7 bodies', async () => {
    server.reply({ json: { data: { method: 'SMART_ID', status: 'RUNNING', verificationCode: '1234', redirectUrl: null } } });
    await expect(startSigning('ext/1', { method: 'SMART_ID' })).resolves.toMatchObject({ verificationCode: '1234' });
    expect(server.requests[0]?.method).toBe('POST');
    expect(server.requests[0]?.url.pathname).toBe('/api/v1/application/ext%2F1/signing');
    expect(server.requests[0]?.body).toEqual({ method: 'SMART_ID' });
    server.reply({ json: { data: { method: 'PAYMENT', status: 'RUNNING', verificationCode: null, redirectUrl: 'http://localhost/sandbox/providers/bank-payment?transaction=t' } } });
    await startSigning('ext-1', { method: 'PAYMENT', selectedBankBic: 'HABALV22', paymentPurpose: 'Contract 1' });
    expect(server.requests[1]?.body).toEqual({ method: 'PAYMENT', selectedBankBic: 'HABALV22', paymentPurpose: 'Contract 1' });
  });

  it('reads the statuses and the payment-signing check', async () => {
    server.reply({ json: { data: { method: 'SMART_ID', status: 'WRONG_VC', verificationCode: '1234' } } });
    await expect(signingStatus('ext-1')).resolves.toMatchObject({ status: 'WRONG_VC' });
    expect(server.requests[0]?.url.pathname).toBe('/api/v1/application/ext-1/signing/status');
    server.reply({ json: { data: { status: 'AUTHENTICATION_SUCCESS', errorCode: null, signedFileServiceIds: [] } } });
    await expect(esignStatus('ext-1')).resolves.toMatchObject({ status: 'AUTHENTICATION_SUCCESS' });
    expect(server.requests[1]?.url.pathname).toBe('/api/v1/application/ext-1/signing/eparaksts/status');
    server.reply({ json: { data: { enabled: false } } });
    await expect(checkPaymentSigningEnabled('ext-1')).resolves.toEqual({ enabled: false });
    expect(server.requests[2]?.url.pathname).toBe('/api/v1/signing/ext-1/check/payment-signing-enabled');
  });

  it('authenticates and signs with eParaksts; a refusal carries its errorCode and is not repeated', async () => {
    server.reply({ json: { data: { redirectUrl: 'http://localhost/sandbox/providers/eparaksts?transaction=a' } } });
    await expect(esignAuthenticate('ext-1', { languageCode: 'lav', signingMethod: 'EPARAKSTS' })).resolves.toEqual({ redirectUrl: 'http://localhost/sandbox/providers/eparaksts?transaction=a' });
    expect(server.requests[0]?.url.pathname).toBe('/api/v1/application/ext-1/signing/eparaksts/authenticate');
    expect(server.requests[0]?.body).toEqual({ languageCode: 'lav', signingMethod: 'EPARAKSTS' });
    server.reply({ status: 422, json: { error: { code: ESIGN_CERTIFICATE_INACTIVE, message: 'The signing certificate is not active.' } } });
    const error = await esignSign('ext-1', { fileServiceId: 'contract-ext-1' }).catch((caught: unknown) => caught);
    expect(toAppError(error)).toMatchObject({ kind: 'server', status: 422, code: ESIGN_CERTIFICATE_INACTIVE });
    expect(server.requests).toHaveLength(2);
  });

  it('does not repeat a signing start the network lost (it might have started)', async () => {
    server.reply({ dropConnection: true }, { json: { data: { method: 'SMART_ID', status: 'RUNNING', verificationCode: '1', redirectUrl: null } } });
    const error = await startSigning('ext-1', { method: 'SMART_ID' }).catch((caught: unknown) => caught);
    expect(toAppError(error).kind).toBe('network');
    expect(server.requests.length).toBeLessThanOrEqual(1);
  });
});
