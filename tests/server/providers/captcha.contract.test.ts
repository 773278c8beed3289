/**
 * Issue 21, captcha (docs/decisions/169): the site-verify protocol reCAPTCHA, hCaptcha and Turnstile
 * share. The simulator's contract (its widget's token call and its site-verify answers), the
 * adapter against the simulator over real HTTP on loopback, and against the providers' documented
 * answers replayed by a tiny loopback server. Faults are ProviderErrors (503 PROVIDER_UNAVAILABLE).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { siteVerifyCaptcha } from '../../../server/providers/captcha/captcha.adapter';
import { createCaptchaSimulator } from '../../../server/providers/captcha/captcha.simulator';
import { ProviderError } from '../../../server/providers/provider-http';
import { startSimulators, type RunningSimulators } from '../../../server/providers/simulator-host';
import { PATIENT_MS, SHORT_MS, SLOW_ANSWER_MS } from './support/deadlines';

const SITE = { siteKey: 'site-key-1', secret: 'secret-1' };
let host: RunningSimulators;
let base: string;
beforeAll(async () => {
  host = await startSimulators((context) => [createCaptchaSimulator(context, SITE)], { unref: true });
  base = `${host.origin}/captcha`;
});
afterAll(() => host.close());
beforeEach(async () => {
  await fetch(`${host.origin}/control/reset`, { method: 'POST' });
});

/** What the widget does when the box is ticked (its page's origin is another: CORS). */
async function solve(hostname = 'localhost', siteKey = SITE.siteKey): Promise<Response> {
  return fetch(`${base}/widget/token`, { method: 'POST', headers: { accept: 'application/json', origin: 'http://localhost:3000' }, body: new URLSearchParams({ sitekey: siteKey, hostname }) });
}
const tokenOf = async (hostname?: string) => ((await (await solve(hostname)).json()) as { token: string }).token;
const siteVerify = async (fields: Record<string, string>) =>
  (await (await fetch(`${base}/siteverify`, { method: 'POST', headers: { accept: 'application/json' }, body: new URLSearchParams(fields) })).json()) as Record<string, unknown>;

describe('the captcha simulator', () => {
  it('serves its widget script for another origin’s page', async () => {
    const script = await fetch(`${base}/api.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const text = await script.text();
    expect(text).toContain('window.simcaptcha');
    expect(text).toContain('I am not a robot');
    expect(text).toContain(JSON.stringify(base));
  });

  it('issues a token to its widget (CORS), for its site key only', async () => {
    const solved = await solve();
    expect(solved.status).toBe(200);
    expect(solved.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await solved.json()) as { token: string }).token).toMatch(/^sim\.[A-Za-z0-9_-]{43}$/);
    expect((await solve('localhost', 'another-site-key')).status).toBe(400);
    expect((await solve('not a host')).status).toBe(400);
  });

  it('answers site-verify as the providers do: success with challenge_ts and hostname, then the token is spent', async () => {
    const token = await tokenOf('apply.bank.example');
    const first = await siteVerify({ secret: SITE.secret, response: token, remoteip: '198.51.100.7' });
    expect(first).toEqual({ success: true, challenge_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), hostname: 'apply.bank.example', 'error-codes': [] });
    expect(await siteVerify({ secret: SITE.secret, response: token })).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  });

  it.each([
    [{ response: 'x' }, 'missing-input-secret'],
    [{ secret: 'wrong', response: 'x' }, 'invalid-input-secret'],
    [{ secret: SITE.secret }, 'missing-input-response'],
    [{ secret: SITE.secret, response: 'made-up' }, 'invalid-input-response'],
  ])('refuses %o with %s', async (fields, code) => {
    expect(await siteVerify(fields)).toEqual({ success: false, 'error-codes': [code] });
  });
});

describe('the site-verify adapter against the simulator', () => {
  const verifier = (timeoutMs = PATIENT_MS) => siteVerifyCaptcha({ url: `${base}/siteverify`, secret: SITE.secret, timeoutMs });
  const check = { remoteAddress: '198.51.100.7', hostname: 'localhost' };

  it('passes a token solved on our host once', async () => {
    const token = await tokenOf('localhost');
    await expect(verifier().verify(token, check)).resolves.toBe('valid');
    await expect(verifier().verify(token, check)).resolves.toBe('invalid');
  });

  it('refuses a token solved on another host, and one it never issued', async () => {
    await expect(verifier().verify(await tokenOf('evil.example'), check)).resolves.toBe('invalid');
    await expect(verifier().verify('sim.forged', check)).resolves.toBe('invalid');
  });

  it('takes a refused secret for the bank’s configuration (a ProviderError), not the applicant’s fault', async () => {
    const wrong = siteVerifyCaptcha({ url: `${base}/siteverify`, secret: 'not-the-secret' });
    await expect(wrong.verify(await tokenOf(), check)).rejects.toThrow(/check CAPTCHA_SECRET/);
  });

  it.each([
    ['answers 500', { fault: 'status', status: 500 }, 'status'],
    ['answers malformed JSON', { fault: 'malformed' }, 'malformed'],
    ['times out', { fault: 'slow', delayMs: SLOW_ANSWER_MS }, 'timeout'],
    ['never answers', { fault: 'hang' }, 'timeout'],
  ] as const)('a provider that %s is a ProviderError, and the token still passes after', async (_name, fault, expected) => {
    const token = await tokenOf();
    await fetch(`${host.origin}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ simulator: 'captcha', path: 'siteverify', ...fault }) });
    const error = await verifier(SHORT_MS).verify(token, check).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).fault).toBe(expected);
    // The spoiled call has not reached the provider (a slow one not yet): the token is still good.
    await expect(verifier().verify(token, check)).resolves.toBe('valid');
  });
});

describe('the site-verify adapter against the providers’ documented answers', () => {
  const recorded = (name: string) => JSON.parse(readFileSync(new URL(`./captcha/recorded/${name}.json`, import.meta.url), 'utf8')) as { status: number; body: unknown };
  let replay: Server;
  let url: string;
  let answer: { status: number; body: unknown };
  const seen: URLSearchParams[] = [];
  beforeAll(async () => {
    replay = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push(new URLSearchParams(body));
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => replay.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(replay.address() as { port: number }).port}/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => replay.close(() => resolve())));

  const verify = (name: string, hostname = 'example.com') => {
    answer = recorded(name);
    return siteVerifyCaptcha({ url, secret: 'the-secret' }).verify('token-from-the-widget', { remoteAddress: '203.0.113.5', hostname });
  };

  it.each([
    ['turnstile-success', 'valid'],
    ['recaptcha-success', 'valid'],
    ['turnstile-failure', 'invalid'],
    ['hcaptcha-duplicate', 'invalid'],
  ])('%s is %s', async (name, verdict) => {
    await expect(verify(name)).resolves.toBe(verdict);
    expect(Object.fromEntries(seen.at(-1)!)).toEqual({ secret: 'the-secret', response: 'token-from-the-widget', remoteip: '203.0.113.5' });
  });

  it('a success for another host name is refused', async () => {
    await expect(verify('turnstile-success', 'apply.bank.example')).resolves.toBe('invalid');
  });

  it('invalid-input-secret is the bank’s configuration: a ProviderError', async () => {
    await expect(verify('invalid-secret')).rejects.toThrow(ProviderError);
  });
});
