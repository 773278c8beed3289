import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { isAllowedRedirect, redirectKeyOf } from '../../server/http/redirect-allowlist';
import { freshSecret } from './support/secrets';

const OWN = 'https://apply.bank.example';
const configured = ['https://esign.example/auth', 'https://bank.example/'];

describe('the redirect allowlist', () => {
  it('allows exactly the listed origin and path, with any query the server adds', () => {
    const config = { configured, mode: 'production' as const };
    expect(isAllowedRedirect(config, OWN, 'https://esign.example/auth?session=1')).toBe(true);
    expect(isAllowedRedirect(config, OWN, 'https://bank.example/')).toBe(true);
    expect(isAllowedRedirect(config, OWN, `${OWN}/?externalId=abc#top`)).toBe(true);
  });

  it.each([
    ['another path on a listed origin', 'https://esign.example/auth/other'],
    ['a prefix of a listed path', 'https://esign.example/aut'],
    ['a look-alike host', 'https://esign.example.evil.example/auth'],
    ['another scheme', 'http://esign.example/auth'],
    ['another port', 'https://esign.example:8443/auth'],
    ['credentials before the host', 'https://esign.example@evil.example/auth'],
    ['a javascript address', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,hi'],
    ['a relative address', '/auth'],
    ['a protocol-relative address', '//evil.example/'],
    ['an unlisted path of this origin', `${OWN}/sandbox/esignature/consent`],
    ['not an address', 'not a url'],
  ])('refuses %s', (_, target) => {
    expect(isAllowedRedirect({ configured, mode: 'test' }, OWN, target)).toBe(false);
  });

  it('compares origins as browsers do (case of the host, default ports)', () => {
    expect(redirectKeyOf('HTTPS://ESIGN.example:443/auth')).toBe('https://esign.example/auth');
    expect(isAllowedRedirect({ configured, mode: 'production' }, OWN, 'HTTPS://ESIGN.example:443/auth')).toBe(true);
  });

  it('reads REDIRECT_ALLOWLIST as origin and path', () => {
    const config = loadConfig({ EMBED_TOKEN_SECRET: freshSecret(), REDIRECT_ALLOWLIST: 'https://esign.example/auth, https://bank.example' });
    expect(config.redirectAllowlist).toEqual(['https://esign.example/auth', 'https://bank.example/']);
  });
});
