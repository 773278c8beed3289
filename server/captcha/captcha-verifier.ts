import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CaptchaConfig } from '../config';

/**
 * Checks the captcha token the app sends on create (`x-captcha-token`, section 7) on the server
 * (issue 9; decision 027). `unavailable`: the provider could not be asked, which is neither the
 * applicant's fault nor a pass.
 */
export type CaptchaVerdict = 'valid' | 'invalid' | 'unavailable';

export interface CaptchaVerifier {
  readonly enabled: boolean;
  verify(token: string, remoteAddress: string | undefined): Promise<CaptchaVerdict>;
}

export const disabledCaptcha: CaptchaVerifier = { enabled: false, verify: async () => 'valid' };

/** A token is at most this long (providers' are about 2 KB); longer is refused unread. */
export const MAX_CAPTCHA_TOKEN_LENGTH = 4096;
const VERIFY_TIMEOUT_MS = 5000;
/** Sandbox tokens expire like a provider's do (reCAPTCHA: two minutes). */
export const SANDBOX_TOKEN_TTL_SECONDS = 120;

/**
 * Test mode: tokens minted by `POST /api/sandbox/captcha-token`, HMAC-signed with a key derived
 * from the server's token secret (so every process of a deployment accepts them), expiring after
 * two minutes. Anything else is invalid.
 */
export function sandboxCaptcha(secret: string, clock: () => Date): CaptchaVerifier & { issue(): string } {
  const key = createHmac('sha256', secret).update('solis sandbox captcha').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    enabled: true,
    issue() {
      const payload = `sandbox.${Math.floor(clock().getTime() / 1000) + SANDBOX_TOKEN_TTL_SECONDS}.${randomBytes(9).toString('base64url')}`;
      return `${payload}.${mac(payload)}`;
    },
    async verify(token) {
      const match = /^(sandbox\.(\d{1,12})\.[A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return 'invalid';
      const [, payload, expires, signature] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(expires) * 1000 > clock().getTime() ? 'valid' : 'invalid';
    },
  };
}

/**
 * A provider's site-verify endpoint: reCAPTCHA, hCaptcha and Cloudflare Turnstile all take a form
 * POST of `secret`, `response` and optionally `remoteip`, and answer JSON with `success`.
 */
export function siteVerifyCaptcha(verifyUrl: string, secret: string, fetcher: typeof fetch = fetch): CaptchaVerifier {
  return {
    enabled: true,
    async verify(token, remoteAddress) {
      const form = new URLSearchParams({ secret, response: token });
      if (remoteAddress) form.set('remoteip', remoteAddress);
      try {
        const response = await fetcher(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
          redirect: 'error',
        });
        if (!response.ok) return 'unavailable';
        const body = (await response.json()) as { success?: unknown };
        return body.success === true ? 'valid' : 'invalid';
      } catch {
        return 'unavailable';
      }
    },
  };
}

export function captchaVerifierFor(config: CaptchaConfig, embedTokenSecret: string, clock: () => Date): CaptchaVerifier {
  if (!config.enabled) return disabledCaptcha;
  if (config.verifier === 'sandbox') return sandboxCaptcha(embedTokenSecret, clock);
  return siteVerifyCaptcha(config.verifyUrl, config.secret);
}
