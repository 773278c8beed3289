import { ConfigError, readString, type Environment } from './env';

/**
 * PUBLIC_ORIGIN (issue 23 items 3 and 8; docs/decisions/178): the origin people's browsers reach the
 * app at (`https://apply.bank.example`), behind whatever proxies. Where set, every address the
 * server builds for a browser or an outside party to come back to (logout, signing, open banking,
 * single sign-on, remote identification) and the captcha's host name are made from it, never from
 * the request's Host header, which whoever sends the request chooses. Unset (demonstration, test):
 * the origin the request reached, as before.
 */
export function readPublicOrigin(env: Environment): string | null {
  const raw = readString(env, 'PUBLIC_ORIGIN');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('PUBLIC_ORIGIN', `is "${raw}", which is not an origin such as https://apply.bank.example.`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.origin !== raw.replace(/\/$/, '').toLowerCase()) {
    throw new ConfigError('PUBLIC_ORIGIN', `is "${raw}", which is not an origin such as https://apply.bank.example.`);
  }
  return url.origin;
}
