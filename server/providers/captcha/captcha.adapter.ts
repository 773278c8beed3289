import * as v from 'valibot';
import type { CaptchaVerifier } from '../../captcha/captcha-verifier';
import { joinUrl, providerCall, ProviderError } from '../provider-http';
import type { CaptchaSettings } from './captcha.settings';

/**
 * The site-verify protocol that reCAPTCHA, hCaptcha and Cloudflare Turnstile share (issue 21;
 * docs/decisions/169): a form POST of `secret`, `response` and `remoteip`, answered with
 * `{ success, challenge_ts, hostname, error-codes }`. A token passes when the provider says
 * `success` and that it was solved on our host name; tokens are single use at the provider.
 */
export const CAPTCHA_PROVIDER = 'captcha';
/** A person waits for this call: a provider slower than this is treated as down. */
const VERIFY_TIMEOUT_MS = 5000;

const SiteVerifyAnswerSchema = v.looseObject({
  success: v.boolean(),
  challenge_ts: v.optional(v.string()),
  hostname: v.optional(v.string()),
  'error-codes': v.optional(v.array(v.string())),
});

/** Error codes that mean our own request or secret is wrong: the bank's configuration, not the applicant. */
const OUR_MISTAKES = new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request', 'invalid-widget-id', 'invalid-parsed-secret', 'sitekey-secret-mismatch']);

export function siteVerifyCaptcha(options: { url: string; secret: string; fetcher?: typeof fetch; timeoutMs?: number }): CaptchaVerifier {
  return {
    enabled: true,
    async verify(token, check) {
      const form = new URLSearchParams({ secret: options.secret, response: token });
      if (check.remoteAddress) form.set('remoteip', check.remoteAddress);
      const { body } = await providerCall({ provider: CAPTCHA_PROVIDER, url: options.url, method: 'POST', form, schema: SiteVerifyAnswerSchema, timeoutMs: options.timeoutMs ?? VERIFY_TIMEOUT_MS, fetcher: options.fetcher });
      const codes = body['error-codes'] ?? [];
      const mistake = codes.find((code) => OUR_MISTAKES.has(code));
      if (mistake) throw new ProviderError(CAPTCHA_PROVIDER, 'status', `refused our request (${mistake}): check CAPTCHA_SECRET`, 200, body);
      if (!body.success) return 'invalid';
      // Solved on another site (a token harvested elsewhere with our public site key) is not solved here.
      return body.hostname?.toLowerCase() === check.hostname.toLowerCase() ? 'valid' : 'invalid';
    },
  };
}

/** What the app needs of the captcha provider: the server's verifier and the page's widget. */
export interface CaptchaProvider {
  verifier: CaptchaVerifier;
  widget: { scriptUrl: string; origins: readonly string[] };
  /** The simulator's token call (what its widget asks), for the test-mode control; null for a real provider. */
  simulatorTokenUrl: string | null;
}

/** The provider the settings name, or null when captcha is off (or simulated without a running simulator). */
export function captchaProviderFor(settings: CaptchaSettings, simulatorsOrigin: string | null): CaptchaProvider | null {
  if (!settings.enabled) return null;
  if ('scriptUrl' in settings) {
    return { verifier: siteVerifyCaptcha({ url: settings.source.url, secret: settings.secret }), widget: { scriptUrl: settings.scriptUrl, origins: settings.widgetOrigins }, simulatorTokenUrl: null };
  }
  if (!simulatorsOrigin) return null;
  const base = joinUrl(simulatorsOrigin, CAPTCHA_PROVIDER);
  return {
    verifier: siteVerifyCaptcha({ url: `${base}/siteverify`, secret: settings.secret }),
    widget: { scriptUrl: `${base}/api.js`, origins: [simulatorsOrigin] },
    simulatorTokenUrl: `${base}/widget/token`,
  };
}
