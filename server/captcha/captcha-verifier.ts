/**
 * Checks the captcha token the app sends on create (`x-captcha-token`, section 7) on the server
 * (issue 9; decision 027; issue 21: the provider's site-verify protocol, docs/decisions/169). A
 * provider that cannot be asked throws a `ProviderError` (server/providers/provider-http.ts): 503
 * `PROVIDER_UNAVAILABLE`, neither a pass nor the applicant's fault.
 */
export type CaptchaVerdict = 'valid' | 'invalid';

export interface CaptchaCheck {
  /** The applicant's address, passed to the provider as `remoteip` when known. */
  remoteAddress: string | undefined;
  /** The site the token must have been solved on (the provider answers the hostname it saw). */
  hostname: string;
}

export interface CaptchaVerifier {
  readonly enabled: boolean;
  verify(token: string, check: CaptchaCheck): Promise<CaptchaVerdict>;
}

export const disabledCaptcha: CaptchaVerifier = { enabled: false, verify: async () => 'valid' };

/** A token is at most this long (providers' are about 2 KB); longer is refused unread. */
export const MAX_CAPTCHA_TOKEN_LENGTH = 4096;
