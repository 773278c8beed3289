/** The signing rules of core/domain/signing.ts that the machines and the reference API share (decisions 139-141). */
import { describe, expect, it } from 'vitest';
import { DIGITAL_SIGNING_OUTCOMES, ESIGN_STATUSES, digitalSigningOutcome, isDigitalSigningResult, esignNextAction, isOwnSource } from '../../core/domain/signing';

describe('esignNextAction (section 4)', () => {
  it('starts the call each status asks for', () => {
    expect(Object.fromEntries(ESIGN_STATUSES.map((status) => [status, esignNextAction(status)]))).toEqual({
      NOT_STARTED: 'authenticate',
      AUTHENTICATION_FAILED: 'authenticate',
      AUTHENTICATION_SUCCESS: 'sign',
      SIGNING_SUCCESS: 'continue',
      SIGNING_FAILED: 'authenticate',
    });
  });

  it('ends in the signing error for a status it does not know', () => {
    expect(esignNextAction('')).toBe('error');
    expect(esignNextAction('SIGNING_PENDING')).toBe('error');
    expect(esignNextAction('not_started')).toBe('error');
  });
});

describe('digitalSigningOutcome (decision 140)', () => {
  it('answers a known result with its own outcome', () => {
    expect(digitalSigningOutcome('SIGNED_CONTRACT')).toEqual({ next: 'done', message: 'signing.messages.signed' });
    expect(digitalSigningOutcome('RUNNING')).toEqual({ next: 'wait', message: null });
    expect(digitalSigningOutcome('NOT_CLIENT')).toBe(DIGITAL_SIGNING_OUTCOMES.NOT_CLIENT);
  });

  it('takes no status yet, or one it does not know, for an unknown failure that may be tried again', () => {
    expect(digitalSigningOutcome(null)).toEqual({ next: 'retry', message: 'signing.messages.unknown' });
    expect(digitalSigningOutcome('SOMETHING_NEW')).toBe(DIGITAL_SIGNING_OUTCOMES.UNKNOWN);
    expect(digitalSigningOutcome('')).toBe(DIGITAL_SIGNING_OUTCOMES.UNKNOWN);
    expect(digitalSigningOutcome('toString')).toBe(DIGITAL_SIGNING_OUTCOMES.UNKNOWN);
  });

  it('knows the results of section 4 only', () => {
    expect(isDigitalSigningResult('COMPLETED_OK')).toBe(true);
    expect(isDigitalSigningResult('completed_ok')).toBe(false);
    expect(isDigitalSigningResult(null)).toBe(false);
    expect(isDigitalSigningResult(undefined)).toBe(false);
  });
});

describe('isOwnSource (decision 141)', () => {
  it('is the bank’s own channels: its web and its staff', () => {
    expect(isOwnSource('WEB')).toBe(true);
    expect(isOwnSource('INTERNAL')).toBe(true);
  });

  it('is not a partner’s channel, nor an application whose channel is not known', () => {
    expect(isOwnSource('PARTNER')).toBe(false);
    expect(isOwnSource('PARTNER_SHORT')).toBe(false);
    expect(isOwnSource('web')).toBe(false);
    expect(isOwnSource('')).toBe(false);
    expect(isOwnSource(null)).toBe(false);
    expect(isOwnSource(undefined)).toBe(false);
  });
});
