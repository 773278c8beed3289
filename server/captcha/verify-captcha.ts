import type { Context } from 'hono';
import * as v from 'valibot';
import { CAPTCHA_HEADER } from '../../core/wire/envelope.schema';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { clientAddressOf } from '../http/forwarded';
import type { CaptchaProvider } from '../providers/captcha/captcha.adapter';
import type { CaptchaSettings } from '../providers/captcha/captcha.settings';
import { providerCall, ProviderError } from '../providers/provider-http';
import { disabledCaptcha, MAX_CAPTCHA_TOKEN_LENGTH, type CaptchaVerifier } from './captcha-verifier';

/**
 * The host name a token must have been solved on: the configured one (CAPTCHA_HOSTNAME, PUBLIC_ORIGIN's
 * host or the default of captcha.settings.ts), never the request's Host header (issue 23 item 3).
 */
function expectedHostname(deps: AppDeps): string {
  return deps.config.captcha.enabled ? deps.config.captcha.hostname : 'localhost';
}

/**
 * Section 7: the calls that create an application from a browser carry a captcha token (create,
 * upsale and current account; decisions 027 and 169). An embedding parent that authenticated the
 * applicant vouches for a person: no captcha. Missing, refused, reused or solved elsewhere: 400
 * `CAPTCHA_FAILED`; the provider down: its `ProviderError`, 503 `PROVIDER_UNAVAILABLE`. Called before
 * anything is created.
 */
export async function requireCaptcha(deps: AppDeps, c: Context<AppEnv>): Promise<void> {
  if (!deps.captcha.enabled || c.get('principal').kind === 'bearer') return;
  const token = c.req.header(CAPTCHA_HEADER);
  if (!token || token.length > MAX_CAPTCHA_TOKEN_LENGTH) throw new ApiError('CAPTCHA_FAILED', 'A solved captcha is required to start an application.');
  const verdict = await deps.captcha.verify(token, { remoteAddress: clientAddressOf(c, deps.config.trustProxyHops), hostname: expectedHostname(deps) });
  if (verdict !== 'valid') throw new ApiError('CAPTCHA_FAILED', 'The captcha was not solved.');
}

/** Test mode: a token of the simulated provider, solved on this host as its widget would solve it. */
export async function solveSimulatedCaptcha(deps: AppDeps): Promise<string> {
  const captcha = deps.providers.captcha;
  const settings = deps.config.captcha;
  if (!settings.enabled || !captcha?.simulatorTokenUrl) throw new ApiError('BAD_REQUEST', 'Captcha tokens are made here only for the simulated captcha (CAPTCHA_ENABLED=true without CAPTCHA_VERIFY_URL).');
  const { body } = await providerCall({
    provider: 'captcha',
    url: captcha.simulatorTokenUrl,
    method: 'POST',
    form: new URLSearchParams({ sitekey: settings.siteKey, hostname: expectedHostname(deps) }),
    schema: v.object({ token: v.string() }),
  });
  return body.token;
}

/** The verifier the app uses: none when captcha is off, else the provider's (closed when it has none). */
export function captchaVerifierOf(settings: CaptchaSettings, provider: CaptchaProvider | null): CaptchaVerifier {
  if (!settings.enabled) return disabledCaptcha;
  if (provider) return provider.verifier;
  // On, but its simulator is not running (an app made without its providers): fail closed.
  return {
    enabled: true,
    verify: async () => {
      throw new ProviderError('captcha', 'unreachable', 'its simulator is not running');
    },
  };
}
