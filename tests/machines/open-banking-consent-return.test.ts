/**
 * Returning to a consent still open at the bank (ProvideBasViaOpenBanking; decision 153): only a
 * PENDING consent is returned to, through the consent URL of this application, and the page shows
 * the way to the bank meanwhile (decision 252).
 */
import { describe, expect, it } from 'vitest';
import type { InstitutionList } from '../../core/wire/open-banking.schema';
import { settle } from './actor.fakes';
import { ENROLLED, NONE_YET, OPEN, listed } from './open-banking.run';

describe('returning to an open consent', () => {
  it.each([
    ['no consent yet', NONE_YET],
    ['an approved consent', ENROLLED],
    ['a refused consent', { ...NONE_YET, lastConsent: { institutionId: 'SEB_LV', status: 'REFUSED' } } as InstitutionList],
  ])('is not possible with %s', async (_case, list) => {
    const run = await listed(list);
    run.reference.calls[0]?.resolve({ reference: null });
    await settle();
    run.child.send({ type: 'consent.resumed' });
    await settle();
    expect(run.consentUrl.calls).toHaveLength(0);
    expect(run.snapshot()).toMatchObject({ status: 'active', value: 'ready' });
    expect(run.view().status).toBe('ready');
  });

  it('asks this application’s consent URL, showing the way to the bank until the browser leaves', async () => {
    const run = await listed(OPEN);
    run.child.send({ type: 'consent.resumed' });
    expect(run.consentUrl.last().input).toEqual({ externalId: 'app-1' });
    expect(run.view().status).toBe('redirecting');
    run.consentUrl.last().resolve({ consentUrl: 'http://127.0.0.1:41234/psd2/sca/6f1c2b0e-auth-c2' });
    await settle();
    expect(run.open.last().input).toEqual({ url: 'http://127.0.0.1:41234/psd2/sca/6f1c2b0e-auth-c2' });
    expect(run.view().status).toBe('redirecting');
  });
});
