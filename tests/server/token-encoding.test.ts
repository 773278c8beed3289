/**
 * Issue 23, item 2: signed tokens verify only in canonical base64url (no padding, no standard
 * alphabet, no stray trailing bits), so a token has exactly one spelling (server/http/base64url.ts,
 * decision 177). Node's decoder took all of those, so one signature had many accepted spellings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/wire/envelope.schema';
import { decodeBase64url } from '../../server/http/base64url';
import { startTestApp, type TestApp } from './support/test-app';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same bytes with an unused low bit of the last character set: not canonical (none unused at a length of 4n). */
function withStrayBits(text: string): string {
  if (text.length % 4 === 0) throw new Error('no unused bits');
  return `${text.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(text.at(-1)!) ^ 1]}`;
}

describe('decodeBase64url', () => {
  it('decodes canonical text', () => {
    expect(decodeBase64url('')?.length).toBe(0);
    expect(decodeBase64url('QQ')?.toString()).toBe('A');
    expect(decodeBase64url('-_8')).toEqual(Buffer.from([0xfb, 0xff]));
  });

  it.each([
    ['padding', 'QQ=='],
    ['the standard alphabet', '+/8'],
    ['stray trailing bits', 'QR'],
    ['a length no encoding has', 'QUFBQ'],
    ['white space', 'QQ '],
    ['other characters', 'Q.Q'],
  ])('refuses %s', (_, text) => {
    expect(decodeBase64url(text)).toBeNull();
  });
});

describe('bearer tokens (embedded mode) verify only in canonical base64url', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.database.dispose());

  async function token(sub: string): Promise<string> {
    return (await t.client().post<{ data: { token: string } }>('/api/sandbox/token', { sub })).body.data.token;
  }
  const status = async (bearer: string) => (await t.client().get<ApiErrorBody>('/api/v1/session', { headers: { authorization: `Bearer ${bearer}` } })).status;

  it('accepts the token as signed and refuses every other spelling of it', async () => {
    // A signature with - or _ in it, so that the standard alphabet's + and / can stand in.
    let valid = '';
    for (let i = 0; !/[-_]/.test(valid.split('.')[2] ?? ''); i++) valid = await token(`embedded-user-${i}`);
    const [header, payload, signature] = valid.split('.') as [string, string, string];
    expect(await status(valid)).toBe(200);

    const spellings = [
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.${signature.replace(/-/g, '+').replace(/_/g, '/')}`,
      `${header}.${payload}.${withStrayBits(signature)}`,
      `${header}=.${payload}.${signature}`,
      ...(payload.length % 4 === 0 ? [] : [`${header}.${withStrayBits(payload)}.${signature}`]),
    ];
    for (const spelling of spellings) {
      expect(spelling).not.toBe(valid);
      expect(await status(spelling), spelling).toBe(401);
    }
  });
});
